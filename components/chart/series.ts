// Candles as lightweight-charts series data: times in UTC seconds, ascending and unique; bars
// without prices are dropped (a line has no gap marker worth the confusion, a candle needs all four).
import { formatPrice, priceDecimals } from '../../lib/format';
import type { Candle } from '../../lib/model';

export interface OhlcPoint {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

export interface LinePoint {
  time: number;
  value: number;
}

function ordered(candles: Candle[]): Candle[] {
  const bySecond = new Map<number, Candle>();
  for (const c of candles) if (Number.isFinite(c.t)) bySecond.set(Math.floor(c.t / 1000), c);
  return [...bySecond.entries()].sort((a, b) => a[0] - b[0]).map(([, c]) => c);
}

export function toOhlc(candles: Candle[]): OhlcPoint[] {
  const out: OhlcPoint[] = [];
  for (const c of ordered(candles)) {
    if (c.open === null || c.high === null || c.low === null || c.close === null) continue;
    out.push({ time: Math.floor(c.t / 1000), open: c.open, high: c.high, low: c.low, close: c.close });
  }
  return out;
}

export function toLine(candles: Candle[]): LinePoint[] {
  const out: LinePoint[] = [];
  for (const c of ordered(candles)) if (c.close !== null) out.push({ time: Math.floor(c.t / 1000), value: c.close });
  return out;
}

/** What the legend shows for the bar under the crosshair (or the last bar). */
export interface BarValues {
  time: number;
  open: number | null;
  high: number | null;
  low: number | null;
  close: number | null;
}

export function lastBar(candles: Candle[]): BarValues | null {
  const all = ordered(candles);
  for (let i = all.length - 1; i >= 0; i--) {
    const c = all[i]!;
    if (c.close !== null)
      return { time: Math.floor(c.t / 1000), open: c.open, high: c.high, low: c.low, close: c.close };
  }
  return null;
}

/**
 * lightweight-charts' price format for the axis and the crosshair: the market's decimals, else the last
 * close's, written by lib/format in the user's locale.
 */
export function chartPriceFormat(decimals: number | undefined, lastClose: number | null | undefined) {
  const precision = decimals ?? priceDecimals(lastClose, null) ?? 2;
  return {
    type: 'custom' as const,
    precision,
    minMove: 10 ** -precision,
    formatter: (price: number) => formatPrice(price, precision),
  };
}
