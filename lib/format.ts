// Formatting of prices, changes, money, sizes, dates and times for display, in the browser's UI locale
// (`setFormatLocale` pins one, for tests and for a page that knows better). Formatters are cached: this runs
// per streamed tick. Files (CSV) never come through here: they stay machine-readable (lib/csv).
import { i18n } from '#i18n';

/** Used where no browser says otherwise (Node, tests without a locale): the project's historical output. */
export const FALLBACK_LOCALE = 'en-GB';

let pinned: string | undefined;
let detected: string | undefined;

/** Pins the locale every formatter uses; `undefined` goes back to the browser's UI language. */
export function setFormatLocale(locale: string | undefined): void {
  pinned = locale === undefined ? undefined : supported(locale);
}

function supported(locale: string): string {
  try {
    return Intl.NumberFormat.supportedLocalesOf([locale])[0] ?? FALLBACK_LOCALE;
  } catch {
    return FALLBACK_LOCALE;
  }
}

interface I18nLike {
  i18n?: { getUILanguage?: () => string; getMessage?: (key: string) => string };
}

/** The locale numbers and dates show in: a pinned one, else the browser's UI language, else en-GB. */
export function formatLocale(): string {
  if (pinned) return pinned;
  if (detected) return detected;
  const g = globalThis as { browser?: I18nLike; chrome?: I18nLike };
  let ui: string | undefined;
  try {
    // The locale the catalogue's words come in first: Chromium's pages can report en-US from getUILanguage
    // while the browser (and its service worker) runs in another language.
    const api = (g.browser ?? g.chrome)?.i18n;
    ui = api?.getMessage?.('@@ui_locale') || api?.getUILanguage?.();
  } catch {
    ui = undefined;
  }
  detected = ui ? supported(ui.replace('_', '-')) : FALLBACK_LOCALE;
  return detected;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const k = `${locale}|${key}`;
  let f = numberFormats.get(k);
  if (!f) {
    f = new Intl.NumberFormat(locale, options);
    numberFormats.set(k, f);
  }
  return f;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(locale: string, key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const k = `${locale}|${key}|${options.timeZone ?? ''}`;
  let f = dateFormats.get(k);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(k, f);
  }
  return f;
}

const fixed = (places: number) => ({ minimumFractionDigits: places, maximumFractionDigits: places });

// The per-tick path (prices, changes, percentages) looks its formatter up by index, not by a built key.
let tickLocale = '';
let byPlaces: Intl.NumberFormat[] = [];
let percentAffix: [string, string] = ['', '%'];

function fixedFormat(locale: string, places: number): Intl.NumberFormat {
  if (locale !== tickLocale) {
    tickLocale = locale;
    byPlaces = [];
    const parts = new Intl.NumberFormat(locale, { style: 'percent' }).formatToParts(0.5);
    const at = parts.findIndex((p) => p.type === 'integer');
    const text = (xs: Intl.NumberFormatPart[]) => xs.map((p) => p.value).join('');
    percentAffix = [text(parts.slice(0, at)), text(parts.slice(at + 1))];
  }
  let f = byPlaces[places];
  if (!f) {
    f = new Intl.NumberFormat(locale, fixed(places));
    byPlaces[places] = f;
  }
  return f;
}

/** Decimal places a price shows, from its magnitude (IG quotes FX to 5 significant places). */
export function decimalsFor(value: number): number {
  const abs = Math.abs(value);
  if (abs >= 1000) return 1;
  if (abs >= 100) return 2;
  if (abs >= 10) return 3;
  if (abs >= 1) return 4;
  return 5;
}

/** The most decimals a level shows; IG quotes none finer. */
const MAX_DECIMALS = 6;

/** IG's `decimalPlacesFactor` when it is a usable number of decimal places, else null. */
export function decimalPlaces(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_DECIMALS ? value : null;
}

/**
 * Decimals a quote shows when IG's precision is not known yet: enough that the spread is visible and no
 * digit the quote carries is cut. A stopgap only: JSON drops trailing zeros, so 1.15400 arrives as 1.154.
 */
export function priceDecimals(bid: number | null | undefined, offer: number | null | undefined): number | undefined {
  const ref = bid ?? offer;
  if (ref === null || ref === undefined || !Number.isFinite(ref)) return undefined;
  let d = decimalsFor(ref);
  const spread = bid !== null && bid !== undefined && offer !== null && offer !== undefined ? Math.abs(offer - bid) : 0;
  while (d < MAX_DECIMALS && ((spread > 0 && spread < 10 ** -d - 1e-12) || !carries(ref, d) || !carries(offer, d))) d++;
  return d;
}

function carries(value: number | null | undefined, decimals: number): boolean {
  if (value === null || value === undefined) return true;
  return Math.abs(Math.round(value * 10 ** decimals) - value * 10 ** decimals) < 1e-6;
}

/** What a market's precision is read from: its quote, and its details' facts where a view has them. */
interface PrecisionOf {
  decimalPlacesFactor?: number | null;
  bid?: number | null;
  offer?: number | null;
}

/**
 * The one source of a market's precision: the decimal places every level, change and spread of it shows.
 * IG's `decimalPlacesFactor` (market details, carried in the cached quote and facts); until the details are
 * known, the quote's own digits.
 */
export function marketDecimals(quote?: PrecisionOf | null, facts?: PrecisionOf | null): number | undefined {
  return (
    decimalPlaces(facts?.decimalPlacesFactor) ??
    decimalPlaces(quote?.decimalPlacesFactor) ??
    priceDecimals(quote?.bid, quote?.offer)
  );
}

