// One idb-keyval database per cache kind, so each kind is cleared, counted and evicted on its own.
// The background is the only writer; pages open the same databases to read for their first paint.
import { createStore, type UseStore } from 'idb-keyval';
import type { CacheStoreName } from '../messages/contract';

export const CACHE_STORES: readonly CacheStoreName[] = [
  'snapshots',
  'details',
  'sentiment',
  'sentiment-history',
  'prices',
  'search',
  'watchlists',
  'account-history',
];

const opened = new Map<CacheStoreName, UseStore>();

export function cacheStore(name: CacheStoreName): UseStore {
  let store = opened.get(name);
  if (!store) {
    store = createStore(`marketside-${name}`, 'entries');
    opened.set(name, store);
  }
  return store;
}
