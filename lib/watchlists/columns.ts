// The columns a watchlist can show after the market's name, their headers and what each sorts by. Pure.
import { i18n } from '#i18n';
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
  readonly label: string;
  readonly short: string;
  /** Right-aligned numbers. */
  numeric: boolean;
}

/** A column with its full and short header in the UI's language, read when shown. */
function def(id: ColumnId, numeric: boolean, label: () => string, short: () => string): ColumnDef {
  return {
    id,
    numeric,
    get label() {
      return label();
    },
    get short() {
      return short();
    },
  };
}

export const COLUMN_DEFS: Record<ColumnId, ColumnDef> = {
  bid: def(
    'bid',
    true,
    () => i18n.t('term.bid'),
    () => i18n.t('term.bid'),
  ),
  offer: def(
    'offer',
    true,
    () => i18n.t('term.offer'),
    () => i18n.t('term.offer'),
  ),
  mid: def(
    'mid',
    true,
    () => i18n.t('column.mid'),
    () => i18n.t('column.midShort'),
  ),
  change: def(
    'change',
    true,
    () => i18n.t('term.change'),
    () => i18n.t('column.changeShort'),
  ),
  changePct: def(
    'changePct',
    true,
    () => i18n.t('column.changePct'),
    () => i18n.t('column.changePctShort'),
  ),
  high: def(
    'high',
    true,
    () => i18n.t('column.dayHigh'),
    () => i18n.t('term.high'),
  ),
  low: def(
    'low',
    true,
    () => i18n.t('column.dayLow'),
    () => i18n.t('term.low'),
  ),
  range: def(
    'range',
    false,
    () => i18n.t('column.dayRange'),
    () => i18n.t('column.rangeShort'),
  ),
  spread: def(
    'spread',
    true,
    () => i18n.t('term.spread'),
    () => i18n.t('column.spreadShort'),
  ),
  sentiment: def(
    'sentiment',
    false,
    () => i18n.t('term.clientSentiment'),
    () => i18n.t('column.sentimentShort'),
  ),
  status: def(
    'status',
    false,
    () => i18n.t('column.status'),
    () => i18n.t('column.statusShort'),
  ),
  updated: def(
    'updated',
    true,
    () => i18n.t('column.updated'),
    () => i18n.t('column.updatedShort'),
  ),
  spark: def(
    'spark',
    false,
    () => i18n.t('column.spark'),
    () => i18n.t('column.sparkShort'),
  ),
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
