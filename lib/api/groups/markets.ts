import { type ClientCore, labelled, sendParsed } from '../core';
import type { CallOptions } from '../requests';
import { MarketDetailsSchema, type MarketList, MarketListSchema, MarketSearchResultSchema } from '../schemas/market';
import { fail, need } from '../validate';

/** The service answers at most 50 epics a request (reference §5.4). */
export const MARKETS_BATCH_SIZE = 50;

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export function marketsGroup(core: ClientCore) {
  return {
    /** Any number of epics: sent in batches of at most 50 (duplicates once), replies merged in order. */
    list: labelled(
      'markets.list',
      async (epics: readonly string[], query: { filter?: 'ALL' | 'SNAPSHOT_ONLY' } = {}, opts: CallOptions = {}) => {
        const label = 'markets.list';
        if (!Array.isArray(epics)) fail('epics', 'Invalid epics: expected a list of epics', label);
        for (const epic of epics) need('epic', epic, label, 'epics');
        if (query.filter !== undefined && query.filter !== 'ALL' && query.filter !== 'SNAPSHOT_ONLY') {
          fail('filter', 'Invalid filter: expected ALL or SNAPSHOT_ONLY', label);
        }
        const unique = [...new Set(epics)];
        const replies = await Promise.all(
          chunk(unique, MARKETS_BATCH_SIZE).map((batch) =>
            sendParsed(core, label, MarketListSchema, {
              ...opts,
              query: { epics: batch.join(','), filter: query.filter },
            }),
          ),
        );
        const merged: MarketList = { marketDetails: replies.flatMap((r) => r.marketDetails) };
        return merged;
      },
    ),
    search: labelled('markets.search', (searchTerm: string, opts: CallOptions = {}) => {
      need('searchTerm', searchTerm, 'markets.search');
      return sendParsed(core, 'markets.search', MarketSearchResultSchema, {
        ...opts,
        query: { searchTerm: searchTerm.trim() },
      });
    }),
    get: labelled('markets.get', (epic: string, opts: CallOptions = {}) => {
      need('epic', epic, 'markets.get');
      return sendParsed(core, 'markets.get', MarketDetailsSchema, { ...opts, params: { epic } });
    }),
  };
}
