// Time for a page to read a 500-market watchlist from the cache (its first paint), through the same
// read API the pages use. IndexedDB here is fake-indexeddb in Node, usually slower than a browser's.

import { keys, type WatchlistMembers } from '../lib/cache/entry';
import { readQuotes, readWatchlist } from '../lib/cache/read';
import { CacheWriterImpl } from '../lib/cache/writer';
import type { MarketQuote } from '../lib/model';
import { median, percentile } from './env';
import type { BenchModule } from './types';

const SIZE = 500;
const RUNS = 60;

function quote(i: number): MarketQuote {
  const epic = `CS.D.BENCH${String(i).padStart(4, '0')}.IP`;
  return {
    epic,
    instrumentName: `Bench market ${i}`,
    instrumentType: 'CURRENCIES',
    expiry: '-',
    bid: 100 + i,
    offer: 101 + i,
    high: 110 + i,
    low: 90 + i,
    netChange: 1.5,
    percentageChange: 0.8,
    marketStatus: 'TRADEABLE',
    updatedAt: Date.now(),
    marketId: `BENCH${i}`,
  };
}

async function time(fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 5; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out;
}

const bench: BenchModule = {
  title: `reading a ${SIZE}-market watchlist from the cache`,
  async run() {
    const cache = new CacheWriterImpl();
    const quotes = Array.from({ length: SIZE }, (_, i) => quote(i));
    const now = Date.now();
    await cache.update<MarketQuote>(
      'snapshots',
      quotes.map((q) => q.epic),
      (epic) => {
        const q = quotes.find((x) => x.epic === epic) as MarketQuote;
        return {
          value: q,
          fetchedAt: now,
          lastUsed: now,
          trail: Array.from({ length: 60 }, (_, i) => q.bid! + i / 10),
          trailAt: now,
        } as never;
      },
    );
    const summary = { id: 'BENCH', name: 'Bench', editable: true, deleteable: true, defaultSystemWatchlist: false };
    await cache.put<WatchlistMembers>('watchlists', keys.watchlist('BENCH'), {
      summary,
      epics: quotes.map((q) => q.epic),
    });

    const check = await readWatchlist('BENCH');
    if (check?.value.markets.length !== SIZE) throw new Error('the watchlist did not read back whole');
    const watchlist = await time(() => readWatchlist('BENCH'));
    const epics = quotes.map((q) => q.epic);
    const quotesOnly = await time(() => readQuotes(epics));
    const m = median(watchlist);
    return [
      { name: `readWatchlist, ${SIZE} markets, median of ${RUNS}`, value: m, unit: 'ms', target: '< 20', pass: m < 20 },
      { name: `readWatchlist, ${SIZE} markets, p95`, value: percentile(watchlist, 95), unit: 'ms' },
      { name: `readQuotes, ${SIZE} epics, median of ${RUNS}`, value: median(quotesOnly), unit: 'ms' },
    ];
  },
};

export default bench;
