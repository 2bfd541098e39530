// Numbers in the locale: prices, changes, money, percentages, sizes and counts as shown, and numbers as typed
// into form fields (a level in the locale's decimal separator, and what the user typed read back).
import { i18n } from '#i18n';
import { fixed, fixedFormat, numberFormat, tickPercentAffix } from './formatters';
import { formatLocale } from './locale';
import { decimalsFor, MAX_DECIMALS, plainLevel } from './precision';

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

/** A level for a form field: no grouping, the market's decimals, the locale's decimal separator ("1,08500"). */
export function inputLevel(value: number, decimals: number | undefined, locale = formatLocale()): string {
  const plain = plainLevel(value, decimals);
  const sep = decimalSeparator(locale);
  return sep === '.' ? plain : plain.replace('.', sep);
}

const separators = new Map<string, string>();

/** The decimal separator of a locale: "." (en) or "," (de, fr, it, es). Read once per locale: a streamed
 * watchlist asks for it for every number it lays out, every frame. */
export function decimalSeparator(locale = formatLocale()): string {
  let sep = separators.get(locale);
  if (sep === undefined) {
    sep =
      numberFormat(locale, 'c1', fixed(1))
        .formatToParts(1.5)
        .find((p) => p.type === 'decimal')?.value ?? '.';
    separators.set(locale, sep);
  }
  return sep;
}

/** A number as typed by the user, read in their locale. */
export type TypedNumber =
  | { ok: true; value: number | null }
  | { ok: false; reason: 'separator' | 'not-a-number'; error: string };

/**
 * Reads a typed amount: empty → null; exactly the locale's decimal separator ("0,5" in de, "0.5" in en);
 * spaces are ignored (they cannot be a decimal mark); the other mark ("." in de, "," in en) is refused,
 * also as a thousands separator, since "1.000" means one thousand to one trader and one to another.
 */
export function parseTypedNumber(text: string, locale = formatLocale()): TypedNumber {
  const sep = decimalSeparator(locale);
  const other = sep === ',' ? '.' : ',';
  const t = text.trim().replace(/[\s\u00a0\u202f]/g, '');
  if (t === '') return { ok: true, value: null };
  if (t.includes(other))
    return {
      ok: false,
      reason: 'separator',
      error: i18n.t('number.separator', { sep, example: sep === ',' ? '0,5' : '0.5' }),
    };
  const plain = sep === ',' ? t.replace(',', '.') : t;
  if (!/^[+]?(\d+\.?\d*|\.\d+)$/.test(plain))
    return { ok: false, reason: 'not-a-number', error: i18n.t('number.notANumber') };
  return { ok: true, value: Number(plain) };
}
