// Keeps the pages' first-paint snapshot (lib/cache/first-paint-snapshot.ts) in step with the cache: after
// a write touching what the popup's or the side panel's first screen shows, and when the recent lookups,
// the chosen watchlist or the popup's last search change, it reads those entries from the cache and
// writes the snapshot to storage.session. Changes are gathered for a moment (prices, which the stream
// writes many times a second, for a second, patched into the last snapshot: every write is an event of the whole
// snapshot, old and new, to each page that watches storage.session, the side panel among them), and one write runs at a time.
import { get, getMany, type UseStore } from 'idb-keyval';
import type { CacheEntry, SnapshotEntry, WatchlistMembers } from '../../cache/entry';
import { keys } from '../../cache/entry';
import type { FirstPaintSnapshot, Stamped } from '../../cache/first-paint-snapshot';
import { pickList } from '../../cache/first-paint-watchlist';
import type { CacheStoreName } from '../../messages/contract';
import type { MarketQuote, WatchlistSummary } from '../../model';

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
  quoteGatherMs?: number;
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
  const gatherMs = deps.gatherMs ?? 50;
  /** Streamed prices change the cache many times a second: the snapshot follows them at most this often. */
  const quoteGatherMs = deps.quoteGatherMs ?? 1000;
  /** The epics and search key the last snapshot covers: only writes touching them need a rebuild. */
  let covered = new Set<string>();
  let searchKey = '';
  /** The last snapshot written, and the quotes written to the cache since (patched in without a rebuild). */
  let current: FirstPaintSnapshot | null = null;
  let dirtyQuotes = new Set<string>();
  let full = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let due = 0;
  let running: Promise<void> | null = null;
  let stopped = false;

  async function rebuild(): Promise<void> {
    const inputs = await deps.inputs();
    const snapshot = await buildSnapshot(deps.open, inputs);
    covered = new Set([...inputs.recentEpics, ...(snapshot.watchlist?.value.epics ?? [])]);
    searchKey = snapshot.search?.key ?? (inputs.lastQuery ? keys.search(inputs.lastQuery) : '');
    current = snapshot;
    await deps.write(snapshot);
  }

  async function patchQuotes(base: FirstPaintSnapshot, epics: string[]): Promise<void> {
    const found = await getMany<SnapshotEntry | undefined>(epics, deps.open('snapshots'));
    const quotes = { ...base.quotes };
    epics.forEach((epic, i) => {
      const e = found[i];
      if (e) quotes[epic] = stamp(e);
      else delete quotes[epic];
    });
    current = { ...base, quotes };
    await deps.write(current);
  }

  function run() {
    timer = null;
    // What changed meanwhile is picked up when the running write ends.
    if (running) return;
    const rebuildAll = full || !current;
    const epics = [...dirtyQuotes].filter((e) => covered.has(e));
    full = false;
    dirtyQuotes = new Set();
    const job = rebuildAll ? rebuild() : epics.length && current ? patchQuotes(current, epics) : null;
    if (!job) return;
    running = job
      .catch((err: unknown) => deps.onError?.(err))
      .finally(() => {
        running = null;
        if ((full || dirtyQuotes.size) && !timer) arm(full ? gatherMs : quoteGatherMs);
      });
  }

  /** Runs in `ms` at the latest (an earlier run already armed stays). */
  function arm(ms: number) {
    if (stopped) return;
    const at = Date.now() + ms;
    if (timer && due <= at) return;
    if (timer) clearTimeout(timer);
    due = at;
    timer = setTimeout(run, ms);
  }

  function schedule() {
    full = true;
    arm(gatherMs);
  }

  return {
    schedule,
    cacheChanged(store, changed) {
      if (store === 'snapshots') {
        const mine = changed.filter((k) => covered.has(k));
        if (mine.length === 0) return;
        for (const k of mine) dirtyQuotes.add(k);
        arm(quoteGatherMs);
      } else if ((store === 'search' && changed.includes(searchKey)) || store === 'watchlists') schedule();
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
    async settled() {
      while (timer || running) {
        if (running) await running;
        else await new Promise((r) => setTimeout(r, Math.max(1, due - Date.now()) + 1));
      }
    },
  };
}
