// What the popup paints first, read from storage and the cache as soon as its script runs, before
// the first render: the recent lookups with their cached prices, and the cached results of the
// search it opens with (`?q=`, else this session's last search).
import { readQuotes, readSearch } from '../cache/read';
import { cacheStore } from '../cache/stores';
import type { Fresh, MarketQuote } from '../model';
import { type RecentLookup, recentLookups } from '../settings/registry';
import { popupLastQuery } from './last-query';
import type { PopupParams } from './params';
import { normaliseTerm } from './search';

export interface RecentWithQuotes {
  list: RecentLookup[];
  quotes: Map<string, Fresh<MarketQuote>>;
}

export interface FirstPaint {
  recent: Promise<RecentWithQuotes>;
  /** The search to restore when the popup opens with neither `?q=` nor `?epic=`; '' for none. */
  lastQuery: Promise<string>;
  /** Reads the cached results of a term, using the read already under way for the opening term. */
  readSearch: (term: string) => Promise<Fresh<MarketQuote[]> | null>;
}

export async function recentWithQuotes(list: RecentLookup[]): Promise<RecentWithQuotes> {
  const epics = list.map((r) => r.epic);
  return { list, quotes: epics.length ? await readQuotes(epics) : new Map() };
}

/** Opens a cache database now, so that it is open when the key to read in it is known. */
function openEarly(store: 'snapshots' | 'search') {
  cacheStore(store)('readonly', () => undefined).catch(() => undefined);
}

export function startFirstPaint(params: PopupParams): FirstPaint {
  openEarly('snapshots');
  const primed = new Map<string, Promise<Fresh<MarketQuote[]> | null>>();
  const prime = (term: string) => {
    const key = normaliseTerm(term).toLowerCase();
    if (key.length >= 2)
      primed.set(
        key,
        readSearch(key).catch(() => null),
      );
  };
  const recent = recentLookups
    .getValue()
    .then(recentWithQuotes)
    .catch(() => ({ list: [], quotes: new Map() }));
  let lastQuery: Promise<string> = Promise.resolve('');
  if (params.q) prime(params.q);
  else if (!params.epic) {
    openEarly('search');
    lastQuery = popupLastQuery.getValue().catch(() => '');
    void lastQuery.then(prime);
  }
  return {
    recent,
    lastQuery,
    readSearch(term) {
      const key = normaliseTerm(term).toLowerCase();
      const early = primed.get(key);
      // Used once: a later read of the same term must see what the background wrote since.
      primed.delete(key);
      return early ?? readSearch(term);
    },
  };
}
