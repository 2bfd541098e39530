// A period's transactions as CSV: ISO dates, plain machine-readable numbers (no currency symbol, no
// thousands separator, a level with every digit IG gave it), the round trip's deals where they are linked.
// RFC 4180 through papaparse, with cells a spreadsheet would run as a formula defused (a signed number is not one).
import Papa from 'papaparse';
import { plainLevel } from '../format';
import { keptDecimals } from '../history/levels';
import type { TradeLink } from '../history/link';
import type { HistoryTransaction } from '../history/types';
import { FORMULA } from './formula';

export const HISTORY_CSV_COLUMNS = [
  'date',
  'type',
  'market',
  'period',
  'reference',
  'size',
  'open_level',
  'close_level',
  'pnl',
  'currency',
  'opened',
  'open_deal_id',
  'close_deal_id',
  'link',
] as const;

/** A level with every digit IG gave it ("1.15400"), dot decimal, no grouping; a record without them as before. */
const cell = (n: number | null, decimals: number | undefined) =>
  n === null ? '' : plainLevel(n, keptDecimals(decimals));

export function historyCsv(
  transactions: readonly HistoryTransaction[],
  links: ReadonlyMap<HistoryTransaction, TradeLink>,
): string {
  return Papa.unparse(
    {
      fields: [...HISTORY_CSV_COLUMNS],
      data: transactions.map((t) => {
        const link = links.get(t);
        return [
          t.at,
          t.type,
          t.instrumentName,
          t.period ?? '',
          t.reference ?? '',
          t.size === null ? '' : Number(t.size),
          cell(t.openLevel, t.openDecimals),
          cell(t.closeLevel, t.closeDecimals),
          t.pnl ? Number(t.pnl.value) : '',
          t.pnl?.symbol ?? t.currency ?? '',
          t.openedAt ?? '',
          link?.linked ? link.openDealId : '',
          link?.linked ? link.closeDealId : '',
          link ? (link.linked ? 'linked' : 'not linked') : '',
        ];
      }),
    },
    { escapeFormulae: FORMULA, newline: '\r\n', quotes: false },
  );
}

/** "marketside-history-2025-03-01-to-2025-03-31.csv" */
export function historyFilename(from: number, to: number): string {
  const day = (ms: number) => {
    const d = new Date(ms);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  };
  return `marketside-history-${day(from)}-to-${day(to)}.csv`;
}
