// Watchlists: the list and each one's members cached; a watchlist's reply also refreshes the snapshots
// of its markets. Edits are watchlist-edits.ts's.
import { i18n } from '#i18n';
import { keys, type WatchlistMembers } from '../../cache/entry';
import type { WatchlistView } from '../../messages/contract';
import type { Fresh, MarketQuote, WatchlistSummary } from '../../model';
import type { ReadOptions } from '../ports';
import { NotFoundError } from '../routing/errors';
import type { QuoteSource } from './quote-source';
import { cachedOrLoad, fetchAndCache, need, revalidate, type SourceDeps } from './source-deps';

export class WatchlistSource {
  constructor(
    private readonly deps: SourceDeps,
    private readonly quotes: QuoteSource,
  ) {}

  list(): Promise<Fresh<WatchlistSummary[]>> {
    return cachedOrLoad(this.deps, 'watchlists', keys.watchlistList, () =>
      fetchAndCache(this.deps, 'watchlists', 'watchlists', keys.watchlistList, (data) => data.watchlists()),
    );
  }

  private async summaryOf(id: string): Promise<WatchlistSummary> {
    const list = await this.list();
    const summary = list.value.find((w) => w.id === id);
    if (!summary) throw new NotFoundError(i18n.t('workerError.watchlistGone'));
    return summary;
  }

  private load(id: string): Promise<Fresh<WatchlistView>> {
    return this.deps.inflight.share(`watchlist:${id}`, async () => {
      const summary = await this.summaryOf(id);
      const data = await this.deps.data();
      const fetched = await data.watchlistMarkets(id);
      const fetchedAt = this.deps.now();
      const markets = await this.quotes.store(fetched, fetchedAt);
      const epics = markets.map((m) => m.epic);
      await this.deps.cache.put<WatchlistMembers>('watchlists', keys.watchlist(id), { summary, epics }, fetchedAt);
      return { value: { summary, epics, markets }, fetchedAt, stale: false };
    });
  }

  /** The members with their snapshots; members the cache has no snapshot of are fetched (batched). */
  async view(members: WatchlistMembers): Promise<WatchlistView> {
    const snapshots = await this.deps.cache.getMany<MarketQuote>('snapshots', members.epics);
    const lacking = members.epics.filter((_, i) => !snapshots[i]);
    const fetched = new Map<string, MarketQuote>();
    if (lacking.length) {
      const got = await this.quotes.quotes(lacking).catch(() => []);
      for (const q of got) fetched.set(q.value.epic, q.value);
    }
    const markets: MarketQuote[] = [];
    members.epics.forEach((epic, i) => {
      const q = snapshots[i]?.value ?? fetched.get(epic);
      if (q) markets.push(q);
    });
    return { summary: members.summary, epics: members.epics, markets };
  }

  async get(id: string, options: ReadOptions = {}): Promise<Fresh<WatchlistView>> {
    const entry = await this.deps.cache.get<WatchlistMembers>('watchlists', keys.watchlist(id));
    const now = this.deps.now();
    const n = need('watchlists', entry, now, options.maxAgeMs);
    if (!entry || n === 'missing') return this.load(id);
    if (n === 'stale') revalidate(this.deps, () => this.load(id));
    return { value: await this.view(entry.value), fetchedAt: entry.fetchedAt, stale: n === 'stale' };
  }
}
