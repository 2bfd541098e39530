import { describe, expect, it } from 'vitest';
import {
  alignDown,
  alignUp,
  mergeCandles,
  missingRanges,
  pointsIn,
  type Range,
  settledRange,
  sliceCandles,
  trimSeries,
  unionRanges,
} from '../../lib/cache/history-merge';
import type { Candle } from '../../lib/model';

const H = 3600_000;
const D = 24 * H;
const T0 = Date.UTC(2026, 0, 5); // a Monday
const bar = (t: number, close = 1): Candle => ({ t, open: close, high: close, low: close, close, volume: null });

describe('resolution alignment', () => {
  it('aligns to the bar that contains a time and to the next boundary', () => {
    expect(alignDown(T0 + 90 * 60_000, 'HOUR')).toBe(T0 + H);
    expect(alignUp(T0 + 90 * 60_000, 'HOUR')).toBe(T0 + 2 * H);
    expect(alignUp(T0 + H, 'HOUR')).toBe(T0 + H);
    expect(alignDown(T0 + 7 * 60_000, 'MINUTE_5')).toBe(T0 + 5 * 60_000);
    expect(alignDown(T0 + 5 * H, 'HOUR_4')).toBe(T0 + 4 * H);
  });

  it('starts weeks on Monday and months on the first', () => {
    expect(alignDown(T0 + 3 * D + 5 * H, 'WEEK')).toBe(T0);
    expect(new Date(alignDown(T0 - 1, 'WEEK')).getUTCDay()).toBe(1);
    expect(alignDown(Date.UTC(2026, 1, 17, 12), 'MONTH')).toBe(Date.UTC(2026, 1, 1));
    expect(alignUp(Date.UTC(2026, 1, 17, 12), 'MONTH')).toBe(Date.UTC(2026, 2, 1));
    expect(alignUp(Date.UTC(2026, 11, 2), 'MONTH')).toBe(Date.UTC(2027, 0, 1));
  });
});

describe('missing ranges', () => {
  it('asks for everything when nothing is covered', () => {
    expect(missingRanges([], T0, T0 + 10 * H, 'HOUR')).toEqual([[T0, T0 + 10 * H]]);
  });

  it('asks for nothing when the range is covered', () => {
    expect(missingRanges([[T0 - H, T0 + 20 * H]], T0, T0 + 10 * H, 'HOUR')).toEqual([]);
  });

  it('asks only for a gap at the start', () => {
    expect(missingRanges([[T0 + 4 * H, T0 + 20 * H]], T0, T0 + 10 * H, 'HOUR')).toEqual([[T0, T0 + 4 * H]]);
  });

  it('asks only for a gap at the end', () => {
    expect(missingRanges([[T0, T0 + 6 * H]], T0, T0 + 10 * H, 'HOUR')).toEqual([[T0 + 6 * H, T0 + 10 * H]]);
  });

  it('asks only for a gap in the middle', () => {
    const covered: Range[] = [
      [T0, T0 + 3 * H],
      [T0 + 7 * H, T0 + 10 * H],
    ];
    expect(missingRanges(covered, T0, T0 + 10 * H, 'HOUR')).toEqual([[T0 + 3 * H, T0 + 7 * H]]);
  });

  it('handles overlapping and unsorted coverage', () => {
    const covered: Range[] = [
      [T0 + 5 * H, T0 + 8 * H],
      [T0 + 2 * H, T0 + 6 * H],
      [T0 + 7 * H, T0 + 9 * H],
    ];
    expect(missingRanges(covered, T0, T0 + 10 * H, 'HOUR')).toEqual([
      [T0, T0 + 2 * H],
      [T0 + 9 * H, T0 + 10 * H],
    ]);
  });

  it('widens unaligned requests to whole bars', () => {
    expect(missingRanges([], T0 + 10 * 60_000, T0 + 2 * H + 1, 'HOUR')).toEqual([[T0, T0 + 3 * H]]);
    expect(missingRanges([[T0, T0 + D]], T0 + 5 * H, T0 + 30 * H, 'DAY')).toEqual([[T0 + D, T0 + 2 * D]]);
  });

  it('returns nothing for an empty or inverted range', () => {
    expect(missingRanges([], T0 + H, T0 + H, 'HOUR')).toEqual([]);
    expect(missingRanges([], T0 + 5 * H, T0, 'HOUR')).toEqual([]);
  });
});

describe('coverage and bars', () => {
  it('never counts the bar in progress as covered', () => {
    expect(settledRange([T0, T0 + 10 * H], T0 + 5 * H + 30 * 60_000, 'HOUR')).toEqual([T0, T0 + 5 * H]);
    expect(settledRange([T0, T0 + 2 * H], T0 + 10 * H, 'HOUR')).toEqual([T0, T0 + 2 * H]);
    expect(settledRange([T0 + H, T0 + 2 * H], T0 + H + 1, 'HOUR')).toBeNull();
  });

  it('joins touching and overlapping ranges', () => {
    expect(
      unionRanges([
        [T0 + 2 * H, T0 + 3 * H],
        [T0, T0 + H],
        [T0 + H, T0 + 2 * H],
        [T0 + 5 * H, T0 + 6 * H],
      ]),
    ).toEqual([
      [T0, T0 + 3 * H],
      [T0 + 5 * H, T0 + 6 * H],
    ]);
  });

  it('merges bars by start time, newer replacing older, sorted', () => {
    const merged = mergeCandles([bar(T0, 1), bar(T0 + H, 1)], [bar(T0 + H, 2), bar(T0 - H, 3)]);
    expect(merged.map((c) => [c.t, c.close])).toEqual([
      [T0 - H, 3],
      [T0, 1],
      [T0 + H, 2],
    ]);
  });

  it('slices bars to the asked range and estimates points', () => {
    const bars = [0, 1, 2, 3, 4].map((i) => bar(T0 + i * H));
    expect(sliceCandles(bars, T0 + H, T0 + 3 * H).map((c) => c.t)).toEqual([T0 + H, T0 + 2 * H]);
    expect(pointsIn([T0, T0 + 10 * H], 'HOUR')).toBe(10);
  });

  it('trims the oldest bars and forgets their coverage', () => {
    const bars = [0, 1, 2, 3, 4].map((i) => bar(T0 + i * H));
    const trimmed = trimSeries(bars, [[T0, T0 + 5 * H]], 3);
    expect(trimmed.candles.map((c) => c.t)).toEqual([T0 + 2 * H, T0 + 3 * H, T0 + 4 * H]);
    expect(trimmed.covered).toEqual([[T0 + 2 * H, T0 + 5 * H]]);
    expect(missingRanges(trimmed.covered, T0, T0 + 5 * H, 'HOUR')).toEqual([[T0, T0 + 2 * H]]);
  });
});
