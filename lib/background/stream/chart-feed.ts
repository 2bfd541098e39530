// The charts the stream carries for the pages: which CHART items to subscribe, each item's last bar, the
// bars sent to the pages as they move, and the bars the service says are complete written into the cached
// history. A complete bar joins the cached history only where it continues what the cache already covers,
// so the next opening of the chart asks the service only for the bar still open; a bar whose end was not
// seen (a gap, a reconnection) is left to the history request, as are bars of a chart the cache never had.
import type { PriceSeries } from '../../cache/entry';
import { keys } from '../../cache/entry';
import { alignDown, barMs, mergeCandles, type Range, trimSeries, unionRanges } from '../../cache/history-merge';
import { CANDLES_CAP } from '../../cache/limits';
import type { CacheWriterImpl } from '../../cache/writer';
import type { LiveToPage } from '../../messages/contract';
import type { Candle } from '../../model';
import { type BarState, type ChartKey, chartOfItem, emptyBarState, mergeBar } from '../../stream/chart-bars';
import { chartSubscription, planCharts } from '../../stream/chart-plan';
import type { StreamSubscription, StreamUpdate } from '../../stream/link';

/** Charts streamed at once (a side panel per window shows one); more are drawn from history alone. */
export const MAX_CHARTS = 4;

export type BarMessage = Extract<LiveToPage, { kind: 'bar' }>;

export interface ChartFeedDeps {
  cache: CacheWriterImpl;
  /** To the pages, over the live channel. */
  send(message: BarMessage): void;
}

export class ChartFeed {
  private items: string[] = [];
  private readonly bars = new Map<string, BarState>();
  private readonly refused = new Set<string>();
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly deps: ChartFeedDeps) {}

  /** What the pages show now. */
  want(charts: readonly ChartKey[]): void {
    this.items = planCharts(
      this.items,
      charts.filter((c) => !this.refused.has(`${c.epic}|${c.resolution}`)),
      MAX_CHARTS,
    );
    for (const item of this.bars.keys()) if (!this.items.includes(item)) this.bars.delete(item);
  }

  subscriptions(): StreamSubscription[] {
    return this.items.map(chartSubscription);
  }

  owns(subId: string): boolean {
    return this.items.includes(subId);
  }

  /** The service refused a chart's item: that chart is drawn from history alone. */
  refuse(sub: StreamSubscription): void {
    for (const item of sub.items) {
      const chart = chartOfItem(item);
      if (chart) this.refused.add(`${chart.epic}|${chart.resolution}`);
    }
    this.items = this.items.filter((i) => !sub.items.includes(i));
  }

  received(u: StreamUpdate): void {
    const chart = chartOfItem(u.item);
    if (!chart || !this.items.includes(u.item)) return;
    const merged = mergeBar(this.bars.get(u.item) ?? emptyBarState, u.changed);
    if (!merged) return;
    this.bars.set(u.item, merged.state);
    this.deps.send({ kind: 'bar', ...chart, bar: merged.bar, closed: merged.closed });
    if (merged.closed) {
      const bar = merged.bar;
      this.writing = this.writing.then(() => this.remember(chart, bar)).catch(() => undefined);
    }
  }

  /** Resolves when the complete bars received so far are in the cache. */
  settled(): Promise<void> {
    return this.writing;
  }

  private async remember(chart: ChartKey, bar: Candle): Promise<void> {
    if (bar.open === null || bar.high === null || bar.low === null || bar.close === null) return;
    if (alignDown(bar.t, chart.resolution) !== bar.t) return;
    const end = bar.t + barMs(chart.resolution);
    await this.deps.cache.update<PriceSeries>('prices', [keys.prices(chart.epic, chart.resolution)], (_, current) => {
      if (!current) return undefined;
      const covered = current.value.covered;
      if (!covered.some(([a, b]) => a <= bar.t && bar.t <= b)) return undefined;
      const merged = trimSeries(
        mergeCandles(current.value.candles, [bar]),
        unionRanges([...covered, [bar.t, end] as Range]),
        CANDLES_CAP,
      );
      return { ...current, value: { ...current.value, candles: merged.candles, covered: merged.covered } };
    });
  }
}
