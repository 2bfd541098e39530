// How many decimals a market's prices show: enough that the spread is visible (EUR/USD quotes
// to five places although lib/format would pick four for a price near 1).
import { decimalsFor } from '../format';

const MAX_DECIMALS = 6;

export function priceDecimals(bid: number | null | undefined, offer: number | null | undefined): number | undefined {
  const ref = bid ?? offer;
  if (ref === null || ref === undefined || !Number.isFinite(ref)) return undefined;
  let d = decimalsFor(ref);
  const spread = bid !== null && bid !== undefined && offer !== null && offer !== undefined ? Math.abs(offer - bid) : 0;
  // Show the spread to at least one significant digit; also show any digit the quote carries.
  while (d < MAX_DECIMALS && ((spread > 0 && spread < 10 ** -d - 1e-12) || !carries(ref, d) || !carries(offer, d))) d++;
  return d;
}

function carries(value: number | null | undefined, decimals: number): boolean {
  if (value === null || value === undefined) return true;
  return Math.abs(Math.round(value * 10 ** decimals) - value * 10 ** decimals) < 1e-6;
}
