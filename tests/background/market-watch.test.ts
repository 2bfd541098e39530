import { describe, expect, it, vi } from 'vitest';
import { MarketWatch } from '../../lib/background/sources/market-watch';
import { CacheWriterImpl, isolatedStores } from '../../lib/cache/writer';
import type { CacheStoreName } from '../../lib/messages/contract';
import { epicOf, FakeMarketData } from './fake-market-data';

let n = 0;
function setup() {
  const clock = { t: Date.UTC(2026, 0, 5, 12) };
  const data = new FakeMarketData();
  const changes: [CacheStoreName, string[]][] = [];
  const errors: unknown[] = [];
  const cache = new CacheWriterImpl({
    now: () => clock.t,
    open: isolatedStores(`mw-${n++}`),
    onChange: (store, keys) => changes.push([store, keys]),
  });
  const watch = new MarketWatch({
    data: async () => data,
    cache,
    now: () => clock.t,
    revalidationFailed: (e) => errors.push(e),
  });
  return { clock, data, cache, watch, changes, errors };
}

const epics = (count: number) => Array.from({ length: count }, (_, i) => epicOf(i));
/** Waits for what the watch does in the background (bounded generously: the machine may be slow). */
const eventually = (check: () => void | Promise<void>) => vi.waitFor(check, { timeout: 10_000, interval: 10 });

describe('quotes', () => {
  it('fetches 120 markets in 3 batches of at most 50, then serves them from the cache', async () => {
    const { data, watch } = setup();
    const first = await watch.quotes(epics(120));
    expect(first).toHaveLength(120);
    expect(data.count('markets')).toBe(3);
    expect(data.calls.every((c) => (c.args[0] as string[]).length <= 50)).toBe(true);
    const again = await watch.quotes(epics(120));
    expect(again.every((q) => !q.stale)).toBe(true);
    expect(data.count('markets')).toBe(3);
  });

  it('shares an identical request in flight', async () => {
    const { data, watch } = setup();
    let release = () => {};
    data.gate = new Promise((r) => {
      release = r;
    });
    const a = watch.quotes(epics(10));
    const b = watch.quotes(epics(10));
    const c = watch.quotes(epics(12));
    // The ten asked once; the twelve wait for them and ask for the two missing ones.
    await eventually(() => expect(data.calls).toHaveLength(2));
    release();
    data.gate = null;
    const [ra, rb, rc] = await Promise.all([a, b, c]);
    expect(ra).toHaveLength(10);
    expect(rb).toHaveLength(10);
    expect(rc).toHaveLength(12);
    // The third caller joined the ten in flight and asked only for the two it lacked.
    expect(data.calls.map((x) => (x.args[0] as string[]).length)).toEqual([10, 2]);
  });

  it('serves a stale quote marked stale and revalidates it in the background', async () => {
    const { clock, data, watch, cache } = setup();
    await watch.quotes([epicOf(1)]);
    data.bid = 200;
    clock.t += 11_000;
    const [stale] = await watch.quotes([epicOf(1)]);
    expect(stale?.stale).toBe(true);
    expect(stale?.value.bid).toBe(100);
    await eventually(async () =>
      expect((await cache.get<{ bid: number }>('snapshots', epicOf(1)))?.value.bid).toBe(200),
    );
    expect(data.count('markets')).toBe(2);
    const [fresh] = await watch.quotes([epicOf(1)]);
    expect(fresh?.stale).toBe(false);
    expect(fresh?.value.bid).toBe(200);
  });

  it('refetches and waits when the caller asks for a maximum age', async () => {
    const { clock, data, watch } = setup();
    await watch.quotes([epicOf(1)]);
    clock.t += 3_000;
    await watch.quotes([epicOf(1)], { maxAgeMs: 5_000 });
    expect(data.count('markets')).toBe(1);
    clock.t += 3_000;
    data.bid = 150;
    const [q] = await watch.quotes([epicOf(1)], { maxAgeMs: 5_000 });
    expect(data.count('markets')).toBe(2);
    expect(q?.value.bid).toBe(150);
  });

  it('keeps the old value when a refresh fails, and writes nothing from the failure', async () => {
    const { clock, data, watch, cache, errors } = setup();
    await watch.quotes([epicOf(1)]);
    clock.t += 11_000;
    data.failNext = new Error('service down');
    await watch.quotes([epicOf(1)]);
    await eventually(() => expect(errors).toHaveLength(1));
    const entry = await cache.get('snapshots', epicOf(1));
    expect(entry?.value).toMatchObject({ bid: 100 });
    expect(entry?.fetchedAt).toBe(clock.t - 11_000);
  });

  it('leaves out unknown epics and records details with the snapshot', async () => {
    const { data, watch } = setup();
    const got = await watch.quotes([epicOf(1), 'CS.D.NONE.IP']);
    expect(got.map((q) => q.value.epic)).toEqual([epicOf(1)]);
    const facts = await watch.facts(epicOf(1));
    expect(facts.value.marketId).toBe('ID0001');
    expect(data.count('markets')).toBe(1);
  });

  it('announces the keys it wrote', async () => {
    const { watch, changes } = setup();
    await watch.quotes([epicOf(1), epicOf(2)]);
    expect(changes).toContainEqual(['snapshots', [epicOf(1), epicOf(2)]]);
    expect(changes).toContainEqual(['details', [epicOf(1), epicOf(2)]]);
  });

  it('keeps a trail of one mid price a minute, the latest in it, for the sparkline', async () => {
    const { clock, data, watch, cache } = setup();
    for (let i = 0; i < 5; i++) {
      data.bid = 100 + i;
      await watch.quotes([epicOf(1)], { maxAgeMs: 0 });
      clock.t += 30_000;
    }
    const entry = (await cache.get('snapshots', epicOf(1))) as unknown as { trail: number[] };
    expect(entry.trail).toEqual([101.5, 103.5, 104.5]);
  });
});

