// Fault: malformed, truncated and unexpected-shape bodies on the background's cached reads. The page gets a
// clear error, never a crash, and the background's cache keeps its last good entry (or stays empty): a broken
// reply is never cached.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MALFORMED_RESPONSE } from '../../lib/api';
import { keys } from '../../lib/cache/entry';
import type { CacheStoreName } from '../../lib/messages/contract';
import { configure, type FaultBackground, resetBrowser, settled, startBackground } from './background';
import { DEAL_EPIC, type SimHandle, simClient, startSim, summary } from './helpers';
import { BODIES } from './malformed-bodies';

let sim: SimHandle;

beforeAll(async () => {
  sim = await startSim({ seed: 51, rateLimits: false });
});
afterAll(() => sim.close());

interface Target {
  name: string;
  store: CacheStoreName;
  key: string;
  fault: { path: string; version: number };
  ask: (bg: FaultBackground) => Promise<{ ok: boolean }>;
}

describe('fault: malformed bodies on every read, through the background', () => {
  let targets: Target[] = [];

  beforeAll(async () => {
    const client = simClient(sim);
    const details = await client.markets.get(DEAL_EPIC);
    const marketId = details.instrument.marketId ?? '';
    const watchlistId = (await client.watchlists.list()).watchlists[0]?.id ?? '';
    const to = Date.now();
    const from = to - 6 * 3_600_000;
    targets = [
      {
        name: 'prices',
        store: 'snapshots',
        key: DEAL_EPIC,
        fault: { path: '^/markets$', version: 2 },
        ask: (bg) => bg.ask('markets.quotes', { epics: [DEAL_EPIC] }),
      },
      {
        name: 'market facts',
        store: 'details',
        key: DEAL_EPIC,
        fault: { path: '^/markets$', version: 2 },
        ask: (bg) => bg.ask('markets.facts', { epic: DEAL_EPIC }),
      },
      {
        name: 'search',
        store: 'search',
        key: keys.search('xrp'),
        fault: { path: '^/markets$', version: 1 },
        ask: (bg) => bg.ask('markets.search', { term: 'XRP' }),
      },
      {
        name: 'sentiment',
        store: 'sentiment',
        key: marketId,
        fault: { path: '^/client-sentiment$', version: 1 },
        ask: (bg) => bg.ask('sentiment.get', { marketIds: [marketId] }),
      },
      {
        name: 'related sentiment',
        store: 'sentiment',
        key: keys.related(marketId),
        fault: { path: '^/client-sentiment/related/[^/]+$', version: 1 },
        ask: (bg) => bg.ask('sentiment.related', { marketId }),
      },
      {
        name: 'watchlists',
        store: 'watchlists',
        key: keys.watchlistList,
        fault: { path: '^/watchlists$', version: 1 },
        ask: (bg) => bg.ask('watchlists.list'),
      },
      {
        name: 'watchlist',
        store: 'watchlists',
        key: keys.watchlist(watchlistId),
        fault: { path: '^/watchlists/[^/]+$', version: 1 },
        ask: (bg) => bg.ask('watchlists.get', { id: watchlistId }),
      },
      {
        name: 'categories',
        store: 'details',
        key: keys.categories,
        fault: { path: '^/categories$', version: 1 },
        ask: (bg) => bg.ask('categories.list'),
      },
      {
        name: 'price history',
        store: 'prices',
        key: keys.prices(DEAL_EPIC, 'HOUR'),
        fault: { path: '^/prices/[^/]+$', version: 3 },
        ask: (bg) => bg.ask('prices.history', { epic: DEAL_EPIC, resolution: 'HOUR', from, to: bg.clock.now() }),
      },
    ];
  });

  beforeEach(async () => {
    sim.control.reset();
    resetBrowser();
    await configure(sim);
  });

  it('no poisoned cache: a broken reply leaves the last good entry, or nothing, and the page gets a clear error', async () => {
    const bg = await startBackground();
    let coldErrors = 0;
    let coldEntries = 0;
    let warmKept = 0;
    let warmRounds = 0;
    let errorsShown = 0;
    const problems: string[] = [];
    for (const t of targets) {
      // Cold: nothing cached (an earlier target may have filled this entry), the broken reply is the only answer.
      await bg.cache.remove(t.store, [t.key]);
      for (const b of BODIES) {
        sim.control.clearFaults();
        sim.control.injectFault({
          method: 'GET',
          ...t.fault,
          count: 3,
          action: b.body === undefined ? { kind: 'malformed' } : { kind: 'malformed', body: b.body },
        });
        const reply = await t.ask(bg);
        await settled(bg);
        if (!reply.ok) coldErrors++;
        else problems.push(`${t.name}: the ${b.name} body was shown as data`);
        if (await bg.cache.get(t.store, t.key)) {
          coldEntries++;
          problems.push(`${t.name}: the ${b.name} body was cached`);
          await bg.cache.remove(t.store, [t.key]);
        }
      }
      // Warm: a good entry, then broken replies while revalidating it.
      sim.control.clearFaults();
      expect((await t.ask(bg)).ok).toBe(true);
      await settled(bg);
      for (const b of BODIES) {
        const good = await bg.cache.get<unknown>(t.store, t.key);
        expect(good, `${t.name} cached after a good reply`).toBeDefined();
        bg.clock.advance(25 * 3_600_000);
        sim.control.clearFaults();
        sim.control.injectFault({
          method: 'GET',
          ...t.fault,
          count: 3,
          action: b.body === undefined ? { kind: 'malformed' } : { kind: 'malformed', body: b.body },
        });
        const reply = await t.ask(bg);
        await settled(bg);
        warmRounds++;
        const after = await bg.cache.get<unknown>(t.store, t.key);
        if (
          after &&
          good &&
          after.fetchedAt === good.fetchedAt &&
          JSON.stringify(after.value) === JSON.stringify(good.value)
        )
          warmKept++;
        else problems.push(`${t.name}: the entry changed after the ${b.name} body`);
        const status = await bg.ask<{ lastError: { kind: string; code?: string } | null }>('status.get');
        const shown = !reply.ok || (status.ok && status.data.lastError?.code === MALFORMED_RESPONSE);
        if (shown) errorsShown++;
        else problems.push(`${t.name}: the ${b.name} body went unreported`);
      }
    }
    bg.stop();
    summary(
      'malformed bodies (background cache)',
      `${targets.length} cached reads × ${BODIES.length} bodies: cold ${coldErrors} errors and ${coldEntries} entries cached; ` +
        `warm ${warmKept}/${warmRounds} kept the last good entry, ${errorsShown} reported`,
    );
    expect(problems).toEqual([]);
    expect(coldErrors).toBe(targets.length * BODIES.length);
    expect(coldEntries).toBe(0);
    expect(warmKept).toBe(warmRounds);
  }, 90_000);
});
