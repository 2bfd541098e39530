// What the popup paints first, read as soon as its script runs, before the first render: the recent
// lookups with their cached prices, and the cached results of the search it opens with (`?q=`, else this
// session's last search). One storage.session read (the background's first-paint snapshot and the last
// search) and one storage.local read (the recent lookups and the preferences) run side by side; the cache's
// IndexedDB is opened only for what the snapshot does not hold (its reader loads then: the first paint
// from the snapshot does not wait for it).
import { emptySnapshot, type FirstPaintSnapshot, snapshotQuotes, snapshotSearch } from '../cache/first-paint-snapshot';
import type { Fresh, MarketQuote } from '../model';
import { readStored } from '../settings/read-stored';
import {
  defaultPrefs,
  FIRST_PAINT_KEY,
  PREFS_STORED,
  type Prefs,
  prefs,
  RECENT_LOOKUPS_STORED,
  type RecentLookup,
  recentLookups,
} from '../settings/registry';
import { POPUP_LAST_QUERY_KEY } from './last-query';
import type { PopupParams } from './params';
import { normaliseTerm } from './search';

const cache = () => import('../cache/read');
const readQuotes = (epics: string[]) => cache().then((c) => c.readQuotes(epics));
const readSearch = (term: string) => cache().then((c) => c.readSearch(term));

export interface RecentWithQuotes {
  list: RecentLookup[];
  quotes: Map<string, Fresh<MarketQuote>>;
}

export interface FirstPaint {
  recent: Promise<RecentWithQuotes>;
  /** The search to restore when the popup opens with neither `?q=` nor `?epic=`; '' for none. */
  lastQuery: Promise<string>;
  /** The preferences (for the theme), from the same read as the recent lookups. */
  prefs: Promise<Prefs>;
  /** Reads the cached results of a term, using the read already under way for the opening term. */
  readSearch: (term: string) => Promise<Fresh<MarketQuote[]> | null>;
}

export async function recentWithQuotes(
  list: RecentLookup[],
  snapshot: FirstPaintSnapshot = emptySnapshot,
): Promise<RecentWithQuotes> {
  const { found, missing } = snapshotQuotes(
    snapshot,
    list.map((r) => r.epic),
    Date.now(),
  );
  if (missing.length) for (const [epic, q] of await readQuotes(missing)) found.set(epic, q);
  return { list, quotes: found };
}

export function startFirstPaint(params: PopupParams): FirstPaint {
  const session = readStored('session', [{ key: FIRST_PAINT_KEY }, { key: POPUP_LAST_QUERY_KEY }]).catch(
    () => new Map(),
  );
  const local = readStored('local', [RECENT_LOOKUPS_STORED, PREFS_STORED]).catch(() => new Map());
  const snapshot = session.then(
    (s) => (s.get(FIRST_PAINT_KEY)?.value as FirstPaintSnapshot | undefined) ?? emptySnapshot,
  );
  const recent = local
    .then((l) => {
      const stored = l.get(RECENT_LOOKUPS_STORED.key);
      return stored?.current ? ((stored.value as RecentLookup[] | undefined) ?? []) : recentLookups.getValue();
    })
    .then(async (list) => recentWithQuotes(list, await snapshot))
    .catch(() => ({ list: [], quotes: new Map() }));
  const storedPrefs = local
    .then((l) => {
      const stored = l.get(PREFS_STORED.key);
      return stored?.current ? ((stored.value as Prefs | undefined) ?? defaultPrefs) : prefs.getValue();
    })
    .catch(() => defaultPrefs);

  const primed = new Map<string, Promise<Fresh<MarketQuote[]> | null>>();
  const prime = (term: string) => {
    const key = normaliseTerm(term).toLowerCase();
    if (key.length >= 2)
      primed.set(
        key,
        snapshot.then((s) => snapshotSearch(s, key, Date.now()) ?? readSearch(key)).catch(() => null),
      );
  };
  let lastQuery: Promise<string> = Promise.resolve('');
  if (params.q) prime(params.q);
  else if (!params.epic) {
    lastQuery = session.then((s) => (s.get(POPUP_LAST_QUERY_KEY)?.value as string | undefined) ?? '');
    void lastQuery.then(prime);
  }
  return {
    recent,
    lastQuery,
    prefs: storedPrefs,
    readSearch(term) {
      const key = normaliseTerm(term).toLowerCase();
      const early = primed.get(key);
      // Used once: a later read of the same term must see what the background wrote since.
      primed.delete(key);
      return early ?? readSearch(term);
    },
  };
}
