// The account-history store's keys, and the pages' read-only view of it: the History view paints its first
// page from what the background cached (read straight from IndexedDB, as DESIGN.md §2 allows) before the
// background answers. Nothing here writes; the background is the only writer.
import { get, getMany } from 'idb-keyval';
import type { CacheEntry } from '../cache/entry';
import { cacheStore } from '../cache/stores';
import { orMiss } from '../or-miss';
import { activityKey, HISTORY_ACCOUNT_KEY, transactionsKey } from './keys';
import type { ActivityQuery, HistoryActivity, HistoryTransaction } from './types';

export interface ActivityEntry {
  activities: HistoryActivity[];
  next: ActivityQuery | null;
}

export interface CachedHistory {
  transactions: HistoryTransaction[];
  activities: HistoryActivity[];
  hasMore: boolean;
}

/** The account the cached history belongs to, for a page that does not know it yet. */
export function readHistoryAccount(): Promise<string | null> {
  return orMiss(async () => {
    const entry = await get<CacheEntry<string>>(HISTORY_ACCOUNT_KEY, cacheStore('account-history'));
    return typeof entry?.value === 'string' ? entry.value : null;
  }, null);
}

const started = new Map<string, Promise<CachedHistory | null>>();

/** Starts the read of the view's first period as the page opens (lib/sidepanel/first-paint.ts); the view takes it. */
export function prefetchCachedHistory(accountId: string, from: number, to: number): void {
  const key = transactionsKey(accountId, from, to);
  if (!started.has(key))
    started.set(
      key,
      orMiss(() => readFromCache(accountId, from, to), null),
    );
}

/** The period's cached transactions and first page of activity of `accountId`, when both are cached. */
export function readCachedHistory(accountId: string, from: number, to: number): Promise<CachedHistory | null> {
  const key = transactionsKey(accountId, from, to);
  const early = started.get(key);
  started.delete(key);
  return early ?? orMiss(() => readFromCache(accountId, from, to), null);
}

async function readFromCache(accountId: string, from: number, to: number): Promise<CachedHistory | null> {
  const [tx, act] = await getMany<CacheEntry<unknown> | undefined>(
    [transactionsKey(accountId, from, to), activityKey(accountId, from, to, 0)],
    cacheStore('account-history'),
  );
  const transactions = tx?.value;
  const activity = act?.value as ActivityEntry | undefined;
  if (!Array.isArray(transactions) || !Array.isArray(activity?.activities)) return null;
  return {
    transactions: transactions as HistoryTransaction[],
    activities: activity.activities,
    hasMore: activity.next !== null,
  };
}
