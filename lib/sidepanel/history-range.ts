// The chart's resolution and range pickers: which ranges make sense for a resolution, and what a
// request costs in data points of the weekly historical allowance.
import type { Resolution } from '../model';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

export const resolutions: { value: Resolution; label: string; ms: number }[] = [
  { value: 'MINUTE', label: '1 min', ms: MIN },
  { value: 'MINUTE_2', label: '2 min', ms: 2 * MIN },
  { value: 'MINUTE_3', label: '3 min', ms: 3 * MIN },
  { value: 'MINUTE_5', label: '5 min', ms: 5 * MIN },
  { value: 'MINUTE_10', label: '10 min', ms: 10 * MIN },
  { value: 'MINUTE_15', label: '15 min', ms: 15 * MIN },
  { value: 'MINUTE_30', label: '30 min', ms: 30 * MIN },
  { value: 'HOUR', label: '1 hour', ms: HOUR },
  { value: 'HOUR_2', label: '2 hours', ms: 2 * HOUR },
  { value: 'HOUR_3', label: '3 hours', ms: 3 * HOUR },
  { value: 'HOUR_4', label: '4 hours', ms: 4 * HOUR },
  { value: 'DAY', label: '1 day', ms: DAY },
  { value: 'WEEK', label: '1 week', ms: 7 * DAY },
  { value: 'MONTH', label: '1 month', ms: 30.44 * DAY },
];

export type RangeKey = '1H' | '4H' | '1D' | '1W' | '1M' | '3M' | '6M' | '1Y' | '5Y';

export const ranges: { value: RangeKey; label: string; ms: number }[] = [
  { value: '1H', label: '1 hour', ms: HOUR },
  { value: '4H', label: '4 hours', ms: 4 * HOUR },
  { value: '1D', label: '1 day', ms: DAY },
  { value: '1W', label: '1 week', ms: 7 * DAY },
  { value: '1M', label: '1 month', ms: 30 * DAY },
  { value: '3M', label: '3 months', ms: 91 * DAY },
  { value: '6M', label: '6 months', ms: 182 * DAY },
  { value: '1Y', label: '1 year', ms: 365 * DAY },
  { value: '5Y', label: '5 years', ms: 5 * 365 * DAY },
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
