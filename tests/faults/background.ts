// The background as plain objects against the simulated service: fake browser storage, its own
// IndexedDB databases (fake-indexeddb), a clock the case can move, and the router a page talks to.

import type { UseStore } from 'idb-keyval';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type Background, createBackground } from '../../lib/background/create-background';
import { dealingPlugin } from '../../lib/background/dealing';
import { type BackgroundPlugin, plugins } from '../../lib/background/plugins';
import { isolatedStores } from '../../lib/cache/writer';
import type { CacheStoreName, Reply } from '../../lib/messages/contract';
import { VAULT_OPTIONS } from '../helpers/vault-options';
import { RETRY, UNLIMITED } from './helpers';

export const EXTENSION_ID = 'marketside-faults';
export const ORIGIN = `chrome-extension://${EXTENSION_ID}/`;
export const PAGE = { id: EXTENSION_ID, url: `${ORIGIN}sidepanel.html` };

/** A clock for the background: real time plus an offset the case advances (cache ages, backoff, budget windows). */
export class TestClock {
  offset = 0;
  readonly now = () => Date.now() + this.offset;
  advance(ms: number) {
    this.offset += ms;
  }
}

let dbCounter = 0;

export function newStores(): (store: CacheStoreName) => UseStore {
  return isolatedStores(`faults-${process.pid}-${dbCounter++}`);
}

export { configure } from '../helpers/sim-connection';

export interface FaultBackground extends Background {
  clock: TestClock;
  /** Sends a message as the side panel would and waits for the reply. */
  ask<T = unknown>(type: string, data?: unknown): Promise<Reply<T>>;
}

let messageId = 0;

export async function startBackground(
  options: {
    openStore?: (store: CacheStoreName) => UseStore;
    clock?: TestClock;
    fetch?: typeof fetch;
    timeoutMs?: number;
    retry?: { attempts: number; baseDelayMs: number };
    dealing?: boolean;
    /** Keep the client's own budget (the allowances of a live key) instead of lifting it. */
    realBudget?: boolean;
  } = {},
): Promise<FaultBackground> {
  const clock = options.clock ?? new TestClock();
  const hasDealing = plugins.some((p) => p.name === dealingPlugin.name);
  const list: BackgroundPlugin[] = options.dealing && !hasDealing ? [...plugins, dealingPlugin] : plugins;
  const bg = createBackground({
    extensionId: EXTENSION_ID,
    extensionOrigin: ORIGIN,
    vault: VAULT_OPTIONS,
    openStore: options.openStore ?? newStores(),
    now: clock.now,
    plugins: list,
    client: {
      fetch: options.fetch,
      // Only a bound for a request that never answers, as in simClient (cases that test timeouts pass their own).
      timeoutMs: options.timeoutMs ?? 10_000,
      retry: options.retry ?? RETRY,
    },
  });
  // ClientHolderOptions.allowances is not applied to the budget it builds; lift the budget directly.
  if (!options.realBudget) (await bg.clients.get()).budget.setAllowances(UNLIMITED);
  return Object.assign(bg, {
    clock,
    async ask<T>(type: string, data: unknown = {}): Promise<Reply<T>> {
      const reply = bg.route({ id: ++messageId, type, data, timestamp: Date.now() }, PAGE);
      if (!reply) throw new Error(`The router did not answer ${type}`);
      return (await reply) as Reply<T>;
    },
  });
}

/** Waits until the reads the background runs behind its replies (revalidations, retries) have ended: a condition,
 * bounded only for a hang (a loaded machine can take seconds over a retried read). */
export async function settled(bg: Background): Promise<void> {
  const end = Date.now() + 30_000;
  while (bg.markets.inflight.size > 0) {
    if (Date.now() > end) throw new Error(`${bg.markets.inflight.size} reads still in flight after 30 s`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

export function resetBrowser(): void {
  fakeBrowser.reset();
}
