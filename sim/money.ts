import type { Market } from './universe/types';

/** Approximate value of one unit of each currency in GBP. */
const IN_GBP: Record<string, number> = {
  GBP: 1,
  USD: 0.79,
  EUR: 0.86,
  JPY: 0.0053,
  CHF: 0.9,
  AUD: 0.52,
  CAD: 0.58,
  NZD: 0.48,
  HKD: 0.1,
  ZAR: 0.043,
  SEK: 0.075,
  NOK: 0.073,
  DKK: 0.115,
  SGD: 0.59,
  MXN: 0.046,
  TRY: 0.025,
  PLN: 0.2,
};

export const SYMBOLS: Record<string, string> = { GBP: '£', USD: '$', EUR: 'E', JPY: '¥', CHF: 'CHF', AUD: 'A$' };

/**
 * Units of `code` per one unit of `base`, to six decimals: the rate the service publishes (the market
 * details' `baseExchangeRate` against the account's currency) and the one its own conversions use.
 */
export function unitsPer(code: string, base: string): number {
  if (code === base) return 1;
  return Math.round(((IN_GBP[base] ?? 1) / (IN_GBP[code] ?? 1)) * 1e6) / 1e6;
}

export function convert(amount: number, from: string, to: string): number {
  if (from === to) return amount;
  return amount / unitsPer(from, to);
}

export function exchangeRate(from: string, to: string): number {
  return convert(1, from, to);
}

export type AccountType = 'CFD' | 'SPREADBET';

/** Profit of a move from `open` to `close` on `size` in `direction`, in the account's currency. */
export function profit(
  m: Market,
  type: AccountType,
  accountCurrency: string,
  direction: 'BUY' | 'SELL',
  size: number,
  open: number,
  close: number,
): number {
  const move = (close - open) * (direction === 'BUY' ? 1 : -1);
  if (type === 'SPREADBET') return round2(move * m.scalingFactor * size);
  return round2(convert(move * m.pointValue * size, m.currency, accountCurrency));
}

/** Margin needed for a position of `size` at `level`, in the account's currency. */
export function margin(m: Market, type: AccountType, accountCurrency: string, size: number, level: number): number {
  const notional =
    type === 'SPREADBET'
      ? convert(level * m.scalingFactor * size, 'GBP', accountCurrency)
      : convert(level * m.pointValue * size, m.currency, accountCurrency);
  return round2((notional * m.marginFactor) / 100);
}

export function round2(x: number): number {
  return Math.round(x * 100) / 100;
}
