// Price history per epic and resolution: merged, never re-fetched. Only the bar-aligned ranges the
// cache has not covered are requested; a recently fetched series costs nothing for its open bar.
import { keys, type PriceSeries } from '../../cache/entry';
import { FRESH_FOR_MS } from '../../cache/freshness';
import {
  alignDown,
  mergeCandles,
  missingRanges,
  type Range,
  settledRange,
  sliceCandles,
  trimSeries,
  unionRanges,
} from '../../cache/history-merge';
import { CANDLES_CAP } from '../../cache/limits';
import type { Candle, HistoricalAllowance, Resolution } from '../../model';
import type { SourceDeps } from './source-deps';

export interface HistoryReply {
  candles: Candle[];
  allowance: HistoricalAllowance | null;
  /** Bars the service sent for this call (what it cost of the weekly allowance). */
  requestedPoints: number;
}

export class HistorySource {
  constructor(private readonly deps: SourceDeps) {}

  private fetchGap(epic: string, resolution: Resolution, gap: Range) {
    const key = `prices:${epic}|${resolution}|${gap[0]}|${gap[1]}`;
    return this.deps.inflight.share(key, async () => {
      const data = await this.deps.data();
      const reply = await data.prices(epic, resolution, gap[0], gap[1]);
      const fetchedAt = this.deps.now();
      const settled = settledRange(gap, fetchedAt, resolution);
      await this.deps.cache.update<PriceSeries>('prices', [keys.prices(epic, resolution)], (_, current) => {
        const series = current?.value ?? { candles: [], covered: [], allowance: null };
        const merged = trimSeries(
          mergeCandles(series.candles, reply.candles),
          unionRanges(settled ? [...series.covered, settled] : series.covered),
          CANDLES_CAP,
        );
        return {
          value: { candles: merged.candles, covered: merged.covered, allowance: reply.allowance ?? series.allowance },
          fetchedAt,
          lastUsed: fetchedAt,
        };
      });
      return reply;
    });
  }

  async history(epic: string, resolution: Resolution, from: number, to: number): Promise<HistoryReply> {
    const key = keys.prices(epic, resolution);
    const now = this.deps.now();
    const end = Math.min(to, now);
    const entry = await this.deps.cache.get<PriceSeries>('prices', key);
    let gaps = missingRanges(entry?.value.covered ?? [], from, end, resolution);
    if (entry && now - entry.fetchedAt < FRESH_FOR_MS.prices) {
      // The open bar was fetched moments ago: it is as fresh as the snapshot.
      const openBar = alignDown(entry.fetchedAt, resolution);
      gaps = gaps.filter(([a]) => a < openBar);
    }
    let requestedPoints = 0;
    let allowance = entry?.value.allowance ?? null;
    for (const gap of gaps) {
      const reply = await this.fetchGap(epic, resolution, gap);
      requestedPoints += reply.candles.length;
      allowance = reply.allowance ?? allowance;
    }
    const series = gaps.length ? (await this.deps.cache.get<PriceSeries>('prices', key))?.value : entry?.value;
    return {
      candles: sliceCandles(series?.candles ?? [], alignDown(from, resolution), to),
      allowance,
      requestedPoints,
    };
  }
}
