// Client sentiment: cached per market id, all missing ids fetched with one `client_sentiment.list`,
// and every reading appended to the market's history (capped) for the trend view.
import { keys } from '../../cache/entry';
import { SENTIMENT_POINTS_CAP } from '../../cache/limits';
import type { Fresh, Sentiment, SentimentPoint } from '../../model';
import type { ReadOptions } from '../ports';
import { cachedOrLoad, need, type SourceDeps, servedMany } from './source-deps';

/** Readings closer together than this replace each other instead of adding a point. */
const POINT_SPACING_MS = 60_000;

export function appendPoint(points: SentimentPoint[], point: SentimentPoint, cap: number): SentimentPoint[] {
  const last = points[points.length - 1];
  if (last && point.t < last.t) return points;
  const base = last && point.t - last.t < POINT_SPACING_MS ? points.slice(0, -1) : points;
  return [...base, point].slice(-cap);
}

export class SentimentSource {
  constructor(private readonly deps: SourceDeps) {}

  private async record(readings: Sentiment[], fetchedAt: number): Promise<void> {
    if (readings.length === 0) return;
    await this.deps.cache.putMany(
      'sentiment',
      readings.map((s) => ({ key: s.marketId, value: s, fetchedAt })),
    );
    const byId = new Map(readings.map((s) => [s.marketId, s]));
    const now = this.deps.now();
    await this.deps.cache.update<SentimentPoint[]>('sentiment-history', [...byId.keys()], (id, current) => ({
      value: appendPoint(
        current?.value ?? [],
        { t: fetchedAt, long: (byId.get(id) as Sentiment).longPositionPercentage },
        SENTIMENT_POINTS_CAP,
      ),
      fetchedAt,
      lastUsed: now,
    }));
  }

  private fetch(ids: string[]): Promise<Map<string, Fresh<Sentiment>>> {
    const key = `sentiment:${[...ids].sort().join(',')}`;
    return this.deps.inflight.share(key, async () => {
      const data = await this.deps.data();
      const readings = await data.sentiment(ids);
      const fetchedAt = this.deps.now();
      await this.record(readings, fetchedAt);
      return new Map(readings.map((s) => [s.marketId, { value: s, fetchedAt, stale: false }]));
    });
  }

  async sentiment(marketIds: string[], options: ReadOptions = {}): Promise<Fresh<Sentiment>[]> {
    const ids = [...new Set(marketIds)];
    const entries = await this.deps.cache.getMany<Sentiment>('sentiment', ids);
    const now = this.deps.now();
    const needs = entries.map((entry) => need('sentiment', entry, now, options.maxAgeMs));
    return servedMany(this.deps, 'sentiment', ids, entries, needs, now, (stale) => this.fetch(stale));
  }

  related(marketId: string): Promise<Fresh<Sentiment[]>> {
    const key = keys.related(marketId);
    return cachedOrLoad(this.deps, 'sentiment', key, () =>
      this.deps.inflight.share(`related:${marketId}`, async () => {
        const data = await this.deps.data();
        const readings = await data.related(marketId);
        const fetchedAt = this.deps.now();
        await this.deps.cache.put('sentiment', key, readings, fetchedAt);
        await this.record(readings, fetchedAt);
        return { value: readings, fetchedAt, stale: false };
      }),
    );
  }

  async history(marketId: string): Promise<SentimentPoint[]> {
    const entry = await this.deps.cache.get<SentimentPoint[]>('sentiment-history', marketId);
    return entry?.value ?? [];
  }
}
