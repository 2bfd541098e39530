// Search results and the category tree: cached whole, served stale while revalidated.
import { keys } from '../cache/entry';
import type { CategorySummary, Fresh, MarketQuote } from '../model';
import type { QuoteSource } from './quote-source';
import { need, revalidate, type SourceDeps, toFresh } from './source-deps';

export class SearchSource {
  constructor(
    private readonly deps: SourceDeps,
    private readonly quotes: QuoteSource,
  ) {}

  private loadSearch(term: string): Promise<Fresh<MarketQuote[]>> {
    const key = keys.search(term);
    return this.deps.inflight.share(`search:${key}`, async () => {
      const data = await this.deps.data();
      const results = await data.search(key);
      const fetchedAt = this.deps.now();
      await this.deps.cache.put('search', key, results, fetchedAt);
      await this.quotes.store(results, fetchedAt);
      return { value: results, fetchedAt, stale: false };
    });
  }

  async search(term: string): Promise<Fresh<MarketQuote[]>> {
    const entry = await this.deps.cache.get<MarketQuote[]>('search', keys.search(term));
    const now = this.deps.now();
    const n = need('search', entry, now);
    if (!entry || n === 'missing') return this.loadSearch(term);
    if (n === 'stale') revalidate(this.deps, () => this.loadSearch(term));
    return toFresh('search', entry, now);
  }

  private loadCategories(): Promise<Fresh<CategorySummary[]>> {
    return this.deps.inflight.share('categories', async () => {
      const data = await this.deps.data();
      const list = await data.categories();
      const fetchedAt = this.deps.now();
      await this.deps.cache.put('details', keys.categories, list, fetchedAt);
      return { value: list, fetchedAt, stale: false };
    });
  }

  async categories(): Promise<Fresh<CategorySummary[]>> {
    const entry = await this.deps.cache.get<CategorySummary[]>('details', keys.categories);
    const now = this.deps.now();
    const n = need('details', entry, now);
    if (!entry || n === 'missing') return this.loadCategories();
    if (n === 'stale') revalidate(this.deps, () => this.loadCategories());
    return toFresh('details', entry, now);
  }

  categoryInstruments(categoryId: string, page: number, pageSize: number): Promise<MarketQuote[]> {
    return this.deps.inflight.share(`category:${categoryId}|${page}|${pageSize}`, async () => {
      const data = await this.deps.data();
      const instruments = await data.categoryInstruments(categoryId, page, pageSize);
      await this.quotes.store(instruments, this.deps.now());
      return instruments;
    });
  }
}
