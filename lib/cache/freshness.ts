// How long a cached value counts as fresh, per kind. Older values are still shown, marked stale,
// while the background revalidates them.
import type { CacheStoreName } from '../messages/contract';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

export const FRESH_FOR_MS: Record<CacheStoreName, number> = {
  snapshots: 10 * SECOND,
  details: 24 * 60 * MINUTE,
  sentiment: 5 * MINUTE,
  'sentiment-history': Number.POSITIVE_INFINITY,
  prices: MINUTE,
  search: 5 * MINUTE,
  watchlists: 5 * MINUTE,
  'account-history': 5 * MINUTE,
};

export function isStale(store: CacheStoreName, fetchedAt: number, now: number, freshForMs?: number): boolean {
  return now - fetchedAt >= (freshForMs ?? FRESH_FOR_MS[store]);
}
