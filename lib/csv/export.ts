// A watchlist as CSV: epic, name, bid, offer, change, change %. RFC 4180 quoting through papaparse;
// cells that a spreadsheet would run as a formula (=, +, -, @ at the start of a name) are defused with a
// leading apostrophe. Numbers are written plain (no thousands separators) so the file reads back as numbers.
import Papa from 'papaparse';
import type { MarketQuote } from '../model';

export const CSV_COLUMNS = ['epic', 'name', 'bid', 'offer', 'change', 'change %'] as const;

/** A UTF-8 byte order mark: lets spreadsheet programs read names with accents correctly. */
export const BOM = '\uFEFF';

type Row = Pick<MarketQuote, 'epic' | 'instrumentName' | 'bid' | 'offer' | 'netChange' | 'percentageChange'>;

function num(n: number | null): number | string {
  return n === null || !Number.isFinite(n) ? '' : n;
}

export function watchlistCsv(markets: readonly Row[]): string {
  return Papa.unparse(
    {
      fields: [...CSV_COLUMNS],
      data: markets.map((m) => [
        m.epic,
        m.instrumentName,
        num(m.bid),
        num(m.offer),
        num(m.netChange),
        num(m.percentageChange),
      ]),
    },
    { escapeFormulae: true, newline: '\r\n', quotes: false },
  );
}
