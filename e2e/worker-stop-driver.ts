// The driver of the worker-stop fault journey (e2e/faults.spec.ts): an extension page and its DevTools session
// that survive Chromium going away, and what the journey reads through them (the pages' messages, the cache's
// entries, the dealing lock) and at the service.
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import type { SimHandle } from './harness';
import { type ExtensionGlobals, type Launched, openExtensionPage } from './launch';
export const STOPS = 50;
/** Chromium aborting at more than this many of the stops is not the occasional crash this test survives. */
const MAX_RELAUNCHES = 20;
export const STORES = ['snapshots', 'details', 'sentiment', 'sentiment-history', 'prices', 'search', 'watchlists'];

export interface PageGlobals {
  chrome: ExtensionGlobals['chrome'] & {
    runtime: { sendMessage(message: unknown): Promise<{ res?: Reply } | undefined> };
    storage: { session: { remove(keys: string | string[]): Promise<void> } };
  };
}

export type Reply = { ok: true; data: unknown } | { ok: false; error: { kind: string; message: string } };
/** What a page saw: the reply, or the message lost with the worker. */
export type Seen = { reply: Reply } | { lost: string };

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function closed(context: BrowserContext): Promise<void> {
  return new Promise((resolve) => context.once('close', () => resolve()));
}

/** A seeded generator, so a failing run can be repeated (the seed is printed). */
export function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The extension page that drives the work and its DevTools session. Debian's Chromium 156 sometimes
 * aborts (SIGTRAP, its browser process) when a worker is stopped through DevTools, more often on a
 * loaded machine; the driver then starts Chromium again on the same profile, as a user would, and
 * counts it. A tab closed under a running browser is opened again and counted too.
 */
export class Driver {
  private page: Page | null = null;
  private cdp: CDPSession | null = null;
  private gone: Promise<void>;
  reopened = 0;
  relaunched = 0;

  constructor(
    private context: BrowserContext,
    private readonly extensionId: string,
    private readonly relaunch: () => Promise<Launched>,
  ) {
    this.gone = closed(context);
  }

  async ready(): Promise<{ page: Page; cdp: CDPSession }> {
    if (!this.page || this.page.isClosed() || !this.cdp) {
      this.page = await this.open(this.page !== null);
      this.cdp = await this.context.newCDPSession(this.page);
      await this.cdp.send('ServiceWorker.enable');
    }
    return { page: this.page, cdp: this.cdp };
  }

  private async open(again: boolean): Promise<Page> {
    try {
      const page = await openExtensionPage(this.context, this.extensionId, 'options.html');
      if (again) this.reopened++;
      return page;
    } catch (error) {
      // A page cannot open when Chromium has gone; its context reports that as it closes.
      if (!(await Promise.race([this.gone.then(() => true), pause(10_000).then(() => false)]))) throw error;
    }
    if (++this.relaunched > MAX_RELAUNCHES) throw new Error(`Chromium went away ${this.relaunched} times`);
    this.context = (await this.relaunch()).context;
    this.gone = closed(this.context);
    return openExtensionPage(this.context, this.extensionId, 'options.html');
  }

  /** Runs in the page; when the page closes under it, once more in a new page, then `fallback`. */
  async evaluate<A, R>(fn: (arg: A) => R | Promise<R>, arg: A, fallback?: R): Promise<R> {
    for (let attempt = 0; ; attempt++) {
      const { page } = await this.ready();
      try {
        return (await page.evaluate(fn as (arg: unknown) => Promise<unknown>, arg as unknown)) as R;
      } catch (error) {
        if (!page.isClosed()) throw error;
        if (fallback !== undefined) return fallback;
        if (attempt > 0) throw error;
      }
    }
  }

  /** Stops every service worker of the profile: the extension's is the only one. */
  async stopWorker(): Promise<void> {
    const { cdp } = await this.ready();
    await cdp.send('ServiceWorker.stopAllWorkers').catch(async () => {
      await (await this.ready()).cdp.send('ServiceWorker.stopAllWorkers');
    });
  }
}

let messageId = 0;

