// What each part of the market-watch service shares: the service port, the cache, the clock,
// the in-flight table, and where background revalidation failures go.
import type { CacheEntry } from '../cache/entry';
import { FRESH_FOR_MS, isStale } from '../cache/freshness';
import type { CacheWriterImpl } from '../cache/writer';
import type { CacheStoreName } from '../messages/contract';
import type { Fresh } from '../model';
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
