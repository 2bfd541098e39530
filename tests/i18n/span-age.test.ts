// The chart's resolutions and ranges, and the ages beside cached figures, in the catalogue's words with the
// plural form their number asks for.
import { describe, expect, it } from 'vitest';
import { rangeLabel, resolutionLabel } from '../../components/sidepanel/spanLabel';
import { formatAge } from '../../lib/format';

describe('resolutions and ranges', () => {
  it('names each of IG resolutions by its number and unit', () => {
    expect(resolutionLabel('MINUTE')).toBe('1 min');
    expect(resolutionLabel('MINUTE_15')).toBe('15 min');
    expect(resolutionLabel('HOUR')).toBe('1 hour');
    expect(resolutionLabel('HOUR_4')).toBe('4 hours');
    expect(resolutionLabel('DAY')).toBe('1 day');
    expect(resolutionLabel('WEEK')).toBe('1 week');
    expect(resolutionLabel('MONTH')).toBe('1 month');
  });

  it('names each range', () => {
    expect(rangeLabel('1H')).toBe('1 hour');
    expect(rangeLabel('4H')).toBe('4 hours');
    expect(rangeLabel('1D')).toBe('1 day');
    expect(rangeLabel('3M')).toBe('3 months');
    expect(rangeLabel('5Y')).toBe('5 years');
  });
});

describe('ages', () => {
  const NOW = 1_800_000_000_000;
  it('says just now, then seconds, minutes, hours and days ago', () => {
    expect(formatAge(NOW - 2_000, NOW)).toBe('just now');
    expect(formatAge(NOW - 42_000, NOW)).toBe('42 s ago');
    expect(formatAge(NOW - 5 * 60_000, NOW)).toBe('5 min ago');
    expect(formatAge(NOW - 3 * 3_600_000, NOW)).toBe('3 h ago');
    expect(formatAge(NOW - 3 * 86_400_000, NOW)).toBe('3 d ago');
  });
});
