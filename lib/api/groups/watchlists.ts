import { type ClientCore, labelled, sendParsed } from '../core';
import type { CallOptions } from '../requests';
import { WatchlistMarketsSchema, WatchlistsResponseSchema } from '../schemas/watchlists';
import { need } from '../validate';

export function watchlistsReads(core: ClientCore) {
  return {
    list: labelled('watchlists.list', (opts: CallOptions = {}) =>
      sendParsed(core, 'watchlists.list', WatchlistsResponseSchema, opts),
    ),
    get: labelled('watchlists.get', (watchlistId: string, opts: CallOptions = {}) => {
      need('watchlistId', watchlistId, 'watchlists.get', 'watchlist_id');
      return sendParsed(core, 'watchlists.get', WatchlistMarketsSchema, {
        ...opts,
        params: { watchlist_id: watchlistId },
      });
    }),
  };
}
