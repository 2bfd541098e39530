// The background's stream owner carrying the pages' charts, through a link the test drives by hand.
import { describe, expect, it } from 'vitest';
import { MarketWatch } from '../../lib/background/sources/market-watch';
import { type BarMessage, MAX_CHARTS } from '../../lib/background/stream/chart-feed';
import { LiveStream } from '../../lib/background/stream/live-stream';
import { keys, type PriceSeries } from '../../lib/cache/entry';
import { CacheWriterImpl, isolatedStores } from '../../lib/cache/writer';
import type { ChartWatch } from '../../lib/messages/contract';
import { CHART_FIELDS, MAX_SUBSCRIPTIONS } from '../../lib/stream/items';
import { FakeMarketData } from '../background/fake-market-data';
import { FakeClock, FakeLink, flush } from './fakes';

let n = 0;
const A = 'CS.D.EURUSD.CFD.IP';
const B = 'IX.D.FTSE.DAILY.IP';
const HOUR = 3600_000;
/** The clock stands 30 minutes into the bar of hour 100. */
const OPEN_BAR = 100 * HOUR;

async function setup(opts: { epics?: string[]; charts?: ChartWatch[] } = {}) {
  const clock = new FakeClock();
  clock.t = OPEN_BAR + 30 * 60_000;
  const cache = new CacheWriterImpl({ now: clock.now, open: isolatedStores(`lsc-${n++}`) });
  const data = new FakeMarketData();
  const holder: { stream?: LiveStream } = {};
  const markets = new MarketWatch({
    data: async () => data,
    cache,
    now: clock.now,
    streamed: () => holder.stream?.streamed() ?? new Set(),
  });
  const links: FakeLink[] = [];
  const bars: BarMessage[] = [];
  let charts = opts.charts ?? [];
  const stream = new LiveStream({
    createLink: async () => {
      const l = new FakeLink();
      links.push(l);
      return l;
    },
    credentials: async () => ({ endpoint: 'http://s/', user: 'ACC1', password: 'CST-x|XST-y' }),
    cache,
    targets: async () => ({ epics: opts.epics ?? [A], marketIds: [] }),
    withoutPages: true,
    afterStreamed: async () => {},
    announceQuotes: () => {},
    stateChanged: () => {},
    charts: () => charts,
    onBar: (m) => bars.push(m),
    now: clock.now,
    setTimer: clock.setTimer,
    clearTimer: clock.clearTimer,
  });
  holder.stream = stream;
  const live = async () => {
    await stream.update(true);
    await flush();
    links[links.length - 1]?.goLive();
  };
  return {
    clock,
    cache,
    data,
    markets,
    stream,
    bars,
    live,
    link: () => links[links.length - 1] as FakeLink,
    show: async (next: ChartWatch[]) => {
      charts = next;
      await stream.update(true);
    },
  };
}

/** A full hourly candle of the stream, mid 1.10 at the open. */
const candle = (t: number, close: string, consEnd: string) => ({
  UTM: String(t),
  BID_OPEN: '1.0999',
  BID_HIGH: '1.1049',
  BID_LOW: '1.0949',
  BID_CLOSE: close,
  OFR_OPEN: '1.1001',
  OFR_HIGH: '1.1051',
  OFR_LOW: '1.0951',
  OFR_CLOSE: String(Number(close) + 0.0002),
  LTV: null,
  CONS_END: consEnd,
});