describe('sentiment', () => {
  it('asks for all missing market ids in one request and records their history', async () => {
    const { clock, data, watch } = setup();
    const ids = Array.from({ length: 120 }, (_, i) => `M${i}`);
    expect(await watch.sentiment(ids)).toHaveLength(120);
    expect(data.count('sentiment')).toBe(1);
    await watch.sentiment(ids);
    expect(data.count('sentiment')).toBe(1);
    clock.t += 5 * 60_000;
    await watch.sentiment(ids, { maxAgeMs: 60_000 });
    expect(data.count('sentiment')).toBe(2);
    expect(await watch.sentimentHistory('M3')).toEqual([
      { t: clock.t - 5 * 60_000, long: 60 },
      { t: clock.t, long: 60 },
    ]);
  });

  it('serves related sentiment from the cache, and a stale one marked stale while it is read again', async () => {
    const { clock, data, watch } = setup();
    const first = await watch.related('M1');
    expect(first).toMatchObject({ stale: false, value: [{ marketId: 'OTHER', longPositionPercentage: 30 }] });
    expect(data.count('related')).toBe(1);
    expect((await watch.related('M1')).stale).toBe(false);
    expect(data.count('related')).toBe(1);
    clock.t += 5 * 60_000;
    const stale = await watch.related('M1');
    expect(stale).toMatchObject({ stale: true, fetchedAt: first.fetchedAt });
    await eventually(() => expect(data.count('related')).toBe(2));
    await eventually(async () => expect((await watch.related('M1')).fetchedAt).toBe(clock.t));
  });
});

