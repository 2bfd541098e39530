import type { MarketQuote, Sentiment } from '../../lib/model';
import type { RowModel } from '../../lib/sidepanel/rows';

export function quote(epic: string, patch: Partial<MarketQuote> = {}): MarketQuote {
  return {
    epic,
    instrumentName: epic,
    instrumentType: 'CURRENCIES',
    expiry: '-',
    bid: 1,
    offer: 1.1,
    high: null,
    low: null,
    netChange: 0,
    percentageChange: 0,
    marketStatus: 'TRADEABLE',
    updatedAt: null,
    ...patch,
  };
}

export function row(epic: string, patch: Partial<MarketQuote> = {}, extra: Partial<RowModel> = {}): RowModel {
  return { epic, quote: quote(epic, patch), fetchedAt: 1_000, stale: false, sentiment: null, ...extra };
}

export function sentiment(marketId: string, long: number): Sentiment {
  return { marketId, longPositionPercentage: long, shortPositionPercentage: 100 - long };
}
