// The side panel's part of the first-paint snapshot (lib/cache/first-paint-snapshot.ts): the watchlists
// and the chosen one, as the cache reader gives them. Apart, so the popup does not load it.
import type { WatchlistView } from '../messages/contract';
import type { Fresh, MarketQuote, WatchlistSummary } from '../model';
import type { FirstPaintSnapshot } from './first-paint-snapshot';
import { isStale } from './freshness';

export function snapshotLists(snapshot: FirstPaintSnapshot, now: number): Fresh<WatchlistSummary[]> | null {
  const l = snapshot.lists;
  return l ? { value: l.value, fetchedAt: l.fetchedAt, stale: isStale('watchlists', l.fetchedAt, now) } : null;
}

/**
 * Watchlist `id` with the snapshot's prices (as lib/cache/read readWatchlist gives it: members the cache
 * has no price for are left out); null when the snapshot holds another list.
 */
export function snapshotWatchlist(snapshot: FirstPaintSnapshot, id: string, now: number): Fresh<WatchlistView> | null {
  const w = snapshot.watchlist;
  if (!w || w.value.summary.id !== id) return null;
  const { summary, epics } = w.value;
  const markets: MarketQuote[] = [];
  for (const epic of epics) {
    const q = snapshot.quotes[epic];
    if (q) markets.push(q.value);
  }
  return {
    value: { summary, epics, markets },
    fetchedAt: w.fetchedAt,
    stale: isStale('watchlists', w.fetchedAt, now),
  };
}

/** The watchlist the side panel shows: the one last chosen, else the first the user can edit, else the first. */
export function pickList(lists: WatchlistSummary[], wanted: string | null): WatchlistSummary | null {
  return lists.find((l) => l.id === wanted) ?? lists.find((l) => l.editable) ?? lists[0] ?? null;
}
