// Formatting of prices, changes and ages for display.
import { i18n } from '#i18n';

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

/** One formatter per number of decimals: `toLocaleString` with options builds a new one on every call. */
const formatters = new Map<number, Intl.NumberFormat>();

export function formatPrice(value: number | null | undefined, decimals?: number): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  const places = decimals ?? decimalsFor(value);
  let format = formatters.get(places);
  if (!format) {
    format = new Intl.NumberFormat('en-GB', { minimumFractionDigits: places, maximumFractionDigits: places });
    formatters.set(places, format);
  }
  return format.format(value);
}

/** Signed; a value that shows as zero at these decimals (−0, −0.001 at 2) has no sign. */
export function formatChange(value: number | null | undefined, decimals?: number): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  const places = decimals ?? decimalsFor(value);
  const shown = Math.round(Math.abs(value) * 10 ** places) === 0 ? 0 : value;
  const sign = shown > 0 ? '+' : shown < 0 ? '−' : '';
  return sign + formatPrice(Math.abs(value), places);
}

/** Minor units of a currency (GBP 2, JPY 0); 2 when the code is unknown. */
export function currencyDecimals(currency: string | null | undefined): number {
  if (!currency || !/^[A-Z]{3}$/.test(currency)) return 2;
  try {
    return new Intl.NumberFormat('en-GB', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** Money at its currency's precision, followed by the code: "1,234.50 GBP", "−12.00 USD" when signed. */
export function formatMoney(value: number | null | undefined, currency: string, signed = false): string {
  const d = currencyDecimals(currency);
  const text = signed ? formatChange(value, d) : formatPrice(value, d);
  return `${text} ${currency}`.trimEnd();
}

export function formatPct(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  const sign = value > 0 ? '+' : value < 0 ? '−' : '';
  return `${sign}${Math.abs(value).toFixed(2)}%`;
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

/** "just now", "12 s ago", "5 min ago", "3 h ago", "2 d ago". */
export function formatAge(fetchedAt: number, now: number = Date.now()): string {
  const s = Math.max(0, Math.round((now - fetchedAt) / 1000));
  if (s < 5) return 'just now';
  if (s < 60) return `${s} s ago`;
  const m = Math.round(s / 60);
  if (m < 60) return `${m} min ago`;
  const h = Math.round(m / 60);
  if (h < 48) return `${h} h ago`;
  return `${Math.round(h / 24)} d ago`;
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
