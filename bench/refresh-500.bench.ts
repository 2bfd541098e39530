// Requests for one refresh of a 500-market watchlist with sentiment, cold and warm, next to one request
// per market, through the background's refresh engine. The simulated service has 332 markets, so this
// size runs against the recording IG-like gateway of the client tests (it answers any epic); the
// smaller sizes run against sim/ in refresh-requests.bench.ts.
import './env';
import { createGuard } from '../lib/api';
import { igMarketData } from '../lib/background/ig-market-data';
import { MarketWatch } from '../lib/background/market-watch';
import { CacheWriterImpl, isolatedStores } from '../lib/cache/writer';
import { RefreshEngine } from '../lib/engine/refresh-engine';
import { defaultPrefs } from '../lib/settings/registry';
import { FAKE_API_KEY, FAKE_IDENTIFIER, FAKE_PASSWORD, type FakeIg, startFakeIg } from '../tests/helpers/api-fake-ig';
import { unthrottledClient } from './client';
import type { BenchModule, BenchResult } from './types';

const SIZE = 500;
const clientFor = (ig: FakeIg) =>
  unthrottledClient({
    baseUrl: ig.baseUrl,
    apiKey: FAKE_API_KEY,
    identifier: FAKE_IDENTIFIER,
    password: FAKE_PASSWORD,
  });

const marketCalls = (ig: FakeIg, since: number) =>
  ig.requests.slice(since).filter((r) => r.method === 'GET' && /^\/(markets|client-sentiment)/.test(r.path)).length;

const bench: BenchModule = {
  title: `requests per refresh of a ${SIZE}-market watchlist (prices + sentiment), cold and warm, vs one per market`,
  async run() {
    const ig = await startFakeIg();
    const results: BenchResult[] = [];
    try {
      const epics = Array.from({ length: SIZE }, (_, i) => `XX.D.BENCH${String(i).padStart(3, '0')}.IP`);
      const marketIds = epics.map((_, i) => `BENCH${i}`);
      const client = clientFor(ig);
      await client.login();
      const guard = createGuard();
      const data = igMarketData(client, guard, async () => client.accountId() ?? '');
      const markets = new MarketWatch({
        data: async () => data,
        cache: new CacheWriterImpl({ open: isolatedStores('bench-500') }),
      });
      const engine = new RefreshEngine({
        markets,
        prefs: async () => defaultPrefs,
        budget: () => client.budget.state(),
        pinnedEpic: async () => null,
        showPinned: async () => {},
        throttleChanged: () => {},
        reportError: (err) => {
          throw err;
        },
        hooks: [],
        now: Date.now,
        setTimer: () => 0,
        clearTimer: () => {},
      });
      engine.watchChanged({ epics, marketIds });
      const coldStart = ig.requests.length;
      const cold = await engine.tick();
      const coldCount = marketCalls(ig, coldStart);
      const warmStart = ig.requests.length;
      await engine.tick();
      const warmCount = marketCalls(ig, warmStart);
      engine.stop();

      const naive = clientFor(ig);
      await naive.login();
      const baseStart = ig.requests.length;
      for (const epic of epics) await naive.markets.get(epic);
      for (const id of marketIds) await naive.clientSentiment.get(id);
      const baseline = marketCalls(ig, baseStart);

      const expected = Math.ceil(SIZE / 50) * 2;
      results.push({
        name: `${SIZE} markets (${SIZE} sentiment ids), cold`,
        value: coldCount,
        unit: 'requests',
        baseline,
        target: `<= ${expected}`,
        pass: coldCount <= expected && cold.quotes.length === SIZE,
        note: 'recording IG-like gateway (sim/ has 332 markets)',
      });
      results.push({
        name: `${SIZE} markets, warm`,
        value: warmCount,
        unit: 'requests',
        baseline,
        target: '0',
        pass: warmCount === 0,
      });
    } finally {
      await ig.close();
    }
    return results;
  },
};

export default bench;
