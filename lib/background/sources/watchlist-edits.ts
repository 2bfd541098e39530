// Watchlist edits (loaded with the first, with the guarded client that sends them): the cache changes only
// after the service has confirmed an edit, so a failed request loses nothing.
import { i18n } from '#i18n';
import { keys, type WatchlistMembers } from '../../cache/entry';
import type { WatchlistView } from '../../messages/contract';
import type { WatchlistSummary } from '../../model';
import { NotFoundError } from '../routing/errors';
import type { SourceDeps } from './source-deps';
import type { WatchlistSource } from './watchlist-source';

export class WatchlistEdits {
  constructor(
    private readonly deps: SourceDeps,
    private readonly source: WatchlistSource,
  ) {}

  private async setList(fn: (list: WatchlistSummary[]) => WatchlistSummary[]): Promise<void> {
    await this.deps.cache.update<WatchlistSummary[]>('watchlists', [keys.watchlistList], (_, current) =>
      current ? { ...current, value: fn(current.value), lastUsed: this.deps.now() } : undefined,
    );
  }

  async create(name: string, epics: string[]): Promise<WatchlistSummary> {
    const data = await this.deps.data();
    const id = await data.createWatchlist(name, epics);
    const summary: WatchlistSummary = { id, name, editable: true, deleteable: true, defaultSystemWatchlist: false };
    await this.setList((list) => [...list.filter((w) => w.id !== id), summary]);
    await this.deps.cache.put<WatchlistMembers>(
      'watchlists',
      keys.watchlist(id),
      { summary, epics: [...new Set(epics)] },
      this.deps.now(),
    );
    return summary;
  }

  async remove(id: string): Promise<void> {
    const data = await this.deps.data();
    await data.deleteWatchlist(id);
    await this.setList((list) => list.filter((w) => w.id !== id));
    await this.deps.cache.remove('watchlists', [keys.watchlist(id)]);
  }

  private async edit(id: string, change: (epics: string[]) => string[]): Promise<WatchlistView> {
    await this.deps.cache.update<WatchlistMembers>('watchlists', [keys.watchlist(id)], (_, current) =>
      current ? { ...current, value: { ...current.value, epics: change(current.value.epics) } } : undefined,
    );
    const entry = await this.deps.cache.get<WatchlistMembers>('watchlists', keys.watchlist(id));
    if (!entry) throw new NotFoundError(i18n.t('workerError.watchlistGone'));
    return this.source.view(entry.value);
  }

  async addMarket(id: string, epic: string): Promise<WatchlistView> {
    await this.source.get(id);
    const data = await this.deps.data();
    await data.addMarket(id, epic);
    return this.edit(id, (epics) => (epics.includes(epic) ? epics : [...epics, epic]));
  }

  async removeMarket(id: string, epic: string): Promise<WatchlistView> {
    await this.source.get(id);
    const data = await this.deps.data();
    await data.removeMarket(id, epic);
    return this.edit(id, (epics) => epics.filter((e) => e !== epic));
  }
}
