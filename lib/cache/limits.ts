// The cache's bounds: entries per store, points per series. Together they cap the database size
// however long the extension runs.
import type { CacheStoreName } from '../messages/contract';

export const ENTRY_CAP: Record<CacheStoreName, number> = {
  snapshots: 2000,
  details: 2000,
  sentiment: 2000,
  'sentiment-history': 300,
  prices: 100,
  search: 200,
  watchlists: 200,
  'account-history': 200,
};

/** Readings kept per market for the sentiment trend. */
export const SENTIMENT_POINTS_CAP = 1000;
/** Mid prices kept per epic for its sparkline, and the least spacing between two of them. */
export const TRAIL_POINTS = 60;
export const TRAIL_SPACING_MS = 60_000;
/** Bars kept per epic and resolution. */
export const CANDLES_CAP = 3000;
