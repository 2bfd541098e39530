// Search results: cached whole, served stale while revalidated.
import { keys } from '../../cache/entry';
import type { Fresh, MarketQuote } from '../../model';
import type { QuoteSource } from './quote-source';
import { cachedOrLoad, type SourceDeps } from './source-deps';

export class SearchSource {
  constructor(
    private readonly deps: SourceDeps,
    private readonly quotes: QuoteSource,
  ) {}

  private loadSearch(term: string): Promise<Fresh<MarketQuote[]>> {
    const key = keys.search(term);
    return this.deps.inflight.share(`search:${key}`, async () => {
      const data = await this.deps.data();
      const found = await data.search(key);
      const fetchedAt = this.deps.now();
      const results = await this.quotes.store(found, fetchedAt);
      await this.deps.cache.put('search', key, results, fetchedAt);
      return { value: results, fetchedAt, stale: false };
    });
  }

  search(term: string): Promise<Fresh<MarketQuote[]>> {
    return cachedOrLoad(this.deps, 'search', keys.search(term), () => this.loadSearch(term));
  }
}
