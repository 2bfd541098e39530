// Starts the simulated service and a background configured against it, with its own cache databases.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type Background, createBackground } from '../../lib/background/create-background';
import { isolatedStores } from '../../lib/cache/writer';
import type { CacheStoreName, Reply } from '../../lib/messages/contract';
import { type SimHandle, startSim } from '../../sim/server';
import { Universe } from '../../sim/universe';
import { VAULT_OPTIONS } from '../helpers/vault-options';

export const EXTENSION_ID = 'marketside-test';
export const ORIGIN = `chrome-extension://${EXTENSION_ID}/`;
export const PAGE = { id: EXTENSION_ID, url: `${ORIGIN}sidepanel.html` };

/** Epics of markets without an expiry in their epic, so they do not depend on the start date. */
export function simEpics(count: number): string[] {
  const all = new Universe(1, Date.UTC(2026, 0, 7, 15)).markets.filter((m) => m.expiry === '-' || m.expiry === 'DFB');
  if (all.length < count) throw new Error(`The simulated universe has only ${all.length} such markets`);
  return all.slice(0, count).map((m) => m.epic);
}

export { configure } from '../helpers/sim-connection';

export interface Killable {
  fetch: typeof fetch;
  kill(): void;
}

/** A fetch that a "worker stop" cuts off: requests in flight fail, as their connection would. */
export function killableFetch(): Killable {
  const controller = new AbortController();
  return {
    fetch: (input, init) => {
      if (controller.signal.aborted) return Promise.reject(new TypeError('fetch failed: worker stopped'));
      const signals = [controller.signal, init?.signal].filter((s): s is AbortSignal => !!s);
      return globalThis.fetch(input, { ...init, signal: AbortSignal.any(signals) });
    },
    kill: () => controller.abort(new TypeError('fetch failed: worker stopped')),
  };
}

let dbCounter = 0;

export function newStores(): (store: CacheStoreName) => import('idb-keyval').UseStore {
  return isolatedStores(`it-${process.pid}-${dbCounter++}`);
}

export function makeBackground(
  openStore: (store: CacheStoreName) => import('idb-keyval').UseStore,
  fetchImpl?: typeof fetch,
): Background {
  return createBackground({
    extensionId: EXTENSION_ID,
    extensionOrigin: ORIGIN,
    openStore,
    client: { fetch: fetchImpl, retry: { attempts: 1, baseDelayMs: 10 } },
    vault: VAULT_OPTIONS,
  });
}

export function countRequests(sim: SimHandle, since: number, match: (e: { method: string; path: string }) => boolean) {
  return sim.control.requestLog(since).filter(match).length;
}

export { fakeBrowser, type SimHandle, startSim };

/** One simulated service for a test file (started before its tests, closed after them), a fresh fake browser for each test. */
export function simPerFile(seed: number, started: (sim: SimHandle) => void): void {
  let sim: SimHandle | undefined;
  beforeAll(async () => {
    sim = await startSim({ seed });
    started(sim);
  });
  afterAll(async () => {
    await sim?.close();
  });
  beforeEach(() => {
    fakeBrowser.reset();
  });
}

let seq = 0;
/** A page's request through the background's router, and its reply envelope. */
export async function ask<T = unknown>(bg: Background, type: string, data: unknown = {}): Promise<Reply<T>> {
  const reply = bg.route({ id: seq++, type, data, timestamp: Date.now() }, PAGE);
  if (!reply) throw new Error('no reply');
  return (await reply) as Reply<T>;
}

/** A reply's data; a failed reply throws its kind and message. */
export function data<T>(r: Reply<T>): T {
  if (!r.ok) throw new Error(`${r.error.kind}: ${r.error.message}`);
  return r.data;
}