/** Sends a message as the pages' messaging library does; never throws (a stopped worker loses it). */
export async function ask(driver: Driver, type: string, data: unknown = {}): Promise<Seen> {
  return driver.evaluate(
    async ([t, d, id]) => {
      try {
        const raw = await (globalThis as unknown as PageGlobals).chrome.runtime.sendMessage({
          id,
          type: t,
          data: d,
          timestamp: Date.now(),
        });
        return raw?.res ? { reply: raw.res } : { lost: 'no reply' };
      } catch (error) {
        return { lost: String(error) };
      }
    },
    [type, data, ++messageId] as const,
    { lost: 'the page was closed' },
  );
}

export async function answered(driver: Driver, type: string, data: unknown = {}): Promise<Reply> {
  for (let i = 0; i < 5; i++) {
    const seen = await ask(driver, type, data);
    if ('reply' in seen) return seen.reply;
  }
  throw new Error(`${type} was never answered`);
}

/** Every entry of every cache database, read the way a page reads them; problems listed. */
export function wholeEntries(driver: Driver, stores: string[]) {
  return driver.evaluate(async (names) => {
    const problems: string[] = [];
    let entries = 0;
    const known = new Set((await indexedDB.databases()).map((d) => d.name));
    for (const name of names) {
      const db = `marketside-${name}`;
      if (!known.has(db)) continue;
      const handle = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(db);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      if (!handle.objectStoreNames.contains('entries')) {
        handle.close();
        continue;
      }
      const all = await new Promise<unknown[]>((resolve, reject) => {
        const req = handle.transaction('entries').objectStore('entries').getAll();
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      handle.close();
      for (const e of all as { value?: unknown; fetchedAt?: unknown; lastUsed?: unknown }[]) {
        entries++;
        const whole =
          e !== null &&
          typeof e === 'object' &&
          e.value !== undefined &&
          typeof e.fetchedAt === 'number' &&
          typeof e.lastUsed === 'number' &&
          JSON.parse(JSON.stringify(e)) !== null;
        if (!whole) problems.push(`${name}: ${JSON.stringify(e).slice(0, 120)}`);
        if (name === 'snapshots' && typeof (e.value as { epic?: unknown })?.epic !== 'string')
          problems.push(`snapshots entry without an epic: ${JSON.stringify(e).slice(0, 120)}`);
      }
    }
    return { entries, problems };
  }, stores);
}

export interface StoredLock {
  dealReference: string;
  operation: string;
  createdAt: number;
  attempts: number;
}

export function storedLock(driver: Driver): Promise<unknown> {
  return driver.evaluate(async () => {
    const { reconciliationLock } = await (globalThis as unknown as PageGlobals).chrome.storage.local.get(
      'reconciliationLock',
    );
    return reconciliationLock ?? null;
  }, undefined);
}

/** The deal reference of the last settled unknown outcome (the worker may settle one as it wakes). */
export function settledReference(driver: Driver): Promise<string | null> {
  return driver.evaluate(async () => {
    const { dealingSettlement } = await (globalThis as unknown as PageGlobals).chrome.storage.local.get(
      'dealingSettlement',
    );
    const settled = dealingSettlement as { dealReference?: unknown } | undefined | null;
    return typeof settled?.dealReference === 'string' ? settled.dealReference : null;
  }, undefined);
}

export function intact(lock: unknown): lock is StoredLock {
  const l = lock as Partial<StoredLock> | null;
  return (
    !!l &&
    typeof l.dealReference === 'string' &&
    l.dealReference.length > 0 &&
    typeof l.operation === 'string' &&
    typeof l.createdAt === 'number' &&
    typeof l.attempts === 'number'
  );
}

export function referencesAtService(sim: SimHandle): Map<string, number> {
  const refs = new Map<string, number>();
  for (const p of sim.control.state().positions) refs.set(p.dealReference, (refs.get(p.dealReference) ?? 0) + 1);
  return refs;
}

type LogEntry = ReturnType<SimHandle['control']['requestLog']>[number];
/** The request each kind of work is slowed down on; a stop "in flight" waits until the service has it. */
export const faulted: Record<'refresh' | 'login' | 'create' | 'confirm', (e: LogEntry) => boolean> = {
  refresh: (e) => e.method === 'GET' && e.path === '/markets',
  login: (e) => e.method === 'POST' && e.path === '/session',
  create: (e) => e.method === 'POST' && e.path === '/positions/otc',
  confirm: (e) => e.method === 'GET' && e.path.startsWith('/confirms/'),
};
