// The background's first-paint snapshot mirrors the cache for what the pages' first screens show, and
// follows the cache's writes that touch it.
import { set } from 'idb-keyval';
import { describe, expect, it, vi } from 'vitest';
import {
  buildSnapshot,
  createFirstPaintKeeper,
  type FirstPaintInputs,
} from '../../lib/background/first-paint/first-paint-keeper';
import { keys } from '../../lib/cache/entry';
import type { FirstPaintSnapshot } from '../../lib/cache/first-paint-snapshot';
import { CacheWriterImpl, isolatedStores } from '../../lib/cache/writer';
import type { WatchlistSummary } from '../../lib/model';
import { quote } from '../sidepanel/fixtures';

const lists: WatchlistSummary[] = [
  { id: 'SYS', name: 'Popular Markets', editable: false, deleteable: false, defaultSystemWatchlist: true },
  { id: 'W1', name: 'Majors', editable: true, deleteable: true, defaultSystemWatchlist: false },
  { id: 'W2', name: 'Indices', editable: true, deleteable: true, defaultSystemWatchlist: false },
];
let n = 0;

async function seeded() {
  const open = isolatedStores(`fp-${++n}`);
  const entry = <T>(value: T, fetchedAt = 1_000) => ({ value, fetchedAt, lastUsed: fetchedAt });
  await set(keys.watchlistList, entry(lists), open('watchlists'));
  await set(keys.watchlist('W1'), entry({ summary: lists[1], epics: ['EURUSD'] }), open('watchlists'));
  await set(
    keys.watchlist('W2'),
    entry({ summary: lists[2], epics: ['FTSE', 'DAX', 'NOT.CACHED'] }),
    open('watchlists'),
  );
  for (const epic of ['EURUSD', 'FTSE', 'DAX', 'GOLD', 'OIL'])
    await set(epic, { ...entry(quote(epic), 2_000), trail: [1, 2], trailAt: 2_000 }, open('snapshots'));
  await set(keys.search('eur'), entry([quote('EURUSD'), quote('EURGBP')], 3_000), open('search'));
  return open;
}

describe('the first-paint snapshot', () => {
  it('holds the chosen list, its members’ and the recent lookups’ quotes, the lists and the last search', async () => {
    const open = await seeded();
    const snap = await buildSnapshot(open, { recentEpics: ['GOLD'], selectedWatchlistId: 'W2', lastQuery: ' EUR ' });
    expect(snap.lists?.value.map((l) => l.id)).toEqual(['SYS', 'W1', 'W2']);
    expect(snap.watchlist?.value.summary.id).toBe('W2');
    expect(Object.keys(snap.quotes).sort()).toEqual(['DAX', 'FTSE', 'GOLD']);
    expect(snap.quotes.FTSE).toEqual({ value: quote('FTSE'), fetchedAt: 2_000 });
    expect(snap.search).toEqual({ key: 'eur', value: [quote('EURUSD'), quote('EURGBP')], fetchedAt: 3_000 });
  });

  it('holds the list the side panel would pick when the remembered one is gone, and no search without one', async () => {
    const open = await seeded();
    const snap = await buildSnapshot(open, { recentEpics: [], selectedWatchlistId: 'deleted', lastQuery: '' });
    expect(snap.watchlist?.value.summary.id).toBe('W1');
    expect(Object.keys(snap.quotes)).toEqual(['EURUSD']);
    expect(snap.search).toBeNull();
  });

  it('is rewritten after a cache write of a market it shows, and not for one it does not', async () => {
    const open = await seeded();
    const written: FirstPaintSnapshot[] = [];
    const inputs: FirstPaintInputs = { recentEpics: ['GOLD'], selectedWatchlistId: 'W1', lastQuery: '' };
    const keeper = createFirstPaintKeeper({
      open,
      inputs: async () => inputs,
      write: async (s) => void written.push(s),
      gatherMs: 1,
      quoteGatherMs: 5,
    });
    const cache = new CacheWriterImpl({ open, onChange: keeper.cacheChanged });
    keeper.schedule();
    await keeper.settled();
    expect(written).toHaveLength(1);

    await cache.put('snapshots', 'OIL', quote('OIL', { bid: 70 }), 5_000);
    await keeper.settled();
    expect(written).toHaveLength(1);

    await cache.put('snapshots', 'GOLD', quote('GOLD', { bid: 1900 }), 6_000);
    await keeper.settled();
    expect(written).toHaveLength(2);
    expect(written[1]?.quotes.GOLD).toEqual({ value: quote('GOLD', { bid: 1900 }), fetchedAt: 6_000 });
    keeper.stop();
  });
});

describe('the first-paint keeper', () => {
  it('follows a change of the chosen list with a new snapshot', async () => {
    const open = await seeded();
    const written: FirstPaintSnapshot[] = [];
    const inputs: FirstPaintInputs = { recentEpics: [], selectedWatchlistId: 'W1', lastQuery: '' };
    const keeper = createFirstPaintKeeper({
      open,
      inputs: async () => inputs,
      write: async (s) => void written.push(s),
      gatherMs: 1,
      quoteGatherMs: 5,
    });
    keeper.schedule();
    await keeper.settled();
    expect(written.at(-1)?.watchlist?.value.summary.id).toBe('W1');
    inputs.selectedWatchlistId = 'W2';
    keeper.schedule();
    await keeper.settled();
    expect(written.at(-1)?.watchlist?.value.summary.id).toBe('W2');
    expect(Object.keys(written.at(-1)?.quotes ?? {}).sort()).toEqual(['DAX', 'FTSE']);
    keeper.stop();
  });
});

describe('the first-paint keeper while prices stream', () => {
  it('patches streamed prices into the snapshot about once a second, ending with the last one', async () => {
    const open = await seeded();
    const written: FirstPaintSnapshot[] = [];
    const inputs: FirstPaintInputs = { recentEpics: ['GOLD'], selectedWatchlistId: 'W1', lastQuery: '' };
    // Only the keeper's clock is faked: the cache's IndexedDB runs on the real one.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const keeper = createFirstPaintKeeper({
        open,
        inputs: async () => inputs,
        write: async (s) => void written.push(s),
      });
      const cache = new CacheWriterImpl({ open, onChange: keeper.cacheChanged });
      keeper.schedule();
      const idle = async () => {
        for (let i = 0; i < 20; i++) await new Promise<void>((r) => setImmediate(r));
      };
      await vi.advanceTimersByTimeAsync(100);
      await idle();
      const first = written.length;
      // Five seconds of a market shown by the snapshot streaming ten prices a second.
      for (let tick = 1; tick <= 50; tick++) {
        await cache.put('snapshots', 'GOLD', quote('GOLD', { bid: 1900 + tick }), Date.now());
        await idle();
        await vi.advanceTimersByTimeAsync(100);
        await idle();
      }
      await vi.advanceTimersByTimeAsync(2_000);
      await idle();
      const patches = written.length - first;
      expect(patches).toBeGreaterThanOrEqual(3);
      expect(patches).toBeLessThanOrEqual(7);
      expect(written.at(-1)?.quotes.GOLD?.value.bid).toBe(1950);
      keeper.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
