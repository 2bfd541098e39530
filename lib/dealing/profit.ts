// A position's profit or loss as money, the way IG reckons it. A CFD makes price move × contract size ×
// size in the position's currency; a spread bet makes price move × scaling factor (points per price unit)
// × stake per point. Anything missing or malformed gives no figure (null) rather than a wrong one. Pure.
import type { Direction } from '../model';
import { positive } from '../reply-values';

export { positive };

/**
 * Money one whole unit of price move makes per unit of size, for the account type (the login reply's
 * `accountType`): the position's contractSize on a CFD account, the market's scalingFactor on a spread-bet
 * account; null for any other type or when that field is missing or malformed.
 */
export function valuePerMove(
  accountType: string | null | undefined,
  contractSize: unknown,
  scalingFactor: unknown,
): number | null {
  if (accountType === 'CFD') return positive(contractSize);
  if (accountType === 'SPREADBET') return positive(scalingFactor);
  return null;
}

/** Rounded to the cent, with negative zero as zero. */
export function cents(amount: number): number {
  const r = Math.round(amount * 100) / 100;
  return r === 0 ? 0 : r;
}

/** Profit or loss in money at the closing price (bid for a buy, offer for a sell); null without it or the value. */
export function moneyProfit(
  p: { direction: Direction; level: number; size: number; valuePerMove: number | null },
  close: { bid: number | null; offer: number | null },
): number | null {
  const price = p.direction === 'BUY' ? close.bid : close.offer;
  if (price === null || p.valuePerMove === null) return null;
  const move = p.direction === 'BUY' ? price - p.level : p.level - price;
  const amount = move * p.valuePerMove * p.size;
  return Number.isFinite(amount) ? cents(amount) : null;
}
