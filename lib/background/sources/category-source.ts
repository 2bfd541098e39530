// The category tree (cached whole, served stale while revalidated) and a category's instruments, which
// refresh their snapshots: the side panel's browse, loaded with its first request.
import { keys } from '../../cache/entry';
import type { CategorySummary, Fresh, MarketQuote } from '../../model';
import type { QuoteSource } from './quote-source';
import { cachedOrLoad, fetchAndCache, type SourceDeps } from './source-deps';

export class CategorySource {
  constructor(
    private readonly deps: SourceDeps,
    private readonly quotes: QuoteSource,
  ) {}

  categories(): Promise<Fresh<CategorySummary[]>> {
    return cachedOrLoad(this.deps, 'details', keys.categories, () =>
      fetchAndCache(this.deps, 'categories', 'details', keys.categories, (data) => data.categories()),
    );
  }

  categoryInstruments(categoryId: string, page: number, pageSize: number): Promise<MarketQuote[]> {
    return this.deps.inflight.share(`category:${categoryId}|${page}|${pageSize}`, async () => {
      const data = await this.deps.data();
      const instruments = await data.categoryInstruments(categoryId, page, pageSize);
      return this.quotes.store(instruments, this.deps.now());
    });
  }
}
