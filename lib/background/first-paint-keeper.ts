// Keeps the pages' first-paint snapshot (lib/cache/first-paint-snapshot.ts) in step with the cache: after
// a write touching what the popup's or the side panel's first screen shows, and when the recent lookups,
// the chosen watchlist or the popup's last search change, it reads those entries from the cache and
// writes the snapshot to storage.session. Changes are gathered for a moment, and one rebuild runs at a time.
import { get, getMany, type UseStore } from 'idb-keyval';
import type { CacheEntry, SnapshotEntry, WatchlistMembers } from '../cache/entry';
import { keys } from '../cache/entry';
import { type FirstPaintSnapshot, pickList, type Stamped } from '../cache/first-paint-snapshot';
import type { CacheStoreName } from '../messages/contract';
import type { MarketQuote, WatchlistSummary } from '../model';

export interface FirstPaintInputs {
  recentEpics: string[];
  selectedWatchlistId: string | null;
  /** The popup's last search ('' for none). */
  lastQuery: string;
}

export interface FirstPaintKeeperDeps {
  open: (store: CacheStoreName) => UseStore;
  inputs: () => Promise<FirstPaintInputs>;
  write: (snapshot: FirstPaintSnapshot) => Promise<void>;
  gatherMs?: number;
  onError?: (err: unknown) => void;
}

export interface FirstPaintKeeper {
  /** A cache write committed (the writer's change callback). */
  cacheChanged(store: CacheStoreName, keys: string[]): void;
  /** Rebuild soon (an input changed, or the worker started). */
  schedule(): void;
  /** Resolves when no rebuild is pending or running (tests). */
  settled(): Promise<void>;
  /** No more rebuilds (the background stops). */
  stop(): void;
}

const stamp = <T>(e: CacheEntry<T>): Stamped<T> => ({ value: e.value, fetchedAt: e.fetchedAt });

export async function buildSnapshot(
  open: (store: CacheStoreName) => UseStore,
  inputs: FirstPaintInputs,
): Promise<FirstPaintSnapshot> {
  const searchKey = inputs.lastQuery ? keys.search(inputs.lastQuery) : '';
  const [listsEntry, searchEntry] = await Promise.all([
    get<CacheEntry<WatchlistSummary[]>>(keys.watchlistList, open('watchlists')),
    searchKey ? get<CacheEntry<MarketQuote[]>>(searchKey, open('search')) : undefined,
  ]);
  const chosen = listsEntry ? pickList(listsEntry.value, inputs.selectedWatchlistId) : null;
  const listEntry = chosen
    ? await get<CacheEntry<WatchlistMembers>>(keys.watchlist(chosen.id), open('watchlists'))
    : undefined;
  const epics = [...new Set([...inputs.recentEpics, ...(listEntry?.value.epics ?? [])])];
  const found = epics.length ? await getMany<SnapshotEntry | undefined>(epics, open('snapshots')) : [];
  const quotes: FirstPaintSnapshot['quotes'] = {};
  epics.forEach((epic, i) => {
    const e = found[i];
    if (e) quotes[epic] = stamp(e);
  });
  return {
    quotes,
    search: searchEntry ? { key: searchKey, ...stamp(searchEntry) } : null,
    lists: listsEntry ? stamp(listsEntry) : null,
    watchlist: listEntry ? stamp(listEntry) : null,
  };
}

export function createFirstPaintKeeper(deps: FirstPaintKeeperDeps): FirstPaintKeeper {
  /** The epics and search key the last snapshot covers: only writes touching them need a rebuild. */
  let covered = new Set<string>();
  let searchKey = '';
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  async function rebuild(): Promise<void> {
    const inputs = await deps.inputs();
    const snapshot = await buildSnapshot(deps.open, inputs);
    covered = new Set([...inputs.recentEpics, ...(snapshot.watchlist?.value.epics ?? [])]);
    searchKey = snapshot.search?.key ?? (inputs.lastQuery ? keys.search(inputs.lastQuery) : '');
    await deps.write(snapshot);
  }

  function run() {
    timer = null;
    if (running) {
      again = true;
      return;
    }
    running = rebuild()
      .catch((err: unknown) => deps.onError?.(err))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          schedule();
        }
      });
  }

  function schedule() {
    if (!timer && !stopped) timer = setTimeout(run, deps.gatherMs ?? 50);
  }

  return {
    schedule,
    cacheChanged(store, changed) {
      if (
        (store === 'snapshots' && changed.some((k) => covered.has(k))) ||
        (store === 'search' && changed.includes(searchKey)) ||
        store === 'watchlists'
      )
        schedule();
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
    async settled() {
      while (timer || running) {
        if (running) await running;
        else await new Promise((r) => setTimeout(r, (deps.gatherMs ?? 50) + 1));
      }
    },
  };
}
