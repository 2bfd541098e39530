// A copy of what the pages' first screens show, kept by the background in storage.session beside the
// cache (lib/background/first-paint-keeper.ts): the popup and the side panel paint from one storage read
// instead of opening IndexedDB databases (tens of ms each in a fresh page) before their first row. It
// mirrors the cache (same values, same fetch times, so staleness is decided as for the cache); a page
// whose data it does not hold reads the cache as before.
import type { Fresh, MarketQuote, WatchlistSummary } from '../model';
import type { WatchlistMembers } from './entry';
import { searchKey } from './entry';
import { isStale } from './freshness';

export interface Stamped<T> {
  value: T;
  fetchedAt: number;
}

export interface FirstPaintSnapshot {
  /** Cached quotes of the recent lookups, the chosen watchlist's members and the search's results, by epic. */
  quotes: Record<string, Stamped<MarketQuote>>;
  /** The search the popup reopens (its last one), by the cache's key for the term. */
  search: (Stamped<MarketQuote[]> & { key: string }) | null;
  /** The account's watchlists. */
  lists: Stamped<WatchlistSummary[]> | null;
  /** The watchlist the side panel shows (the one last chosen, else its default), without prices. */
  watchlist: Stamped<WatchlistMembers> | null;
}

export const emptySnapshot: FirstPaintSnapshot = { quotes: {}, search: null, lists: null, watchlist: null };

/** The snapshot's quotes of `epics` as the cache reader gives them, and the epics it does not hold. */
export function snapshotQuotes(
  snapshot: FirstPaintSnapshot,
  epics: string[],
  now: number,
): { found: Map<string, Fresh<MarketQuote>>; missing: string[] } {
  const found = new Map<string, Fresh<MarketQuote>>();
  const missing: string[] = [];
  for (const epic of epics) {
    const q = snapshot.quotes[epic];
    if (q) found.set(epic, { value: q.value, fetchedAt: q.fetchedAt, stale: isStale('snapshots', q.fetchedAt, now) });
    else missing.push(epic);
  }
  return { found, missing };
}

/** The cached results of `term` when the snapshot holds them (as lib/cache/read readSearch gives them). */
export function snapshotSearch(snapshot: FirstPaintSnapshot, term: string, now: number): Fresh<MarketQuote[]> | null {
  const s = snapshot.search;
  if (!s || s.key !== searchKey(term)) return null;
  return { value: s.value, fetchedAt: s.fetchedAt, stale: isStale('search', s.fetchedAt, now) };
}
