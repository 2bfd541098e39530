// A HandlerContext over an in-memory market universe and watchlists, recording what it was asked.
import { vi } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api/errors';
import type { HandlerContext } from '../../lib/background/handlers/table';
import type { MarketWatchApi } from '../../lib/background/ports';
import type { WatchlistView } from '../../lib/messages/contract';
import type { Fresh, MarketQuote, Sentiment, WatchlistSummary } from '../../lib/model';

export function market(
  epic: string,
  name: string,
  bid: number | null,
  offer: number | null,
  marketId?: string,
): MarketQuote {
  return {
    epic,
    instrumentName: name,
    instrumentType: 'CURRENCIES',
    expiry: '-',
    bid,
    offer,
    high: null,
    low: null,
    netChange: 0.001,
    percentageChange: 0.1,
    marketStatus: 'TRADEABLE',
    updatedAt: null,
    ...(marketId ? { marketId } : {}),
  };
}

export interface FakeOptions {
  markets: MarketQuote[];
  watchlists?: { summary: WatchlistSummary; epics: string[] }[];
  /** Fail addToWatchlist for these epics with this error. */
  addFails?: Map<string, Error>;
  /** Make a whole quotes batch fail when it contains one of these epics (like a service that refuses unknown epics). */
  refuseUnknownBatches?: boolean;
  sentiment?: Sentiment[];
  now?: number;
}

export function fakeContext(options: FakeOptions) {
  const now = options.now ?? 1_700_000_000_000;
  const universe = new Map(options.markets.map((m) => [m.epic, m]));
  const lists = new Map((options.watchlists ?? []).map((w) => [w.summary.id, { ...w, epics: [...w.epics] }]));
  const fresh = <T>(value: T): Fresh<T> => ({ value, fetchedAt: now, stale: false });
  const view = (id: string): WatchlistView => {
    const l = lists.get(id);
    if (!l)
      throw new ApiError('Watchlist not found', {
        errorCode: 'error.watchlists.management.watchlist-not-found',
        status: 404,
      });
    return { summary: l.summary, epics: [...l.epics], markets: l.epics.flatMap((e) => universe.get(e) ?? []) };
  };
  const quoteBatches: string[][] = [];
  const markets = {
    quotes: vi.fn(async (epics: string[]) => {
      quoteBatches.push([...epics]);
      if (epics.length > 50)
        throw new ApiError('Too many epics', { errorCode: 'error.public-api.too-many-epics', status: 400 });
      if (options.refuseUnknownBatches && epics.some((e) => !universe.has(e))) {
        throw new ApiError('Epic not found', { errorCode: 'error.instrument.epic.unavailable', status: 404 });
      }
      return epics.flatMap((e) => {
        const m = universe.get(e);
        return m ? [fresh(m)] : [];
      });
    }),
    facts: vi.fn(async (epic: string) => fresh({ epic, marketId: universe.get(epic)?.marketId ?? null } as never)),
    sentiment: vi.fn(async (ids: string[]) =>
      (options.sentiment ?? []).filter((s) => ids.includes(s.marketId)).map((s) => fresh(s)),
    ),
    watchlist: vi.fn(async (id: string) => fresh(view(id))),
    createWatchlist: vi.fn(async (name: string, epics: string[]) => {
      const id = `wl-${lists.size + 1}`;
      const summary = { id, name, editable: true, deleteable: true, defaultSystemWatchlist: false };
      // Like IG's SUCCESS_NOT_ALL_INSTRUMENTS_ADDED: markets that are not tradeable on the list are dropped.
      lists.set(id, { summary, epics: epics.filter((e) => !options.addFails?.has(e)) });
      return summary;
    }),
    addToWatchlist: vi.fn(async (id: string, epic: string) => {
      const failure = options.addFails?.get(epic);
      if (failure) throw failure;
      const l = lists.get(id);
      if (!l) throw new Error('no list');
      l.epics.push(epic);
      return view(id);
    }),
  };
  const ctx = {
    markets: markets as unknown as MarketWatchApi,
    now: () => now,
  } as unknown as HandlerContext;
  return { ctx, markets, lists, quoteBatches };
}

export const offline = () => new NetworkError('The trading service cannot be reached');
export const invalidEpic = () =>
  new ApiError('Invalid epic', { errorCode: 'error.service.watchlists.add-instrument.invalid-epic', status: 400 });
