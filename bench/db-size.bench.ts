// The cache's size over a simulated week of heavy use: a watchlist refreshed through the day whose
// markets change every day, many searches, charts opened at random, sentiment recorded all along.
// The figure to watch is that the size stops growing once the caps are reached.
import './env';
import { promisifyRequest, type UseStore } from 'idb-keyval';
import { MarketWatch } from '../lib/background/sources/market-watch';
import { ENTRY_CAP } from '../lib/cache/limits';
import { CACHE_STORES } from '../lib/cache/stores';
import { CacheWriterImpl, isolatedStores } from '../lib/cache/writer';
import type { CacheStoreName } from '../lib/messages/contract';
import { epicOf, FakeMarketData } from '../tests/background/fake-market-data';
import type { BenchModule, BenchResult } from './types';

const HOUR = 3600_000;
const DAYS = 7;
const HOURS_A_DAY = 8;
const REFRESHES_AN_HOUR = 2;
const WATCHLIST = 500;
const NEW_MARKETS_A_DAY = 500;
const SEARCHES_AN_HOUR = 30;
const CHARTS_AN_HOUR = 5;

async function sizeOf(open: (s: CacheStoreName) => UseStore) {
  let bytes = 0;
  let entries = 0;
  for (const name of CACHE_STORES) {
    await open(name)('readonly', (os) => {
      const req = os.openCursor();
      req.onsuccess = () => {
        const cursor = req.result;
        if (!cursor) return;
        bytes += JSON.stringify(cursor.value).length + String(cursor.key).length;
        entries++;
        cursor.continue();
      };
      return promisifyRequest(os.transaction);
    });
  }
  return { bytes, entries };
}

const bench: BenchModule = {
  title: `cache size over a simulated week (${HOURS_A_DAY} h a day, ${WATCHLIST}-market watchlist, searches, charts)`,
  async run() {
    const clock = { t: Date.UTC(2026, 0, 5, 8) };
    const open = isolatedStores(`bench-size-${process.pid}`);
    const cache = new CacheWriterImpl({ now: () => clock.t, open });
    const data = new FakeMarketData();
    const markets = new MarketWatch({ data: async () => data, cache, now: () => clock.t });
    const results: BenchResult[] = [];
    const sizes: number[] = [];
    let term = 0;
    for (let day = 0; day < DAYS; day++) {
      const dayStart = clock.t;
      const first = day * NEW_MARKETS_A_DAY;
      const epics = Array.from({ length: WATCHLIST }, (_, i) => epicOf((first + i) % 9999));
      for (let hour = 0; hour < HOURS_A_DAY; hour++) {
        for (let r = 0; r < REFRESHES_AN_HOUR; r++) {
          const quotes = await markets.quotes(epics, { maxAgeMs: 0 });
          const ids = [...new Set(quotes.map((q) => q.value.marketId).filter((x): x is string => !!x))];
          await markets.sentiment(ids, { maxAgeMs: 0 });
          clock.t += HOUR / REFRESHES_AN_HOUR;
        }
        for (let s = 0; s < SEARCHES_AN_HOUR; s++) await markets.search(`term ${term++}`);
        for (let c = 0; c < CHARTS_AN_HOUR; c++) {
          const epic = epicOf((first + hour * 37 + c * 11) % 9999);
          await markets.history(epic, 'HOUR', clock.t - 7 * 24 * HOUR, clock.t);
        }
      }
      clock.t = dayStart + 24 * HOUR;
      await new Promise((r) => setTimeout(r, 50));
      const { bytes, entries } = await sizeOf(open);
      sizes.push(bytes);
      results.push({ name: `after day ${day + 1}: ${entries} entries`, value: bytes / 1e6, unit: 'MB' });
    }
    const last = sizes[sizes.length - 1] as number;
    const peak = Math.max(...sizes);
    results.push({
      name: 'growth over the last two days',
      value: (last - (sizes[sizes.length - 3] as number)) / 1e6,
      unit: 'MB',
      target: 'about 0 (bounded)',
      pass: last <= peak && last - (sizes[sizes.length - 3] as number) < 0.1 * last,
      note: `entry caps: ${CACHE_STORES.map((s) => `${s} ${ENTRY_CAP[s]}`).join(', ')}`,
    });
    return results;
  },
};

export default bench;
