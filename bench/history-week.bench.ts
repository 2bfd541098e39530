// Historical-data points requested over a simulated week of opening charts: three charts (hourly bars
// over the last five days) opened six times a day for seven days, the simulated clock moved forward with
// `advanceClock` between openings. Marketside merges price history and asks only for the missing range;
// the baseline fetches the whole range at every opening, as a client without a history cache would.
import './env';
import { createGuard } from '../lib/api';
import { igMarketData } from '../lib/background/ig-market-data';
import { MarketWatch } from '../lib/background/market-watch';
import { CacheWriterImpl, isolatedStores } from '../lib/cache/writer';
import type { Resolution } from '../lib/model';
import { type SimHandle, startSim } from '../sim/server';
import { unthrottledClient } from './client';
import type { BenchModule, BenchResult } from './types';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Monday 5 January 2026, 08:00 UTC. */
const START = Date.UTC(2026, 0, 5, 8);
const CHARTS = ['CS.D.EURUSD.MINI.IP', 'IX.D.FTSE.DAILY.IP', 'CS.D.GBPUSD.MINI.IP'];
const RESOLUTION: Resolution = 'HOUR';
const RANGE = 5 * DAY;
const OPENINGS_A_DAY = [8, 10, 12, 14, 16, 18];
const DAYS = 7;

async function week(sim: SimHandle, name: string, merged: boolean): Promise<{ points: number; requests: number }> {
  const client = unthrottledClient(sim);
  await client.login();
  const now = () => sim.control.now();
  const guard = createGuard({ now });
  const data = igMarketData(client, guard, async () => client.accountId() ?? '', now);
  const watch = (run: number) =>
    new MarketWatch({
      data: async () => data,
      cache: new CacheWriterImpl({ now, open: isolatedStores(`${name}-${run}`) }),
      now,
    });
  const shared = watch(0);
  let points = 0;
  let requests = 0;
  let run = 0;
  const logStart = sim.control.requestLog().length;
  for (let day = 0; day < DAYS; day++) {
    for (const hour of OPENINGS_A_DAY) {
      const target = START + day * DAY + (hour - 8) * HOUR;
      sim.control.advanceClock(target - sim.control.now());
      for (const epic of CHARTS) {
        const markets = merged ? shared : watch(++run);
        const t = now();
        const reply = await markets.history(epic, RESOLUTION, t - RANGE, t);
        points += reply.requestedPoints;
      }
    }
  }
  requests = sim.control
    .requestLog()
    .slice(logStart)
    .filter((e) => e.path.startsWith('/prices/')).length;
  return { points, requests };
}

const bench: BenchModule = {
  title: 'historical-data points over a simulated week of opening charts, merged vs re-fetched',
  async run() {
    const results: BenchResult[] = [];
    const openings = DAYS * OPENINGS_A_DAY.length * CHARTS.length;
    const mergedSim = await startSim({ seed: 3, rateLimits: false, startTime: START, historicalAllowance: 1e9 });
    const naiveSim = await startSim({ seed: 3, rateLimits: false, startTime: START, historicalAllowance: 1e9 });
    try {
      const [mine, naive] = [
        await week(mergedSim, 'bench-week-merged', true),
        await week(naiveSim, 'bench-week-naive', false),
      ];
      results.push({
        name: `points requested, ${openings} chart openings (3 charts × 6 a day × 7 days, 1h bars over 5 days)`,
        value: mine.points,
        unit: 'points',
        baseline: naive.points,
        target: '< baseline / 5',
        pass: mine.points * 5 < naive.points,
        note: 'simulated week: advanceClock between openings',
      });
      results.push({
        name: 'price-history requests over the week',
        value: mine.requests,
        unit: 'requests',
        baseline: naive.requests,
      });
      results.push({
        name: 'share of the weekly allowance (10,000 points) used',
        value: Math.round((mine.points / 10_000) * 1000) / 10,
        unit: '%',
        baseline: Math.round((naive.points / 10_000) * 1000) / 10,
        target: '<= 100',
        pass: mine.points <= 10_000,
      });
    } finally {
      await mergedSim.close();
      await naiveSim.close();
    }
    return results;
  },
};

export default bench;