/** A level as plain text for a form field or a file: no thousands separators, at the market's decimals. */
export function plainLevel(value: number, decimals: number | undefined): string {
  return decimals === undefined ? String(value) : value.toFixed(decimals);
}

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
  return sign + percentAffix[0] + number + percentAffix[1];
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

/** Date and time in the user's time zone (or `timeZone`): "26/11/2026, 14:05" (de "26.11.2026, 14:05"). */
export function formatDateTime(ms: number, timeZone?: string, locale = formatLocale()): string {
  if (!Number.isFinite(ms)) return '–';
  return dateFormat(locale, 'dt', { dateStyle: 'short', timeStyle: 'short', timeZone }).format(ms);
}

/** Time of day with seconds in the user's time zone (or `timeZone`): "14:05:09". */
export function formatTime(ms: number, timeZone?: string, locale = formatLocale()): string {
  if (!Number.isFinite(ms)) return '–';
  return dateFormat(locale, 't', { timeStyle: 'medium', timeZone }).format(ms);
}

/** A compact moment for chart axes and sentiment readings: "26 Nov, 14:05" (de "26. Nov., 14:05"). */
export function formatMoment(ms: number, timeZone?: string, locale = formatLocale()): string {
  if (!Number.isFinite(ms)) return '–';
  return dateFormat(locale, 'm', {
    day: '2-digit',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(ms);
}

/** A day: "26 Nov 2026" (de "26. Nov. 2026"). */
export function formatDay(ms: number, timeZone?: string, locale = formatLocale()): string {
  if (!Number.isFinite(ms)) return '–';
  return dateFormat(locale, 'd', { day: '2-digit', month: 'short', year: 'numeric', timeZone }).format(ms);
}

/**
 * A time zone named as the user reads it on `at`: "United Kingdom Time, BST" (de "Vereinigtes Königreich
 * (Ortszeit), GMT+1"); UTC as "UTC".
 */
export function zoneName(timeZone: string, at: number, locale = formatLocale()): string {
  const part = (style: 'short' | 'shortGeneric') =>
    dateFormat(locale, `z${style}`, { timeZone, timeZoneName: style })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value;
  try {
    const short = part('short') ?? timeZone;
    if (/^(UTC|Etc\/(UTC|GMT)|GMT)$/.test(timeZone)) return short;
    const generic = part('shortGeneric');
    return generic && generic !== short ? `${generic}, ${short}` : short;
  } catch {
    return timeZone;
  }
}

/**
 * A market's trading hours as IG publishes them (HH:MM in `timeZone`), on the locale's clock, the zone
 * named: "07:00–17:00 (UTC)"; en-US "7:00 AM–5:00 PM (UTC)".
 */
export function formatMarketHours(
  times: readonly { openTime: string; closeTime: string }[],
  timeZone: string,
  at: number = Date.now(),
  locale = formatLocale(),
): string {
  const clock = (hhmm: string) => {
    const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm);
    if (!m) return hhmm;
    return dateFormat(locale, 'hm', { timeStyle: 'short', timeZone: 'UTC' }).format(
      Date.UTC(2000, 0, 1, Number(m[1]), Number(m[2])),
    );
  };
  const spans = times.map((t) => `${clock(t.openTime)}–${clock(t.closeTime)}`).join(', ');
  return `${spans} (${zoneName(timeZone, at, locale)})`;
}

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

export type Trend = 'up' | 'down' | 'flat';

export function trendOf(value: number | null | undefined): Trend {
  if (value === null || value === undefined || !Number.isFinite(value) || value === 0) return 'flat';
  return value > 0 ? 'up' : 'down';
}

/** The spread in the price's own units, or null without both sides. */
export function spreadOf(bid: number | null, offer: number | null): number | null {
  if (bid === null || offer === null) return null;
  return offer - bid;
}

export function midOf(bid: number | null, offer: number | null): number | null {
  if (bid === null || offer === null) return bid ?? offer;
  return (bid + offer) / 2;
}

/** "just now", "12 s ago", "5 min ago", "3 h ago", "2 d ago" (in the UI language). */
export function formatAge(fetchedAt: number, now: number = Date.now()): string {
  const s = Math.max(0, Math.round((now - fetchedAt) / 1000));
  if (s < 5) return i18n.t('age.justNow');
  if (s < 60) return i18n.t('age.seconds', s, { n: String(s) });
  const m = Math.round(s / 60);
  if (m < 60) return i18n.t('age.minutes', m, { n: String(m) });
  const h = Math.round(m / 60);
  if (h < 48) return i18n.t('age.hours', h, { n: String(h) });
  const d = Math.round(h / 24);
  return i18n.t('age.days', d, { n: String(d) });
}

/** Human words for the service's market states. */
export function statusLabel(status: string): string {
  switch (status) {
    case 'TRADEABLE':
      return i18n.t('status.open');
    case 'CLOSED':
      return i18n.t('status.closed');
    case 'EDITS_ONLY':
      return i18n.t('status.editsOnly');
    case 'OFFLINE':
      return i18n.t('status.offline');
    case 'ON_AUCTION':
    case 'ON_AUCTION_NO_EDITS':
      return i18n.t('status.auction');
    case 'SUSPENDED':
      return i18n.t('status.suspended');
    case 'CLOSINGS_ONLY':
      return i18n.t('status.closingsOnly');
    case 'DEAL_NO_EDIT':
      return i18n.t('status.noEdits');
    default:
      return i18n.t('status.unknown');
  }
}
