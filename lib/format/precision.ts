// A market's precision: the decimal places its levels, changes and spreads show.

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
export const MAX_DECIMALS = 6;

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

/**
 * The decimal places a level carries as IG gave it (1.28935 → 5, 8010.5 → 1): for a history row, which names
 * no market whose precision could be looked up. Trailing zeros are already gone from the number.
 */
export function givenDecimals(value: number): number {
  const fraction = /\.(\d+)$/.exec(String(value))?.[1] ?? '';
  return Math.min(fraction.length, MAX_DECIMALS);
}

/** A level as plain text for a form field or a file: no thousands separators, at the market's decimals. */
export function plainLevel(value: number, decimals: number | undefined): string {
  return decimals === undefined ? String(value) : value.toFixed(decimals);
}
