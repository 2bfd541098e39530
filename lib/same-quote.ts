// Whether two quotes, or two sparkline trails, show the same: the side panel's rows skip drawing what did not
// change, and the background skips telling a page that the cache now holds what the stream already sent it.
import type { MarketQuote } from './model';

/** Every field of either the same (no sets or arrays made: it runs for each streamed quote, every frame). */
export function sameQuote(a: MarketQuote, b: MarketQuote): boolean {
  for (const k in a) if (a[k as keyof MarketQuote] !== b[k as keyof MarketQuote]) return false;
  for (const k in b) if (a[k as keyof MarketQuote] !== b[k as keyof MarketQuote]) return false;
  return true;
}

/** The same points, in the same order. */
export const sameTrail = (a: readonly (number | null)[], b: readonly (number | null)[]): boolean =>
  a.length === b.length && a.every((v, i) => v === b[i]);
