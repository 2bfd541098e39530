// Price history is merged, not re-fetched: the cache remembers which time ranges the service has
// answered for, and only the missing, bar-aligned ranges are requested. Pure functions.
import type { Candle, Resolution } from '../model';

export type Range = [from: number, to: number];

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const FIXED: Record<Exclude<Resolution, 'MONTH'>, number> = {
  SECOND,
  MINUTE,
  MINUTE_2: 2 * MINUTE,
  MINUTE_3: 3 * MINUTE,
  MINUTE_5: 5 * MINUTE,
  MINUTE_10: 10 * MINUTE,
  MINUTE_15: 15 * MINUTE,
  MINUTE_30: 30 * MINUTE,
  HOUR,
  HOUR_2: 2 * HOUR,
  HOUR_3: 3 * HOUR,
  HOUR_4: 4 * HOUR,
  DAY,
  WEEK: 7 * DAY,
};

/** Weeks start on Monday: the epoch was a Thursday, the first Monday after it is 4 days later. */
const WEEK_OFFSET = 4 * DAY;

/** The nominal length of one bar (a month counts as 30 days, for estimates only). */
export function barMs(resolution: Resolution): number {
  return resolution === 'MONTH' ? 30 * DAY : FIXED[resolution];
}

/** The start of the bar that contains `t`. */
export function alignDown(t: number, resolution: Resolution): number {
  if (resolution === 'MONTH') {
    const d = new Date(t);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  }
  const size = FIXED[resolution];
  const offset = resolution === 'WEEK' ? WEEK_OFFSET : 0;
  return Math.floor((t - offset) / size) * size + offset;
}

/** The first bar boundary at or after `t`. */
export function alignUp(t: number, resolution: Resolution): number {
  const down = alignDown(t, resolution);
  if (down === t) return t;
  if (resolution === 'MONTH') {
    const d = new Date(down);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  }
  return down + FIXED[resolution];
}

/** Sorted, disjoint union of ranges; touching ranges join. */
export function unionRanges(ranges: Range[]): Range[] {
  const sorted = ranges.filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0]);
  const out: Range[] = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/** The bar-aligned parts of [from, to) not inside `covered`. */
export function missingRanges(covered: Range[], from: number, to: number, resolution: Resolution): Range[] {
  const start = alignDown(from, resolution);
  const end = alignUp(to, resolution);
  if (end <= start) return [];
  const gaps: Range[] = [];
  let cursor = start;
  for (const [a, b] of unionRanges(covered)) {
    if (b <= cursor) continue;
    if (a >= end) break;
    if (a > cursor) gaps.push([cursor, Math.min(a, end)]);
    cursor = Math.max(cursor, b);
    if (cursor >= end) break;
  }
  if (cursor < end) gaps.push([cursor, end]);
  return gaps.map(([a, b]): Range => [alignDown(a, resolution), alignUp(b, resolution)]).filter(([a, b]) => b > a);
}

/** How much of an answered request counts as covered: never the bar still in progress at `fetchedAt`. */
export function settledRange(range: Range, fetchedAt: number, resolution: Resolution): Range | null {
  const end = Math.min(range[1], alignDown(fetchedAt, resolution));
  return end > range[0] ? [range[0], end] : null;
}

/** Union of bars by start time; `incoming` replaces an existing bar with the same start. */
export function mergeCandles(existing: Candle[], incoming: Candle[]): Candle[] {
  const byTime = new Map<number, Candle>();
  for (const c of existing) byTime.set(c.t, c);
  for (const c of incoming) byTime.set(c.t, c);
  return [...byTime.values()].sort((a, b) => a.t - b.t);
}

/** Bars with a start in [from, to). */
export function sliceCandles(candles: Candle[], from: number, to: number): Candle[] {
  return candles.filter((c) => c.t >= from && c.t < to);
}

/** Estimated bars in a range: what a request for it costs of the weekly allowance. */
export function pointsIn(range: Range, resolution: Resolution): number {
  return Math.max(1, Math.ceil((range[1] - range[0]) / barMs(resolution)));
}

/** Keep the newest `cap` bars; coverage before the oldest kept bar is forgotten with them. */
export function trimSeries(candles: Candle[], covered: Range[], cap: number): { candles: Candle[]; covered: Range[] } {
  if (candles.length <= cap) return { candles, covered };
  const kept = candles.slice(candles.length - cap);
  const floor = kept[0]?.t ?? 0;
  return {
    candles: kept,
    covered: covered.filter(([, b]) => b > floor).map(([a, b]): Range => [Math.max(a, floor), b]),
  };
}
