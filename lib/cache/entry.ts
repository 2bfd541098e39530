// What every cache entry holds, and the keys of the entries that are not keyed by an epic or market id.
import type { Candle, HistoricalAllowance, MarketQuote, Resolution, WatchlistSummary } from '../model';

export interface CacheEntry<T> {
  value: T;
  /** Epoch ms when the background fetched the value from the service. */
  fetchedAt: number;
  /** Epoch ms when the value was last asked for; the eviction order. */
  lastUsed: number;
}

/** A market snapshot with the trail of recent mid prices the sparkline draws. */
export interface SnapshotEntry extends CacheEntry<MarketQuote> {
  trail: (number | null)[];
  /** Epoch ms of the newest trail point. */
  trailAt: number;
}

/** Price bars of one epic at one resolution and the time ranges already asked of the service. */
export interface PriceSeries {
  candles: Candle[];
  /** Sorted, disjoint [from, to) ranges in epoch ms that the service has answered for. */
  covered: [number, number][];
  allowance: HistoricalAllowance | null;
}

export interface WatchlistMembers {
  summary: WatchlistSummary;
  epics: string[];
}

export function normaliseTerm(term: string): string {
  return term.trim().toLowerCase();
}

/** A search's key in the search store (keys.search; apart, so an early script need not carry the table). */
export const searchKey: (term: string) => string = normaliseTerm;

export const keys = {
  /** The account's watchlists, in the watchlists store. */
  watchlistList: 'list',
  watchlist: (id: string) => `wl:${id}`,
  /** The category tree, in the details store (epics never start with '#'). */
  categories: '#categories',
  /** Related markets' sentiment, in the sentiment store. */
  related: (marketId: string) => `related:${marketId}`,
  prices: (epic: string, resolution: Resolution) => `${epic}|${resolution}`,
  search: searchKey,
};