describe('the stream owner and the charts pages show', () => {
  it('subscribes a streamable chart as a CHART item beside the prices, swaps it alone when its resolution changes, and drops it when it closes', async () => {
    const t = await setup({ charts: [{ epic: A, resolution: 'MINUTE' }] });
    await t.live();
    const chart = t.link().subs.get(`CHART:${A}:1MINUTE`);
    expect(chart).toEqual({
      id: `CHART:${A}:1MINUTE`,
      mode: 'MERGE',
      items: [`CHART:${A}:1MINUTE`],
      fields: [...CHART_FIELDS],
    });
    t.link().log.length = 0;
    await t.show([{ epic: A, resolution: 'HOUR' }]);
    expect(t.link().log).toEqual([`unsub CHART:${A}:1MINUTE`, `sub CHART:${A}:HOUR`]);
    t.link().log.length = 0;
    await t.show([{ epic: A, resolution: 'MINUTE_10' }]);
    expect(t.link().log).toEqual([`unsub CHART:${A}:HOUR`]);
    await t.show([]);
    expect([...t.link().subs.keys()].filter((id) => id.startsWith('CHART:'))).toEqual([]);
    expect(t.stream.state.mode).toBe('live');
  });

  it(`streams at most ${MAX_CHARTS} charts; the rest are drawn from history alone; with thousands of markets it stays within ${MAX_SUBSCRIPTIONS} subscriptions`, async () => {
    const epics = Array.from({ length: 2000 }, (_, i) => `CS.D.M${i}.CFD.IP`);
    const charts = epics.slice(0, MAX_CHARTS + 1).map((epic) => ({ epic, resolution: 'MINUTE' as const }));
    const t = await setup({ epics, charts });
    await t.live();
    const subs = [...t.link().subs.values()];
    expect(subs.length).toBeLessThanOrEqual(MAX_SUBSCRIPTIONS);
    expect(subs.filter((s) => s.id.startsWith('CHART:')).map((s) => s.items[0])).toEqual(
      charts.slice(0, MAX_CHARTS).map((c) => `CHART:${c.epic}:1MINUTE`),
    );
    expect(t.stream.streamed().size).toBe(2000);
    // A streamed update for the chart left out reaches no page.
    t.link().push(
      `CHART:${charts[MAX_CHARTS]!.epic}:1MINUTE`,
      `CHART:${charts[MAX_CHARTS]!.epic}:1MINUTE`,
      candle(OPEN_BAR, '1.1', '0'),
    );
    expect(t.bars).toEqual([]);
    // The first chart closes: the one left out takes its place.
    await t.show(charts.slice(1));
    expect(t.link().subs.has(`CHART:${charts[MAX_CHARTS]!.epic}:1MINUTE`)).toBe(true);
    expect(t.link().subs.has(`CHART:${charts[0]!.epic}:1MINUTE`)).toBe(false);
  });

  it('sends the moving last bar to the pages, and a malformed or stale update not at all', async () => {
    const t = await setup({ charts: [{ epic: A, resolution: 'HOUR' }] });
    await t.live();
    const item = `CHART:${A}:HOUR`;
    t.link().push(item, item, candle(OPEN_BAR, '1.1009', '0'));
    t.link().push(item, item, { BID_CLOSE: '1.1019', OFR_CLOSE: '1.1021' });
    t.link().push(item, item, { UTM: 'now' });
    t.link().push(item, item, { UTM: String(OPEN_BAR - HOUR) });
    expect(t.bars.map((b) => [b.epic, b.resolution, b.bar.t, b.bar.close, b.closed])).toEqual([
      [A, 'HOUR', OPEN_BAR, 1.101, false],
      [A, 'HOUR', OPEN_BAR, 1.102, false],
    ]);
    expect(t.bars[0]?.bar).toEqual({ t: OPEN_BAR, open: 1.1, high: 1.105, low: 1.095, close: 1.101, volume: null });
  });

  it('a complete bar joins the cached history where it continues it, so opening the chart again asks only for the bar still open', async () => {
    const t = await setup({ charts: [{ epic: A, resolution: 'HOUR' }] });
    const from = OPEN_BAR - 10 * HOUR;
    const first = await t.markets.history(A, 'HOUR', from, t.clock.t);
    expect(first.requestedPoints).toBeGreaterThan(0);
    await t.live();
    const item = `CHART:${A}:HOUR`;
    t.link().push(item, item, candle(OPEN_BAR, '1.1009', '0'));
    await t.stream.charts.settled();
    const series = async () => (await t.cache.get<PriceSeries>('prices', keys.prices(A, 'HOUR')))?.value;
    // Still open: the cache's history is as the service sent it.
    expect((await series())?.covered).toEqual([[from, OPEN_BAR]]);
    t.link().push(item, item, { BID_CLOSE: '1.1029', OFR_CLOSE: '1.1031', CONS_END: '1' });
    await t.stream.charts.settled();
    expect((await series())?.covered).toEqual([[from, OPEN_BAR + HOUR]]);
    expect((await series())?.candles.at(-1)).toEqual({
      t: OPEN_BAR,
      open: 1.1,
      high: 1.105,
      low: 1.095,
      close: 1.103,
      volume: null,
    });

    // The next hour, and the chart is opened again (its cached series no longer fresh).
    await t.clock.advance(HOUR + 5 * 60_000);
    const before = t.data.count('prices');
    const again = await t.markets.history(A, 'HOUR', from, t.clock.t);
    expect(t.data.count('prices')).toBe(before + 1);
    expect(t.data.calls.at(-1)?.args.slice(0, 4)).toEqual([A, 'HOUR', OPEN_BAR + HOUR, OPEN_BAR + 2 * HOUR]);
    expect(again.requestedPoints).toBe(1);
    expect(again.candles.find((c) => c.t === OPEN_BAR)?.close).toBe(1.103);
  });

  it('a complete bar after a gap, or of a chart the cache never had, is left to the history request', async () => {
    const t = await setup({
      charts: [
        { epic: A, resolution: 'HOUR' },
        { epic: B, resolution: 'HOUR' },
      ],
    });
    const from = OPEN_BAR - 10 * HOUR;
    await t.markets.history(A, 'HOUR', from, t.clock.t);
    await t.live();
    const a = `CHART:${A}:HOUR`;
    const b = `CHART:${B}:HOUR`;
    t.link().push(a, a, candle(OPEN_BAR + 2 * HOUR, '1.1009', '1'));
    t.link().push(b, b, candle(OPEN_BAR, '1.1009', '1'));
    await t.stream.charts.settled();
    const cached = await t.cache.get<PriceSeries>('prices', keys.prices(A, 'HOUR'));
    expect(cached?.value.covered).toEqual([[from, OPEN_BAR]]);
    expect(cached?.value.candles.some((c) => c.t === OPEN_BAR + 2 * HOUR)).toBe(false);
    expect(await t.cache.get('prices', keys.prices(B, 'HOUR'))).toBeUndefined();
    // The pages still saw both bars.
    expect(t.bars.map((m) => [m.epic, m.bar.t, m.closed])).toEqual([
      [A, OPEN_BAR + 2 * HOUR, true],
      [B, OPEN_BAR, true],
    ]);
  });
});
