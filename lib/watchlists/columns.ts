// The columns a watchlist can show after the market's name, their headers and what each sorts by. Pure.
import { midOf, spreadOf } from '../format';
import type { MarketQuote, Sentiment } from '../model';

export const columnIds = [
  'bid',
  'offer',
  'mid',
  'change',
  'changePct',
  'high',
  'low',
  'range',
  'spread',
  'sentiment',
  'status',
  'updated',
  'spark',
] as const;
export type ColumnId = (typeof columnIds)[number];

/** Today's columns: a list nobody chose columns for shows these, in the two-line layout. */
export const DEFAULT_COLUMNS: ColumnId[] = ['bid', 'offer', 'change', 'changePct', 'sentiment', 'status', 'spark'];

export interface ColumnDef {
  id: ColumnId;
  label: string;
  short: string;
  /** Right-aligned numbers. */
  numeric: boolean;
}

export const COLUMN_DEFS: Record<ColumnId, ColumnDef> = {
  bid: { id: 'bid', label: 'Bid', short: 'Bid', numeric: true },
  offer: { id: 'offer', label: 'Offer', short: 'Offer', numeric: true },
  mid: { id: 'mid', label: 'Mid price', short: 'Mid', numeric: true },
  change: { id: 'change', label: 'Change', short: 'Chg', numeric: true },
  changePct: { id: 'changePct', label: 'Change %', short: 'Chg %', numeric: true },
  high: { id: 'high', label: 'Day high', short: 'High', numeric: true },
  low: { id: 'low', label: 'Day low', short: 'Low', numeric: true },
  range: { id: 'range', label: 'Day range', short: 'Range', numeric: false },
  spread: { id: 'spread', label: 'Spread', short: 'Sprd', numeric: true },
  sentiment: { id: 'sentiment', label: 'Client sentiment', short: 'Sentiment', numeric: false },
  status: { id: 'status', label: 'Market status', short: 'Status', numeric: false },
  updated: { id: 'updated', label: 'Last update', short: 'Updated', numeric: true },
  spark: { id: 'spark', label: 'Recent prices', short: 'Trend', numeric: false },
};

/** Where the price stands in the day's range, 0 (the low) to 1 (the high); null without a range. */
export function rangePosition(q: Pick<MarketQuote, 'bid' | 'offer' | 'high' | 'low'>): number | null {
  const mid = midOf(q.bid, q.offer);
  if (mid === null || q.high === null || q.low === null || q.high <= q.low) return null;
  return Math.min(1, Math.max(0, (mid - q.low) / (q.high - q.low)));
}

/** What a column sorts by; null sorts last. The sparkline sorts by the day's change %, the move it draws. */
export function columnValue(
  row: { quote: MarketQuote; sentiment: Sentiment | null },
  column: ColumnId | 'name',
): string | number | null {
  const q = row.quote;
  switch (column) {
    case 'name':
      return q.instrumentName.toLocaleLowerCase();
    case 'bid':
      return q.bid;
    case 'offer':
      return q.offer;
    case 'mid':
      return midOf(q.bid, q.offer);
    case 'change':
      return q.netChange;
    case 'changePct':
    case 'spark':
      return q.percentageChange;
    case 'high':
      return q.high;
    case 'low':
      return q.low;
    case 'range':
      return rangePosition(q);
    case 'spread':
      return spreadOf(q.bid, q.offer);
    case 'sentiment':
      return row.sentiment ? row.sentiment.longPositionPercentage : null;
    case 'status':
      return q.marketStatus;
    case 'updated':
      return q.updatedAt;
  }
}
