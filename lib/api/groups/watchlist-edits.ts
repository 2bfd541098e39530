// Watchlist edits, reached only through createWatchlistEditor (guarded.ts, scope `watchlists`).
import { type ClientCore, labelled, sendParsed } from '../core';
import type { MutationHooks } from '../mutation-gate';
import type { CallOptions } from '../requests';
import { StatusResponseSchema, WatchlistCreatedSchema } from '../schemas/watchlists';
import { fail, need } from '../validate-trading';

export function watchlistsMutations(core: ClientCore, hooks: MutationHooks) {
  return {
    create: labelled(
      'watchlists.create',
      async (name: string, epics: readonly string[] = [], opts: CallOptions = {}) => {
        const label = 'watchlists.create';
        hooks.check(label);
        need('watchlistName', name, label, 'name');
        if (!Array.isArray(epics)) fail('epics', 'Invalid epics: expected a list of epics', label);
        for (const epic of epics) need('epic', epic, label, 'epics');
        const beforeSend = await hooks.enter(label);
        const body = { name, epics: [...new Set(epics)] };
        return sendParsed(core, label, WatchlistCreatedSchema, { ...opts, beforeSend, body });
      },
    ),
    addMarket: labelled('watchlists.add_market', async (watchlistId: string, epic: string, opts: CallOptions = {}) => {
      const label = 'watchlists.add_market';
      hooks.check(label);
      need('watchlistId', watchlistId, label, 'watchlist_id');
      need('epic', epic, label);
      const beforeSend = await hooks.enter(label);
      const params = { watchlist_id: watchlistId };
      return sendParsed(core, label, StatusResponseSchema, { ...opts, beforeSend, params, body: { epic } });
    }),
    delete: labelled('watchlists.delete', async (watchlistId: string, opts: CallOptions = {}) => {
      const label = 'watchlists.delete';
      hooks.check(label);
      need('watchlistId', watchlistId, label, 'watchlist_id');
      const beforeSend = await hooks.enter(label);
      return sendParsed(core, label, StatusResponseSchema, {
        ...opts,
        beforeSend,
        params: { watchlist_id: watchlistId },
      });
    }),
    removeMarket: labelled(
      'watchlists.remove_market',
      async (watchlistId: string, epic: string, opts: CallOptions = {}) => {
        const label = 'watchlists.remove_market';
        hooks.check(label);
        need('watchlistId', watchlistId, label, 'watchlist_id');
        need('epic', epic, label);
        const beforeSend = await hooks.enter(label);
        const params = { watchlist_id: watchlistId, epic };
        return sendParsed(core, label, StatusResponseSchema, { ...opts, beforeSend, params });
      },
    ),
  };
}
