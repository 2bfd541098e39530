// Watchlist reads and edits. Edits cross the client's guard with the signed-in account's implicit
// 'watchlists' permit (ig-market-data.ts) and reach the cache only after the service confirmed them.
import type { Handlers } from './table';

type WatchlistHandlers = Pick<
  Handlers,
  | 'watchlists.list'
  | 'watchlists.get'
  | 'watchlists.create'
  | 'watchlists.delete'
  | 'watchlists.addMarket'
  | 'watchlists.removeMarket'
>;

export const watchlistHandlers: WatchlistHandlers = {
  'watchlists.list': async (_req, ctx) => ctx.markets.watchlists(),
  'watchlists.get': async (req, ctx) => ctx.markets.watchlist(req.id),
  'watchlists.create': async (req, ctx) => ctx.markets.createWatchlist(req.name, req.epics),
  'watchlists.delete': async (req, ctx) => {
    await ctx.markets.deleteWatchlist(req.id);
    return null;
  },
  'watchlists.addMarket': async (req, ctx) => ctx.markets.addToWatchlist(req.id, req.epic),
  'watchlists.removeMarket': async (req, ctx) => ctx.markets.removeFromWatchlist(req.id, req.epic),
};
