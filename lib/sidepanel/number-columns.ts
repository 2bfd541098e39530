// The watchlist's numbers as text, laid out so that a column reads at a glance: one number of decimals
// per market (its prices and its change alike), each number padded after its decimal part so the points of
// a column line up, and the columns as wide as their longest number (in `ch` of tabular digits).
import { decimalSeparator, formatChange, formatLocale, formatPct, formatPrice, marketDecimals } from '../format';
import type { MarketQuote } from '../model';

export interface RowNumbers {
  bid: string;
  offer: string;
  change: string;
  pct: string;
}

const numbersByQuote = new WeakMap<object, { locale: string; n: RowNumbers }>();

/** rowNumbers of a quote object, formatted once per locale for as long as the object lives (rows keep unchanged quotes). */
export function rowNumbersOf(q: Parameters<typeof rowNumbers>[0]): RowNumbers {
  const locale = formatLocale();
  const held = numbersByQuote.get(q);
  if (held?.locale === locale) return held.n;
  const n = rowNumbers(q);
  numbersByQuote.set(q, { locale, n });
  return n;
}

/** The row's numbers, prices and change to the market's own number of decimals. */
export function rowNumbers(
  q: Pick<MarketQuote, 'bid' | 'offer' | 'netChange' | 'percentageChange' | 'decimalPlacesFactor'>,
): RowNumbers {
  const d = marketDecimals(q);
  return {
    bid: formatPrice(q.bid, d),
    offer: formatPrice(q.offer, d),
    change: formatChange(q.netChange, d),
    pct: formatPct(q.percentageChange),
  };
}

/** A formatted number as its whole part and its decimal part (with the point); '' when it has none. */
export function splitDecimal(text: string, separator = decimalSeparator()): [whole: string, fraction: string] {
  const i = text.indexOf(separator);
  return i < 0 ? [text, ''] : [text.slice(0, i), text.slice(i)];
}

/**
 * The padding after a number that puts its point where its column's points are: a point as far from the cell's
 * end as the longest decimal part (`--wl-frac`, in `ch`) less this number's own decimal part, a separator and its
 * digits in the widths measured in the page (`--wl-sep`, `--wl-digit`); a number without a point ends there.
 */
export function fractionPad(fraction: string): string {
  if (!fraction) return 'var(--wl-frac, 0px)';
  const digits = fraction.length - 1;
  return `calc(var(--wl-frac, 0px) - var(--wl-sep, 1ch) - ${digits} * var(--wl-digit, 1ch))`;
}

/** Characters the arrow before a percentage takes ("▲ "). */
const ARROW_CH = 2;
const MIN_CH = 5;

export interface ColumnWidths {
  /** Width of the decimal part every price and change gets, so their points line up. */
  fractionCh: number;
  /** The column holding bid over change. */
  bidCh: number;
  /** The column holding offer over the percentage change. */
  offerCh: number;
}

/** Each row's widths, measured once for as long as its numbers live (a frame of prices makes new ones only for rows that ticked). */
const measured = new WeakMap<RowNumbers, { whole: number; fraction: number; pct: number }>();

function measure(r: RowNumbers) {
  let m = measured.get(r);
  if (m) return m;
  m = { whole: 0, fraction: 0, pct: r.pct.length + ARROW_CH };
  for (const text of [r.bid, r.offer, r.change]) {
    const [w, f] = splitDecimal(text);
    m.whole = Math.max(m.whole, w.length);
    m.fraction = Math.max(m.fraction, f.length);
  }
  measured.set(r, m);
  return m;
}

export function columnWidths(rows: readonly RowNumbers[]): ColumnWidths {
  let whole = 0;
  let fraction = 0;
  let pct = 0;
  for (const r of rows) {
    const m = measure(r);
    whole = Math.max(whole, m.whole);
    fraction = Math.max(fraction, m.fraction);
    pct = Math.max(pct, m.pct);
  }
  const number = Math.max(MIN_CH, whole + fraction);
  return { fractionCh: fraction, bidCh: number, offerCh: Math.max(number, pct) };
}
