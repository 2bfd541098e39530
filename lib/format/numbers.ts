// Prices, changes, money, percentages, sizes and counts, in the locale.
import { fixed, fixedFormat, numberFormat, tickPercentAffix } from './formatters';
import { formatLocale } from './locale';
import { decimalsFor, MAX_DECIMALS } from './precision';

export function formatPrice(value: number | null | undefined, decimals?: number, locale = formatLocale()): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  return fixedFormat(locale, decimals ?? decimalsFor(value)).format(value);
}

/** Signed; a value that shows as zero at these decimals (−0, −0.001 at 2) has no sign. */
export function formatChange(value: number | null | undefined, decimals?: number, locale = formatLocale()): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  const places = decimals ?? decimalsFor(value);
  const shown = Math.round(Math.abs(value) * 10 ** places) === 0 ? 0 : value;
  const sign = shown > 0 ? '+' : shown < 0 ? '−' : '';
  return sign + formatPrice(Math.abs(value), places, locale);
}

const minorUnits = new Map<string, number>();

/** Minor units of a currency (GBP 2, JPY 0); 2 when the code is unknown. */
export function currencyDecimals(currency: string | null | undefined): number {
  if (!currency || !/^[A-Z]{3}$/.test(currency)) return 2;
  let d = minorUnits.get(currency);
  if (d === undefined) {
    try {
      d = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      d = 2;
    }
    minorUnits.set(currency, d);
  }
  return d;
}

/** Money at its currency's precision, followed by the code: "1,234.50 GBP" (de "1.234,50 GBP"), signed "−12.00 USD". */
export function formatMoney(
  value: number | null | undefined,
  currency: string,
  signed = false,
  locale = formatLocale(),
): string {
  const d = currencyDecimals(currency);
  const text = signed ? formatChange(value, d, locale) : formatPrice(value, d, locale);
  return `${text} ${currency}`.trimEnd();
}

/** A percentage given in percent (1.23 → "+1.23%", de "+1,23 %"); signed unless `signed` is false. */
export function formatPct(
  value: number | null | undefined,
  decimals = 2,
  signed = true,
  locale = formatLocale(),
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  const shown = Math.round(Math.abs(value) * 10 ** decimals) === 0 ? 0 : value;
  const sign = !signed ? (shown < 0 ? '−' : '') : shown > 0 ? '+' : shown < 0 ? '−' : '';
  const number = fixedFormat(locale, decimals).format(Math.abs(value));
  const affix = tickPercentAffix();
  return sign + affix[0] + number + affix[1];
}

/** A share in percent, unsigned: "62%", "62.5%" with `maxDecimals` 1 (de "62 %", "62,5 %"). */
export function formatShare(value: number | null | undefined, maxDecimals = 0, locale = formatLocale()): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  return numberFormat(locale, `sh${maxDecimals}`, { style: 'percent', maximumFractionDigits: maxDecimals }).format(
    value / 100,
  );
}

/** A deal size or any plain quantity: as many decimals as it carries (at most 6), grouped. */
export function formatSize(value: number | null | undefined, locale = formatLocale()): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  return numberFormat(locale, 's', { maximumFractionDigits: MAX_DECIMALS }).format(value);
}

/**
 * An exact decimal string ("-1234.5", "0.125") grouped in the locale, at least two decimals, none dropped:
 * Intl formats a decimal string without going through a float.
 */
export function formatDecimalText(value: string, locale = formatLocale()): string {
  const dot = value.indexOf('.');
  const decimals = dot < 0 ? 0 : value.length - dot - 1;
  const min = Math.min(decimals, 2);
  const max = Math.max(decimals, 2);
  return numberFormat(locale, `x${min}|${max}`, { minimumFractionDigits: min, maximumFractionDigits: max }).format(
    value as unknown as number,
  );
}

/** A count (points of an allowance, rows): whole, grouped. */
export function formatCount(value: number, locale = formatLocale()): string {
  return numberFormat(locale, 'c', { maximumFractionDigits: 0 }).format(value);
}

/** A number at exactly `places` decimals, ungrouped sign handling left to the caller ("12.5 pts"). */
export function formatNumber(value: number, places: number, locale = formatLocale()): string {
  return numberFormat(locale, `n${places}`, fixed(places)).format(value);
}
