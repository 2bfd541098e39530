// The service's read and watchlist operations as the market-watch service needs them, in view-model
// terms. Backed by the typed client (ig-market-data.ts); each call is exactly one request except where
// noted, which is what the request-count tests and benchmarks rely on.
import type { RateBudgetState } from '../../api/rate-budget';
import type {
  Candle,
  CategorySummary,
  HistoricalAllowance,
  MarketFacts,
  MarketQuote,
  Resolution,
  Sentiment,
  WatchlistSummary,
} from '../../model';

export interface MarketDetailsView {
  quote: MarketQuote;
  facts: MarketFacts;
}

export interface MarketData {
  search(term: string): Promise<MarketQuote[]>;
  /** One `markets.list` request: at most 50 epics. */
  markets(epics: string[]): Promise<MarketDetailsView[]>;
  /** One `client_sentiment.list` request for all the ids. */
  sentiment(marketIds: string[]): Promise<Sentiment[]>;
  related(marketId: string): Promise<Sentiment[]>;
  prices(
    epic: string,
    resolution: Resolution,
    from: number,
    to: number,
  ): Promise<{ candles: Candle[]; allowance: HistoricalAllowance | null }>;
  categories(): Promise<CategorySummary[]>;
  categoryInstruments(categoryId: string, page: number, pageSize: number): Promise<MarketQuote[]>;
  watchlists(): Promise<WatchlistSummary[]>;
  watchlistMarkets(id: string): Promise<MarketQuote[]>;
  /** Returns the new watchlist's id. */
  createWatchlist(name: string, epics: string[]): Promise<string>;
  deleteWatchlist(id: string): Promise<void>;
  addMarket(id: string, epic: string): Promise<void>;
  removeMarket(id: string, epic: string): Promise<void>;
  /** The client's rate budget now. */
  budget(): RateBudgetState;
}
