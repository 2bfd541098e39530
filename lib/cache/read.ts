// The pages' read-only view of the cache, for an instant first paint. Pure idb-keyval reads: nothing
// here writes (the background is the only writer), and `stale` is decided at read time.
import { get, getMany } from 'idb-keyval';
import type { CacheStoreName, WatchlistView } from '../messages/contract';
import type { Fresh, MarketFacts, MarketQuote, Sentiment, SentimentPoint, WatchlistSummary } from '../model';
import { orMiss } from '../or-miss';
import { type CacheEntry, keys, type SnapshotEntry, type WatchlistMembers } from './entry';
import { isStale } from './freshness';
import { cacheStore } from './stores';

function fresh<T>(store: CacheStoreName, entry: CacheEntry<T>, now: number): Fresh<T> {
  return { value: entry.value, fetchedAt: entry.fetchedAt, stale: isStale(store, entry.fetchedAt, now) };
}

function readOne<T>(store: CacheStoreName, key: string): Promise<Fresh<T> | null> {
  return orMiss(async () => {
    const entry = await get<CacheEntry<T>>(key, cacheStore(store));
    return entry ? fresh(store, entry, Date.now()) : null;
  }, null);
}

function readMany<T>(store: CacheStoreName, ids: string[]): Promise<Map<string, Fresh<T>>> {
  return orMiss(() => readAll<T>(store, ids), new Map());
}

async function readAll<T>(store: CacheStoreName, ids: string[]): Promise<Map<string, Fresh<T>>> {
  const out = new Map<string, Fresh<T>>();
  if (ids.length === 0) return out;
  const entries = await getMany<CacheEntry<T> | undefined>(ids, cacheStore(store));
  const now = Date.now();
  ids.forEach((id, i) => {
    const entry = entries[i];
    if (entry) out.set(id, fresh(store, entry, now));
  });
  return out;
}

export function readSearch(term: string): Promise<Fresh<MarketQuote[]> | null> {
  return readOne('search', keys.search(term));
}

export function readQuotes(epics: string[]): Promise<Map<string, Fresh<MarketQuote>>> {
  return readMany('snapshots', epics);
}

export function readFacts(epic: string): Promise<Fresh<MarketFacts> | null> {
  return readOne('details', epic);
}

export function readSentiment(marketIds: string[]): Promise<Map<string, Fresh<Sentiment>>> {
  return readMany('sentiment', marketIds);
}

export function readSentimentHistory(marketId: string): Promise<SentimentPoint[]> {
  return orMiss(async () => {
    const entry = await get<CacheEntry<SentimentPoint[]>>(marketId, cacheStore('sentiment-history'));
    return entry?.value ?? [];
  }, []);
}

export function readWatchlists(): Promise<Fresh<WatchlistSummary[]> | null> {
  return readOne('watchlists', keys.watchlistList);
}

/** The watchlist's members with the latest snapshot of each (markets not in the cache are left out). */
export function readWatchlist(id: string): Promise<Fresh<WatchlistView> | null> {
  return orMiss(() => readMembers(id), null);
}

async function readMembers(id: string): Promise<Fresh<WatchlistView> | null> {
  const entry = await get<CacheEntry<WatchlistMembers>>(keys.watchlist(id), cacheStore('watchlists'));
  if (!entry) return null;
  const { summary, epics } = entry.value;
  const snapshots = epics.length ? await getMany<SnapshotEntry | undefined>(epics, cacheStore('snapshots')) : [];
  const markets: MarketQuote[] = [];
  for (const s of snapshots) if (s) markets.push(s.value);
  return {
    value: { summary, epics, markets },
    fetchedAt: entry.fetchedAt,
    stale: isStale('watchlists', entry.fetchedAt, Date.now()),
  };
}

/** Recent mid prices of an epic, oldest first, for its sparkline. */
export function readSparkline(epic: string): Promise<(number | null)[] | null> {
  return orMiss(async () => {
    const entry = await get<SnapshotEntry>(epic, cacheStore('snapshots'));
    return entry?.trail?.length ? entry.trail : null;
  }, null);
}
