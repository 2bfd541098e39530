// The pages' read API sees what the background wrote, marked stale by age.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keys } from '../../lib/cache/entry';
import {
  readFacts,
  readQuotes,
  readSearch,
  readSentiment,
  readSentimentHistory,
  readSparkline,
  readWatchlist,
  readWatchlists,
} from '../../lib/cache/read';
import { CacheWriterImpl } from '../../lib/cache/writer';
import { epicOf, factsOf, quoteOf } from '../background/fake-market-data';

describe('cache read API', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads every kind the background writes, with staleness from fetchedAt', async () => {
    // The clock stands still, so "fresh" does not depend on how fast this machine writes and reads.
    vi.useFakeTimers({ toFake: ['Date'] });
    const cache = new CacheWriterImpl();
    const now = Date.now();
    const e1 = epicOf(1);
    const e2 = epicOf(2);
    await cache.putMany('snapshots', [
      { key: e1, value: quoteOf(e1), fetchedAt: now },
      { key: e2, value: quoteOf(e2), fetchedAt: now - 60_000 },
    ]);
    await cache.update('snapshots', [e1], (_k, cur) =>
      cur ? { ...cur, trail: [1, null, 2], trailAt: now } : undefined,
    );
    await cache.put('details', e1, factsOf(e1), now);
    await cache.put('search', keys.search('EUR'), [quoteOf(e1)], now);
    await cache.put(
      'sentiment',
      'ID0001',
      { marketId: 'ID0001', longPositionPercentage: 60, shortPositionPercentage: 40 },
      now,
    );
    await cache.put('sentiment-history', 'ID0001', [{ t: now, long: 60 }], now);
    const summary = { id: 'W1', name: 'Majors', editable: true, deleteable: true, defaultSystemWatchlist: false };
    await cache.put('watchlists', keys.watchlistList, [summary], now);
    await cache.put('watchlists', keys.watchlist('W1'), { summary, epics: [e2, e1, epicOf(3)] }, now);

    const quotes = await readQuotes([e1, e2, epicOf(9)]);
    expect(quotes.get(e1)?.stale).toBe(false);
    expect(quotes.get(e2)?.stale).toBe(true);
    expect(quotes.has(epicOf(9))).toBe(false);
    expect((await readFacts(e1))?.value.marketId).toBe('ID0001');
    expect((await readSearch('  eur '))?.value).toHaveLength(1);
    expect((await readSentiment(['ID0001'])).get('ID0001')?.value.longPositionPercentage).toBe(60);
    expect(await readSentimentHistory('ID0001')).toEqual([{ t: now, long: 60 }]);
    expect((await readWatchlists())?.value).toEqual([summary]);
    const wl = await readWatchlist('W1');
    expect(wl?.value.epics).toEqual([e2, e1, epicOf(3)]);
    expect(wl?.value.markets.map((m) => m.epic)).toEqual([e2, e1]);
    expect(await readSparkline(e1)).toEqual([1, null, 2]);
    expect(await readSparkline(e2)).toBeNull();
    expect(await readWatchlist('nope')).toBeNull();
  });
});
