import { describe, expect, it } from 'vitest';
import { fitRange, isIntraday, MAX_POINTS, pointsFor, rangesFor, windowFor } from '../../lib/sidepanel/history-range';

describe('chart ranges', () => {
  it('offers only ranges of 2 to MAX_POINTS bars at a resolution', () => {
    expect(rangesFor('MINUTE')).toEqual(['1H', '4H']);
    expect(rangesFor('HOUR')).toEqual(['4H', '1D', '1W', '1M']);
    expect(rangesFor('DAY')).toEqual(['1W', '1M', '3M', '6M', '1Y']);
    expect(rangesFor('MONTH')).toEqual(['3M', '6M', '1Y', '5Y']);
    for (const r of rangesFor('MINUTE_5')) expect(pointsFor('MINUTE_5', r)).toBeLessThanOrEqual(MAX_POINTS);
  });

  it('keeps the range when it still fits a new resolution, else picks one of a useful length', () => {
    expect(fitRange('HOUR', '1W')).toBe('1W');
    expect(fitRange('MINUTE', '1W')).toBe('1H');
    expect(fitRange('DAY', '1D')).toBe('3M');
    expect(pointsFor('DAY', fitRange('DAY', '1D'))).toBeGreaterThanOrEqual(60);
  });

  it('ends the window at the current minute so repeated looks ask for the same range', () => {
    const now = Date.UTC(2026, 0, 5, 10, 30, 42, 500);
    const a = windowFor('1D', now);
    const b = windowFor('1D', now + 10_000);
    expect(a).toEqual(b);
    expect(a.to).toBe(Date.UTC(2026, 0, 5, 10, 30));
    expect(a.to - a.from).toBe(24 * 3600_000);
  });

  it('knows which resolutions are intraday', () => {
    expect(isIntraday('HOUR_4')).toBe(true);
    expect(isIntraday('DAY')).toBe(false);
  });
});
