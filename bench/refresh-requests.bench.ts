// Requests for one refresh of a watchlist (prices and sentiment) through the background's engine,
// cold (empty cache) and warm (just refreshed), next to a one-request-per-market baseline, all counted
// in the simulated service's request log in the same run.
import './env';
import { createGuard } from '../lib/api';
import { igMarketData } from '../lib/background/ig-market-data';
import { MarketWatch } from '../lib/background/market-watch';
import { CacheWriterImpl, isolatedStores } from '../lib/cache/writer';
import { RefreshEngine } from '../lib/engine/refresh-engine';
import { defaultPrefs } from '../lib/settings/registry';
import { type SimHandle, startSim } from '../sim/server';
import { Universe } from '../sim/universe';
import { unthrottledClient } from './client';
import type { BenchModule, BenchResult } from './types';

const START = Date.UTC(2026, 0, 7, 15);
const SIZES = [10, 50, 200, 300];

function requestsSince(sim: SimHandle, start: number, paths: string[]) {
  return sim.control
    .requestLog()
    .slice(start)
    .filter((e) => e.method === 'GET' && paths.some((p) => e.path.startsWith(p))).length;
}

async function engineFor(sim: SimHandle, run: number) {
  const client = unthrottledClient(sim);
  await client.login();
  const cache = new CacheWriterImpl({ open: isolatedStores(`bench-requests-${run}`) });
  const guard = createGuard();
  const data = igMarketData(client, guard, async () => client.accountId() ?? '');
  const markets = new MarketWatch({ data: async () => data, cache });
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
  return engine;
}

const bench: BenchModule = {
  title: 'requests per watchlist refresh (prices + sentiment), cold and warm, vs one request per market',
  async run() {
    const sim = await startSim({ seed: 1, rateLimits: false, startTime: START });
    const universe = new Universe(1, START);
    const results: BenchResult[] = [];
    try {
      for (const [run, size] of SIZES.entries()) {
        const markets = universe.markets.slice(0, size);
        const epics = markets.map((m) => m.epic);
        const ids = [...new Set(markets.map((m) => m.marketId))];
        const engine = await engineFor(sim, run);
        engine.watchChanged({ epics, marketIds: [] });

        const coldStart = sim.control.requestLog().length;
        const cold = await engine.tick();
        const cold_ = requestsSince(sim, coldStart, ['/markets', '/client-sentiment']);
        const warmStart = sim.control.requestLog().length;
        await engine.tick();
        const warm = requestsSince(sim, warmStart, ['/markets', '/client-sentiment']);
        engine.stop();

        const naive = unthrottledClient(sim);
        await naive.login();
        const baseStart = sim.control.requestLog().length;
        for (const epic of epics) await naive.markets.get(epic);
        for (const id of ids) await naive.clientSentiment.get(id);
        const baseline = requestsSince(sim, baseStart, ['/markets', '/client-sentiment']);

        const expectedCold = Math.ceil(size / 50) + Math.ceil(ids.length / 50);
        results.push({
          name: `${size} markets (${ids.length} sentiment ids), cold`,
          value: cold_,
          unit: 'requests',
          baseline,
          target: `<= ${expectedCold}`,
          pass: cold_ <= expectedCold && cold.quotes.length === size,
        });
        results.push({
          name: `${size} markets, warm`,
          value: warm,
          unit: 'requests',
          baseline,
          target: '0',
          pass: warm === 0,
        });
      }
    } finally {
      await sim.close();
    }
    return results;
  },
};

export default bench;
