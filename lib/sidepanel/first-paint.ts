// What the side panel paints first, read as soon as its script runs, while its first render runs: the
// route, the preferences, the account's watchlists and the chosen one with its cached prices. The reads
// run side by side (the chosen list is read by the id the preferences remember, without waiting for the
// list of lists), instead of one after another as each view mounts.
import { readWatchlist, readWatchlists } from '../cache/read';
import { cacheStore } from '../cache/stores';
import type { WatchlistView } from '../messages/contract';
import type { Fresh, WatchlistSummary } from '../model';
import { defaultPrefs, type Prefs, prefs } from '../settings/registry';
import { readRoute, type SidepanelRoute } from './route';

export interface PanelFirstPaint {
  route: SidepanelRoute;
  prefs: Prefs;
  lists: Fresh<WatchlistSummary[]> | null;
  /** The chosen watchlist (pickList) with its cached prices, when the cache has it. */
  list: Fresh<WatchlistView> | null;
}

/** The watchlist to show: the one last chosen, else the first the user can edit, else the first. */
export function pickList(lists: WatchlistSummary[], wanted: string | null): WatchlistSummary | null {
  return lists.find((l) => l.id === wanted) ?? lists.find((l) => l.editable) ?? lists[0] ?? null;
}

export async function readPanelFirstPaint(): Promise<PanelFirstPaint> {
  // Opened now, so that it is open when the chosen list's epics are known.
  cacheStore('snapshots')('readonly', () => undefined).catch(() => undefined);
  const routeRead = readRoute().catch((): SidepanelRoute => ({ view: 'watchlists' }));
  const prefsRead = prefs.getValue().catch(() => defaultPrefs);
  const listsRead = readWatchlists().catch(() => null);
  const rememberedRead = prefsRead.then((p) =>
    p.selectedWatchlistId ? readWatchlist(p.selectedWatchlistId).catch(() => null) : null,
  );
  const [route, stored, lists, remembered] = await Promise.all([routeRead, prefsRead, listsRead, rememberedRead]);
  const chosen = lists ? pickList(lists.value, stored.selectedWatchlistId) : null;
  let list: Fresh<WatchlistView> | null = null;
  if (chosen)
    list = remembered?.value.summary.id === chosen.id ? remembered : await readWatchlist(chosen.id).catch(() => null);
  return { route, prefs: stored, lists, list };
}
