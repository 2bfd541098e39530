// Numbers in form fields: a level as the user types it, and what the user typed read back in their locale.
import { i18n } from '#i18n';
import { fixed, numberFormat } from './formatters';
import { formatLocale } from './locale';
import { plainLevel } from './precision';

/** A level for a form field: no grouping, the market's decimals, the locale's decimal separator ("1,08500"). */
export function inputLevel(value: number, decimals: number | undefined, locale = formatLocale()): string {
  const plain = plainLevel(value, decimals);
  const sep = decimalSeparator(locale);
  return sep === '.' ? plain : plain.replace('.', sep);
}

/** The decimal separator of a locale: "." (en) or "," (de, fr, it, es). */
export function decimalSeparator(locale = formatLocale()): string {
  return (
    numberFormat(locale, 'c1', fixed(1))
      .formatToParts(1.5)
      .find((p) => p.type === 'decimal')?.value ?? '.'
  );
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
