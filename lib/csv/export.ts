// A watchlist as CSV: epic, name, bid, offer, change, change %. RFC 4180 quoting through papaparse;
// cells that a spreadsheet would run as a formula (=, +, -, @ at the start of a name) are defused with a
// leading apostrophe. Numbers are written plain (no thousands separators) so the file reads back as numbers,
// levels and changes at IG's precision for the market where known (1.17710, not 1.1771).
import Papa from 'papaparse';
import { decimalPlaces, plainLevel } from '../format';
import type { MarketQuote } from '../model';
import { FORMULA } from './formula';

export { machineFormatNote } from './format-note';

export const CSV_COLUMNS = ['epic', 'name', 'bid', 'offer', 'change', 'change %'] as const;

/** A UTF-8 byte order mark: lets spreadsheet programs read names with accents correctly. */
export const BOM = '\uFEFF';

type Row = Pick<
  MarketQuote,
  'epic' | 'instrumentName' | 'bid' | 'offer' | 'netChange' | 'percentageChange' | 'decimalPlacesFactor'
>;

function num(n: number | null, decimals?: number): number | string {
  if (n === null || !Number.isFinite(n)) return '';
  return decimals === undefined ? n : plainLevel(n, decimals);
}

export function watchlistCsv(markets: readonly Row[]): string {
  return Papa.unparse(
    {
      fields: [...CSV_COLUMNS],
      data: markets.map((m) => {
        const d = decimalPlaces(m.decimalPlacesFactor) ?? undefined;
        return [m.epic, m.instrumentName, num(m.bid, d), num(m.offer, d), num(m.netChange, d), num(m.percentageChange)];
      }),
    },
    { escapeFormulae: FORMULA, newline: '\r\n', quotes: false },
  );
}
