// The chart's resolution and range pickers: which ranges make sense for a resolution, and what a
// request costs in data points of the weekly historical allowance.
import type { Resolution } from '../model';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/** IG's resolutions, shortest first (their words: components/sidepanel/spanLabel.ts). */
export const resolutions: { value: Resolution; ms: number }[] = [
  { value: 'MINUTE', ms: MIN },
  { value: 'MINUTE_2', ms: 2 * MIN },
  { value: 'MINUTE_3', ms: 3 * MIN },
  { value: 'MINUTE_5', ms: 5 * MIN },
  { value: 'MINUTE_10', ms: 10 * MIN },
  { value: 'MINUTE_15', ms: 15 * MIN },
  { value: 'MINUTE_30', ms: 30 * MIN },
  { value: 'HOUR', ms: HOUR },
  { value: 'HOUR_2', ms: 2 * HOUR },
  { value: 'HOUR_3', ms: 3 * HOUR },
  { value: 'HOUR_4', ms: 4 * HOUR },
  { value: 'DAY', ms: DAY },
  { value: 'WEEK', ms: 7 * DAY },
  { value: 'MONTH', ms: 30.44 * DAY },
];

export type RangeKey = '1H' | '4H' | '1D' | '1W' | '1M' | '3M' | '6M' | '1Y' | '5Y';

export const ranges: { value: RangeKey; ms: number }[] = [
  { value: '1H', ms: HOUR },
  { value: '4H', ms: 4 * HOUR },
  { value: '1D', ms: DAY },
  { value: '1W', ms: 7 * DAY },
  { value: '1M', ms: 30 * DAY },
  { value: '3M', ms: 91 * DAY },
  { value: '6M', ms: 182 * DAY },
  { value: '1Y', ms: 365 * DAY },
  { value: '5Y', ms: 5 * 365 * DAY },
];

/** Most bars one chart asks for: keeps one look within a sensible share of the weekly allowance. */
export const MAX_POINTS = 1000;

function resolutionMs(resolution: Resolution): number {
  return resolutions.find((r) => r.value === resolution)?.ms ?? DAY;
}

function rangeMs(range: RangeKey): number {
  return ranges.find((r) => r.value === range)?.ms ?? 7 * DAY;
}

/** Bars a range holds at a resolution (an upper bound: closed markets have fewer). */
export function pointsFor(resolution: Resolution, range: RangeKey): number {
  return Math.ceil(rangeMs(range) / resolutionMs(resolution));
}

/** Ranges with at least two bars and at most MAX_POINTS at this resolution. */
export function rangesFor(resolution: Resolution): RangeKey[] {
  return ranges
    .filter((r) => {
      const n = pointsFor(resolution, r.value);
      return n >= 2 && n <= MAX_POINTS;
    })
    .map((r) => r.value);
}

/** The range to use after picking a resolution: the current one if it still fits, else one of about 100 bars. */
export function fitRange(resolution: Resolution, current: RangeKey): RangeKey {
  const allowed = rangesFor(resolution);
  if (allowed.includes(current)) return current;
  return allowed.find((r) => pointsFor(resolution, r) >= 60) ?? allowed[allowed.length - 1] ?? '1W';
}

/** The time window to ask for; `to` is rounded down to the minute so that repeated looks share a cache entry. */
export function windowFor(range: RangeKey, now: number): { from: number; to: number } {
  const to = Math.floor(now / MIN) * MIN;
  return { from: to - rangeMs(range), to };
}

/** Whether times on the axis need hours and minutes. */
export function isIntraday(resolution: Resolution): boolean {
  return resolutionMs(resolution) < DAY;
}
