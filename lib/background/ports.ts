// What the handlers see of the background's parts: the market-watch service, the cache writer and the
// session. Concrete classes implement these; handlers and tests depend only on the shapes here.

import type { LockStore } from '../api';
import type { CacheEntry } from '../cache/entry';
import type { CacheStoreName, StatusView, WatchlistView } from '../messages/contract';
import type {
  AccountSummary,
  Candle,
  CategorySummary,
  Fresh,
  HistoricalAllowance,
  MarketFacts,
  MarketQuote,
  Resolution,
  Sentiment,
  SentimentPoint,
  WatchlistSummary,
} from '../model';

export interface ReadOptions {
  /** Treat entries older than this as missing and wait for the service (default: the kind's freshness). */
  maxAgeMs?: number;
}

/** Cached, batched (≤50 epics a request), coalesced reads and confirmed-then-cached watchlist edits. */
export interface MarketWatchApi {
  search(term: string): Promise<Fresh<MarketQuote[]>>;
  quotes(epics: string[], options?: ReadOptions): Promise<Fresh<MarketQuote>[]>;
  facts(epic: string): Promise<Fresh<MarketFacts>>;
  sentiment(marketIds: string[], options?: ReadOptions): Promise<Fresh<Sentiment>[]>;
  related(marketId: string): Promise<Fresh<Sentiment[]>>;
  sentimentHistory(marketId: string): Promise<SentimentPoint[]>;
  history(
    epic: string,
    resolution: Resolution,
    from: number,
    to: number,
  ): Promise<{ candles: Candle[]; allowance: HistoricalAllowance | null; requestedPoints: number }>;
  categories(): Promise<Fresh<CategorySummary[]>>;
  /** One page of a category's instruments (1-based page); their prices also refresh the snapshots. */
  categoryInstruments(categoryId: string, page: number, pageSize: number): Promise<MarketQuote[]>;
  watchlists(): Promise<Fresh<WatchlistSummary[]>>;
  watchlist(id: string, options?: ReadOptions): Promise<Fresh<WatchlistView>>;
  createWatchlist(name: string, epics: string[]): Promise<WatchlistSummary>;
  deleteWatchlist(id: string): Promise<void>;
  addToWatchlist(id: string, epic: string): Promise<WatchlistView>;
  removeFromWatchlist(id: string, epic: string): Promise<WatchlistView>;
}

/** The only writer of the cache. Whole entries only, after a complete, validated reply. */
export interface CacheWriter {
  get<T>(store: CacheStoreName, key: string): Promise<CacheEntry<T> | undefined>;
  getMany<T>(store: CacheStoreName, keys: string[]): Promise<(CacheEntry<T> | undefined)[]>;
  /** Writes whole entries and announces the keys to open pages. */
  put<T>(store: CacheStoreName, key: string, value: T, fetchedAt?: number): Promise<void>;
  remove(store: CacheStoreName, keys: string[]): Promise<void>;
}

export interface SessionApi {
  /** The status the pages show; also broadcast to open live ports when it changes. */
  status(): Promise<StatusView>;
  /** The signed-in account, logging in on first need (stored tokens are reused). */
  account(): Promise<AccountSummary>;
  /** The reconciliation lock (storage.local); the client records it, dealing handlers read and clear it. */
  lockStore: LockStore;
}
