// What the side panel paints first, read as soon as its script runs, while its first render runs: the
// route, the preferences, the account's watchlists and the chosen one with its cached prices. One
// storage.session read (the route and the background's first-paint snapshot) and one storage.local read
// (the preferences) run side by side; the cache's IndexedDB is read only for what the snapshot does not hold.
import { emptySnapshot, type FirstPaintSnapshot } from '../cache/first-paint-snapshot';
import { pickList, snapshotLists, snapshotWatchlist } from '../cache/first-paint-watchlist';
import { readWatchlist, readWatchlists } from '../cache/read';
import { prefetchCachedHistory, readHistoryAccount } from '../history/cached';
import type { WatchlistView } from '../messages/contract';
import type { Fresh, WatchlistSummary } from '../model';
import { readStored } from '../settings/read-stored';
import { defaultPrefs, FIRST_PAINT_KEY, PREFS_STORED, type Prefs, prefs } from '../settings/registry';
import { periodRange } from './account-history';
import { parseRoute, readRoute, SIDEPANEL_ROUTE_KEY, type SidepanelRoute } from './route';

export { pickList };

export interface PanelFirstPaint {
  route: SidepanelRoute;
  prefs: Prefs;
  lists: Fresh<WatchlistSummary[]> | null;
  /** The chosen watchlist (pickList) with its cached prices, when the cache has it. */
  list: Fresh<WatchlistView> | null;
  /** On the History route: the account whose history is cached (the view paints it before the background answers). */
  historyAccount?: string | null;
}

export async function readPanelFirstPaint(): Promise<PanelFirstPaint> {
  const [session, local] = await Promise.all([
    readStored('session', [{ key: SIDEPANEL_ROUTE_KEY }, { key: FIRST_PAINT_KEY }]).catch(() => null),
    readStored('local', [PREFS_STORED]).catch(() => null),
  ]);
  const routeStored = session?.get(SIDEPANEL_ROUTE_KEY);
  const route = routeStored ? parseRoute(routeStored.value ?? null) : await readRoute();
  const prefsStored = local?.get(PREFS_STORED.key);
  const stored = prefsStored?.current
    ? ((prefsStored.value as Prefs | undefined) ?? defaultPrefs)
    : await prefs.getValue().catch(() => defaultPrefs);
  // On the History route its cached first page is read now too, while the panel and the view's chunk load.
  const historyAccount =
    route.view === 'history'
      ? readHistoryAccount()
          .then((id) => {
            const range = id ? periodRange({ kind: route.period ?? 'week' }, new Date()) : null;
            if (id && range) prefetchCachedHistory(id, range.from, range.to);
            return id;
          })
          .catch(() => null)
      : null;
  const snapshot = (session?.get(FIRST_PAINT_KEY)?.value as FirstPaintSnapshot | undefined) ?? emptySnapshot;
  const now = Date.now();
  const lists = snapshotLists(snapshot, now) ?? (await readWatchlists().catch(() => null));
  const chosen = lists ? pickList(lists.value, stored.selectedWatchlistId) : null;
  const list = chosen
    ? (snapshotWatchlist(snapshot, chosen.id, now) ?? (await readWatchlist(chosen.id).catch(() => null)))
    : null;
  return { route, prefs: stored, lists, list, ...(historyAccount ? { historyAccount: await historyAccount } : {}) };
}
