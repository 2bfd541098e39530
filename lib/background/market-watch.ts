// The market-watch service: every read goes through the cache (fresh entries cost no request, stale
// ones are served and revalidated), identical requests in flight are shared, and watchlist edits reach
// the cache only once the service has confirmed them.
import type { CacheWriterImpl } from '../cache/writer';
import type { WatchlistView } from '../messages/contract';
import type { Fresh, MarketFacts, MarketQuote, Resolution, Sentiment, WatchlistSummary } from '../model';
import { CategorySource } from './category-source';
import { HistorySource } from './history-source';
import { Inflight } from './inflight';
import type { MarketData } from './market-data';
import type { MarketWatchApi, ReadOptions } from './ports';
import { QuoteSource } from './quote-source';
import { SearchSource } from './search-source';
import { SentimentSource } from './sentiment-source';
import type { SourceDeps } from './source-deps';
import { WatchlistEdits } from './watchlist-edits';
import { WatchlistSource } from './watchlist-source';

export interface MarketWatchOptions {
  data(): Promise<MarketData>;
  cache: CacheWriterImpl;
  now?: () => number;
  revalidationFailed?: (err: unknown) => void;
  /** Epics the stream keeps current. */
  streamed?: () => ReadonlySet<string>;
}

export class MarketWatch implements MarketWatchApi {
  readonly quoteSource: QuoteSource;
  private readonly sentimentSource: SentimentSource;
  private readonly watchlistSource: WatchlistSource;
  private readonly searchSource: SearchSource;
  readonly inflight = new Inflight();
  private readonly historySource: HistorySource;
  private readonly categorySource: CategorySource;
  private readonly edits: WatchlistEdits;

  constructor(options: MarketWatchOptions) {
    const deps: SourceDeps = {
      data: options.data,
      cache: options.cache,
      now: options.now ?? Date.now,
      inflight: this.inflight,
      revalidationFailed: options.revalidationFailed ?? (() => {}),
      streamed: options.streamed,
    };
    this.quoteSource = new QuoteSource(deps);
    this.sentimentSource = new SentimentSource(deps);
    this.watchlistSource = new WatchlistSource(deps, this.quoteSource);
    this.searchSource = new SearchSource(deps, this.quoteSource);
    this.historySource = new HistorySource(deps);
    this.categorySource = new CategorySource(deps, this.quoteSource);
    this.edits = new WatchlistEdits(deps, this.watchlistSource);
  }

  search(term: string) {
    return this.searchSource.search(term);
  }
  quotes(epics: string[], options?: ReadOptions): Promise<Fresh<MarketQuote>[]> {
    return this.quoteSource.quotes(epics, options);
  }
  facts(epic: string): Promise<Fresh<MarketFacts>> {
    return this.quoteSource.facts(epic);
  }
  /** Sentiment ids of these epics from their cached details. */
  marketIds(epics: string[]): Promise<Map<string, string>> {
    return this.quoteSource.marketIds(epics);
  }
  sentiment(marketIds: string[], options?: ReadOptions): Promise<Fresh<Sentiment>[]> {
    return this.sentimentSource.sentiment(marketIds, options);
  }
  related(marketId: string) {
    return this.sentimentSource.related(marketId);
  }
  sentimentHistory(marketId: string) {
    return this.sentimentSource.history(marketId);
  }
  async history(epic: string, resolution: Resolution, from: number, to: number) {
    return this.historySource.history(epic, resolution, from, to);
  }
  async categories() {
    return this.categorySource.categories();
  }
  async categoryInstruments(categoryId: string, page: number, pageSize: number) {
    return this.categorySource.categoryInstruments(categoryId, page, pageSize);
  }
  watchlists(): Promise<Fresh<WatchlistSummary[]>> {
    return this.watchlistSource.list();
  }
  watchlist(id: string, options?: ReadOptions): Promise<Fresh<WatchlistView>> {
    return this.watchlistSource.get(id, options);
  }
  async createWatchlist(name: string, epics: string[]) {
    return this.edits.create(name, epics);
  }
  async deleteWatchlist(id: string) {
    return this.edits.remove(id);
  }
  async addToWatchlist(id: string, epic: string) {
    return this.edits.addMarket(id, epic);
  }
  async removeFromWatchlist(id: string, epic: string) {
    return this.edits.removeMarket(id, epic);
  }
}
