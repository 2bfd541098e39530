// The market-watch service: every read goes through the cache (fresh entries cost no request, stale
// ones are served and revalidated), identical requests in flight are shared, and watchlist edits reach
// the cache only once the service has confirmed them.
import type { CacheWriterImpl } from '../../cache/writer';
import { loadOnce } from '../../load-once';
import type { WatchlistView } from '../../messages/contract';
import type { Fresh, MarketFacts, MarketQuote, Resolution, Sentiment, WatchlistSummary } from '../../model';
import { historyPart } from '../lazy-history';
import { lazyPart } from '../lazy-part';
import type { MarketWatchApi, ReadOptions } from '../ports';
import { Inflight } from './inflight';
import type { MarketData } from './market-data';
import { QuoteSource } from './quote-source';
import { SearchSource } from './search-source';
import { SentimentSource } from './sentiment-source';
import type { SourceDeps } from './source-deps';
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
  // A chart's history, browsing categories and edits load with their first request (in Chrome's worker as
  // parts of their own).
  private readonly historySource = loadOnce(async () => new (await historyPart()).HistorySource(this.deps));
  private readonly categorySource = lazyPart(
    'categories',
    async () => new (await import('./category-source')).CategorySource(this.deps, this.quoteSource),
  );
  private readonly edits = lazyPart(
    'watchlist editing',
    async () => new (await import('./watchlist-edits')).WatchlistEdits(this.deps, this.watchlistSource),
  );
  private readonly deps: SourceDeps;

  constructor(options: MarketWatchOptions) {
    const deps: SourceDeps = {
      data: options.data,
      cache: options.cache,
      now: options.now ?? Date.now,
      inflight: this.inflight,
      revalidationFailed: options.revalidationFailed ?? (() => {}),
      streamed: options.streamed,
    };
    this.deps = deps;
    this.quoteSource = new QuoteSource(deps);
    this.sentimentSource = new SentimentSource(deps);
    this.watchlistSource = new WatchlistSource(deps, this.quoteSource);
    this.searchSource = new SearchSource(deps, this.quoteSource);
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
    return (await this.historySource()).history(epic, resolution, from, to);
  }
  async categories() {
    return (await this.categorySource()).categories();
  }
  async categoryInstruments(categoryId: string, page: number, pageSize: number) {
    return (await this.categorySource()).categoryInstruments(categoryId, page, pageSize);
  }
  watchlists(): Promise<Fresh<WatchlistSummary[]>> {
    return this.watchlistSource.list();
  }
  watchlist(id: string, options?: ReadOptions): Promise<Fresh<WatchlistView>> {
    return this.watchlistSource.get(id, options);
  }
  async createWatchlist(name: string, epics: string[]) {
    return (await this.edits()).create(name, epics);
  }
  async deleteWatchlist(id: string) {
    return (await this.edits()).remove(id);
  }
  async addToWatchlist(id: string, epic: string) {
    return (await this.edits()).addMarket(id, epic);
  }
  async removeFromWatchlist(id: string, epic: string) {
    return (await this.edits()).removeMarket(id, epic);
  }
}
