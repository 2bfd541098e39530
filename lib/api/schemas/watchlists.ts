import * as v from 'valibot';
import { lazySchema } from '../../lazy-schema';
import { idString, optBool, optStr } from './kit';
import { MarketSummarySchema } from './market';

export const WatchlistSchema = lazySchema(() =>
  v.looseObject({
    id: idString,
    name: v.string(),
    editable: optBool,
    deleteable: optBool,
    defaultSystemWatchlist: optBool,
  }),
);
export type Watchlist = v.InferOutput<typeof WatchlistSchema>;

export const WatchlistsResponseSchema = lazySchema(() => v.looseObject({ watchlists: v.array(WatchlistSchema) }));
export type WatchlistsResponse = v.InferOutput<typeof WatchlistsResponseSchema>;

export const WatchlistMarketsSchema = lazySchema(() => v.looseObject({ markets: v.array(MarketSummarySchema) }));
export type WatchlistMarkets = v.InferOutput<typeof WatchlistMarketsSchema>;

export const WatchlistCreatedSchema = lazySchema(() => v.looseObject({ watchlistId: idString, status: optStr }));
export type WatchlistCreated = v.InferOutput<typeof WatchlistCreatedSchema>;

export const StatusResponseSchema = lazySchema(() => v.looseObject({ status: optStr }));
export type StatusResponse = v.InferOutput<typeof StatusResponseSchema>;
