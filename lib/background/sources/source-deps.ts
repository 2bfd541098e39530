// What each part of the market-watch service shares: the service port, the cache, the clock,
// the in-flight table, and where background revalidation failures go.
import type { CacheEntry } from '../../cache/entry';
import { FRESH_FOR_MS, isStale } from '../../cache/freshness';
import type { CacheWriterImpl } from '../../cache/writer';
import type { CacheStoreName } from '../../messages/contract';
import type { Fresh } from '../../model';
import type { Inflight } from './inflight';
import type { MarketData } from './market-data';

export interface SourceDeps {
  /** The service port; throws SignedOutError when no credentials are configured. */
  data(): Promise<MarketData>;
  cache: CacheWriterImpl;
  now(): number;
  inflight: Inflight;
  /** A stale entry's revalidation failed: the stale value stays, the status shows why. */
  revalidationFailed(err: unknown): void;
  /** Epics whose prices the stream keeps current: their snapshots are fresh however old. */
  streamed?(): ReadonlySet<string>;
}

export function toFresh<T>(store: CacheStoreName, entry: CacheEntry<T>, now: number): Fresh<T> {
  return { value: entry.value, fetchedAt: entry.fetchedAt, stale: isStale(store, entry.fetchedAt, now) };
}

export type Need = 'fresh' | 'stale' | 'missing';

/**
 * What an entry needs. With `maxAgeMs` (the engine's cadence) an entry at least that old is refetched
 * and waited for; otherwise the kind's freshness decides and a stale entry is served and revalidated.
 */
export function need(
  store: CacheStoreName,
  entry: CacheEntry<unknown> | undefined,
  now: number,
  maxAgeMs?: number,
): Need {
  if (!entry) return 'missing';
  const age = now - entry.fetchedAt;
  if (maxAgeMs !== undefined) return age >= maxAgeMs ? 'missing' : 'fresh';
  return age >= FRESH_FOR_MS[store] ? 'stale' : 'fresh';
}

/** Start a revalidation nobody waits for; its failure is reported, never thrown. */
export function revalidate(deps: SourceDeps, job: () => Promise<unknown>): void {
  job().catch((err) => deps.revalidationFailed(err));
}

/** A cached value as pages get it: a missing one is loaded and waited for, a stale one served and revalidated. */
export async function cachedOrLoad<T>(
  deps: SourceDeps,
  store: CacheStoreName,
  key: string,
  load: () => Promise<Fresh<T>>,
): Promise<Fresh<T>> {
  const entry = await deps.cache.get<T>(store, key);
  const now = deps.now();
  const n = need(store, entry, now);
  if (!entry || n === 'missing') return load();
  if (n === 'stale') revalidate(deps, load);
  return toFresh(store, entry, now);
}

/**
 * Cached values by id as pages get them, each id's need already decided: missing ones are fetched and
 * waited for, stale ones served while `fetch` revalidates them.
 */
export async function servedMany<T>(
  deps: SourceDeps,
  store: CacheStoreName,
  ids: string[],
  entries: (CacheEntry<T> | undefined)[],
  needs: Need[],
  now: number,
  fetch: (ids: string[]) => Promise<Map<string, Fresh<T>>>,
): Promise<Fresh<T>[]> {
  const missing = ids.filter((_, i) => needs[i] === 'missing');
  const stale = ids.filter((_, i) => needs[i] === 'stale');
  if (stale.length) revalidate(deps, () => fetch(stale));
  const fetched = missing.length ? await fetch(missing) : new Map<string, Fresh<T>>();
  const out: Fresh<T>[] = [];
  ids.forEach((id, i) => {
    const got = fetched.get(id);
    const entry = entries[i];
    if (got) out.push(got);
    else if (entry) out.push(toFresh(store, entry, now));
  });
  return out;
}

/** Fetches a whole value once however many ask at once (`shared`), caches it under `key`, returns it fresh. */
export function fetchAndCache<T>(
  deps: SourceDeps,
  shared: string,
  store: CacheStoreName,
  key: string,
  fetch: (data: MarketData) => Promise<T>,
): Promise<Fresh<T>> {
  return deps.inflight.share(shared, async () => {
    const value = await fetch(await deps.data());
    const fetchedAt = deps.now();
    await deps.cache.put(store, key, value, fetchedAt);
    return { value, fetchedAt, stale: false };
  });
}