describe('price history', () => {
  const H = 3600_000;
  it('requests only the missing range and serves a covered range from the cache', async () => {
    const { clock, data, watch } = setup();
    const now = clock.t;
    const first = await watch.history(epicOf(1), 'HOUR', now - 10 * H, now - 5 * H);
    expect(first.candles).toHaveLength(5);
    expect(first.requestedPoints).toBe(5);
    const wider = await watch.history(epicOf(1), 'HOUR', now - 12 * H, now - 5 * H);
    expect(wider.candles).toHaveLength(7);
    expect(data.calls.filter((c) => c.op === 'prices').map((c) => [c.args[2], c.args[3]])).toEqual([
      [now - 10 * H, now - 5 * H],
      [now - 12 * H, now - 10 * H],
    ]);
    const again = await watch.history(epicOf(1), 'HOUR', now - 12 * H, now - 5 * H);
    expect(again.requestedPoints).toBe(0);
    expect(data.count('prices')).toBe(2);
  });
});

describe('watchlists', () => {
  it('changes the cached watchlist only after the service confirms', async () => {
    const { data, watch } = setup();
    const created = await watch.createWatchlist('Majors', [epicOf(1)]);
    const before = await watch.watchlist(created.id);
    expect(before.value.epics).toEqual([epicOf(1)]);
    data.failNext = new Error('refused');
    await expect(watch.addToWatchlist(created.id, epicOf(2))).rejects.toThrow('refused');
    expect((await watch.watchlist(created.id)).value.epics).toEqual([epicOf(1)]);
    const added = await watch.addToWatchlist(created.id, epicOf(2));
    expect(added.epics).toEqual([epicOf(1), epicOf(2)]);
    expect(added.markets.map((m) => m.epic)).toEqual([epicOf(1), epicOf(2)]);
    const removed = await watch.removeFromWatchlist(created.id, epicOf(1));
    expect(removed.epics).toEqual([epicOf(2)]);
    await watch.deleteWatchlist(created.id);
    expect((await watch.watchlists()).value).toEqual([]);
  });

  it('keeps the marketId a snapshot learnt from details when a watchlist reply lacks it', async () => {
    const { data, watch } = setup();
    await watch.quotes([epicOf(3)]);
    const id = await data.createWatchlist('X', [epicOf(3)]);
    const view = await watch.watchlist(id);
    expect(view.value.markets).toHaveLength(1);
    const [q] = await watch.quotes([epicOf(3)]);
    expect(q?.value.marketId).toBe('ID0003');
  });
});

describe('a market’s precision (IG’s decimalPlacesFactor, only in its details)', () => {
  it('is kept when a watchlist or search reply without it lands on the snapshot, and handed back with them', async () => {
    const { data, watch } = setup();
    await watch.quotes([epicOf(1), epicOf(2)]);
    const id = await data.createWatchlist('X', [epicOf(1)]);
    expect((await watch.watchlist(id)).value.markets[0]?.decimalPlacesFactor).toBe(1);
    expect((await watch.search('eur')).value.map((q) => q.decimalPlacesFactor)).toEqual([1, 1]);
    const before = data.count('markets');
    const quotes = await watch.quotes([epicOf(1), epicOf(2)]);
    expect(quotes.map((q) => q.value.decimalPlacesFactor)).toEqual([1, 1]);
    expect(data.count('markets')).toBe(before);
  });

  it('is read from the details for a snapshot cached without it (before it was kept, or from a search), once', async () => {
    const { cache, data, watch, clock } = setup();
    const { decimalPlacesFactor: _, ...old } = (await watch.quotes([epicOf(4)]))[0]!.value;
    await cache.put('snapshots', epicOf(4), old, clock.t);
    await watch.search('eur');
    const before = data.count('markets');
    const quotes = await watch.quotes([epicOf(4), epicOf(1)]);
    expect(quotes.map((q) => q.value.decimalPlacesFactor)).toEqual([1, 1]);
    expect(data.count('markets')).toBe(before + 1);
    await watch.quotes([epicOf(4), epicOf(1)]);
    expect(data.count('markets')).toBe(before + 1);
  });
});

describe('search and categories', () => {
  it('caches results under the normalised term', async () => {
    const { data, watch } = setup();
    await watch.search('  EUR ');
    await watch.search('eur');
    expect(data.count('search')).toBe(1);
    await watch.categories();
    await watch.categories();
    expect(data.count('categories')).toBe(1);
  });
});
