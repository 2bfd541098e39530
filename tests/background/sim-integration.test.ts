// The background against the simulated service over real HTTP: request counts of a watchlist refresh,
// and a worker stopped in the middle of a refresh.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SENTIMENT_BATCH_SIZE } from '../../lib/api';
import type { SnapshotEntry } from '../../lib/cache/entry';
import { reconciliationLock, sessionTokens } from '../../lib/settings/registry';
import {
  configure,
  countRequests,
  fakeBrowser,
  killableFetch,
  makeBackground,
  newStores,
  PAGE,
  type SimHandle,
  simEpics,
  startSim,
} from './sim-setup';

let sim: SimHandle;
beforeAll(async () => {
  sim = await startSim({ seed: 1 });
});
afterAll(async () => {
  await sim.close();
});
beforeEach(async () => {
  fakeBrowser.reset();
  await configure(sim);
});

const isMarkets = (e: { method: string; path: string }) => e.method === 'GET' && e.path === '/markets';
const isSentiment = (e: { method: string; path: string }) => e.method === 'GET' && e.path === '/client-sentiment';
const isLogin = (e: { method: string; path: string }) => e.method === 'POST' && e.path === '/session';

async function refresh(bg: ReturnType<typeof makeBackground>, epics: string[]) {
  const quotes = await bg.markets.quotes(epics);
  const ids = [...new Set(quotes.map((q) => q.value.marketId).filter((id): id is string => !!id))];
  const sentiment = await bg.markets.sentiment(ids);
  return { quotes, ids, sentiment };
}

describe('a watchlist refresh against the simulated service', () => {
  it('costs 3 market requests and the batched sentiment requests cold, and nothing warm', async () => {
    const bg = makeBackground(newStores());
    const epics = simEpics(120);
    const start = sim.control.requestCount();
    const cold = await refresh(bg, epics);
    expect(cold.quotes).toHaveLength(120);
    expect(cold.sentiment.length).toBe(cold.ids.length);
    expect(countRequests(sim, start, isMarkets)).toBe(3);
    expect(countRequests(sim, start, isSentiment)).toBe(Math.ceil(cold.ids.length / SENTIMENT_BATCH_SIZE));

    const warmStart = sim.control.requestCount();
    const warm = await refresh(bg, epics);
    expect(warm.quotes.every((q) => !q.stale)).toBe(true);
    expect(sim.control.requestCount()).toBe(warmStart);
  });

  it('answers a page through the router with prices a page can show', async () => {
    const bg = makeBackground(newStores());
    const [epic] = simEpics(1);
    const reply = await bg.route({ id: 1, type: 'markets.quotes', data: { epics: [epic] }, timestamp: 1 }, PAGE);
    expect(reply).toBeDefined();
    const r = await reply!;
    expect(r.ok).toBe(true);
    if (r.ok) expect((r.data as { value: { epic: string; bid: number } }[])[0]?.value.epic).toBe(epic);
  });
});

describe('a malformed reply', () => {
  it('is a clear error and never reaches the cache', async () => {
    const bg = makeBackground(newStores());
    const epics = simEpics(5);
    sim.control.injectFault({ method: 'GET', path: '^/markets$', count: 1, action: { kind: 'malformed' } });
    const reply = await bg.route({ id: 1, type: 'markets.quotes', data: { epics }, timestamp: 1 }, PAGE);
    expect(reply).toMatchObject({ ok: false, error: { kind: 'service', code: 'client.malformed-response' } });
    expect(await bg.cache.count('snapshots')).toBe(0);
    const retry = await bg.markets.quotes(epics);
    expect(retry).toHaveLength(5);
  });
});

describe('a worker stopped in the middle of a refresh', () => {
  it('leaves whole entries only, keeps the lock and the tokens, and the next worker resumes', async () => {
    const stores = newStores();
    const epics = simEpics(120);
    const lock = {
      dealReference: 'REF123',
      operation: 'positions.create',
      epic: epics[0] as string,
      createdAt: 1,
      attempts: 0,
      lastError: null,
      context: {},
    };
    await reconciliationLock.setValue(lock);

    // Sign in first so the tokens are in storage.session, as they would be in a running browser.
    const warmup = makeBackground(stores);
    await warmup.ctx.getClient();
    expect(await sessionTokens.getValue()).not.toBeNull();

    sim.control.injectFault({ method: 'GET', path: '^/markets$', count: 1, action: { kind: 'delay', ms: 60_000 } });
    const net = killableFetch();
    const first = makeBackground(stores, net.fetch);
    const start = sim.control.requestCount();
    const inFlight = first.markets.quotes(epics).catch((err: unknown) => err);
    // Wait until the two undelayed batches are written, then stop the worker with the third in flight.
    for (let i = 0; i < 500 && (await first.cache.count('snapshots')) < 70; i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    net.kill();
    first.stop();
    expect(await inFlight).toBeInstanceOf(Error);

    const snapshots = await first.cache.count('snapshots');
    expect(snapshots).toBe(70);
    const second = makeBackground(stores);
    const entries = await second.cache.getMany<unknown>('snapshots', epics);
    for (const entry of entries.filter((e) => e !== undefined) as unknown as SnapshotEntry[]) {
      expect(typeof entry.value.epic).toBe('string');
      expect(entry.value.bid === null || typeof entry.value.bid === 'number').toBe(true);
      expect(typeof entry.fetchedAt).toBe('number');
      expect(Array.isArray(entry.trail)).toBe(true);
    }

    const resumeStart = sim.control.requestCount();
    const resumed = await second.markets.quotes(epics);
    expect(resumed).toHaveLength(120);
    expect(countRequests(sim, resumeStart, isMarkets)).toBe(1);
    expect(countRequests(sim, start, isLogin)).toBe(0);
    expect(await reconciliationLock.getValue()).toEqual(lock);
    expect(await second.ctx.lockStore.get()).toMatchObject({ dealReference: 'REF123' });
  });
});
