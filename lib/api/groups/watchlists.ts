import { type ClientCore, labelled, sendParsed } from '../core';
import type { CallOptions } from '../requests';
import {
  StatusResponseSchema,
  WatchlistCreatedSchema,
  WatchlistMarketsSchema,
  WatchlistsResponseSchema,
} from '../schemas/watchlists';
import { fail, need } from '../validate';

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

/** Reached only through createWatchlistEditor (scope `watchlists`). */
export function watchlistsMutations(core: ClientCore) {
  return {
    create: labelled('watchlists.create', (name: string, epics: readonly string[] = [], opts: CallOptions = {}) => {
      const label = 'watchlists.create';
      need('watchlistName', name, label, 'name');
      if (!Array.isArray(epics)) fail('epics', 'Invalid epics: expected a list of epics', label);
      for (const epic of epics) need('epic', epic, label, 'epics');
      return sendParsed(core, label, WatchlistCreatedSchema, { ...opts, body: { name, epics: [...new Set(epics)] } });
    }),
    addMarket: labelled('watchlists.add_market', (watchlistId: string, epic: string, opts: CallOptions = {}) => {
      const label = 'watchlists.add_market';
      need('watchlistId', watchlistId, label, 'watchlist_id');
      need('epic', epic, label);
      return sendParsed(core, label, StatusResponseSchema, {
        ...opts,
        params: { watchlist_id: watchlistId },
        body: { epic },
      });
    }),
    delete: labelled('watchlists.delete', (watchlistId: string, opts: CallOptions = {}) => {
      need('watchlistId', watchlistId, 'watchlists.delete', 'watchlist_id');
      return sendParsed(core, 'watchlists.delete', StatusResponseSchema, {
        ...opts,
        params: { watchlist_id: watchlistId },
      });
    }),
    removeMarket: labelled('watchlists.remove_market', (watchlistId: string, epic: string, opts: CallOptions = {}) => {
      const label = 'watchlists.remove_market';
      need('watchlistId', watchlistId, label, 'watchlist_id');
      need('epic', epic, label);
      return sendParsed(core, label, StatusResponseSchema, { ...opts, params: { watchlist_id: watchlistId, epic } });
    }),
  };
}
