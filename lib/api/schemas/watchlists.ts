import * as v from 'valibot';
import { idString, optBool, optStr } from './kit';
import { MarketSummarySchema } from './market';

export const WatchlistSchema = v.looseObject({
  id: idString,
  name: v.string(),
  editable: optBool,
  deleteable: optBool,
  defaultSystemWatchlist: optBool,
});
export type Watchlist = v.InferOutput<typeof WatchlistSchema>;

export const WatchlistsResponseSchema = v.looseObject({ watchlists: v.array(WatchlistSchema) });
export type WatchlistsResponse = v.InferOutput<typeof WatchlistsResponseSchema>;

export const WatchlistMarketsSchema = v.looseObject({ markets: v.array(MarketSummarySchema) });
export type WatchlistMarkets = v.InferOutput<typeof WatchlistMarketsSchema>;

export const WatchlistCreatedSchema = v.looseObject({ watchlistId: idString, status: optStr });
export type WatchlistCreated = v.InferOutput<typeof WatchlistCreatedSchema>;

export const StatusResponseSchema = v.looseObject({ status: optStr });
export type StatusResponse = v.InferOutput<typeof StatusResponseSchema>;
