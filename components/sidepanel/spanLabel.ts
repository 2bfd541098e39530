// The chart's resolutions and ranges in the reader's words: "5 min", "1 hour", "3 months".
import { i18n } from '#i18n';
import type { Resolution } from '../../lib/model';
import type { RangeKey } from '../../lib/sidepanel/history-range';

type Unit = 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';

function span(n: number, unit: Unit): string {
  const subs = { n: String(n) };
  switch (unit) {
    case 'minute':
      return i18n.t('priceHistory.minutes', n, subs);
    case 'hour':
      return i18n.t('priceHistory.hours', n, subs);
    case 'day':
      return i18n.t('priceHistory.days', n, subs);
    case 'week':
      return i18n.t('priceHistory.weeks', n, subs);
    case 'month':
      return i18n.t('priceHistory.months', n, subs);
    case 'year':
      return i18n.t('priceHistory.years', n, subs);
  }
}

const UNIT_OF_RESOLUTION: Record<string, Unit> = {
  MINUTE: 'minute',
  HOUR: 'hour',
  DAY: 'day',
  WEEK: 'week',
  MONTH: 'month',
};

/** IG's MINUTE_5, HOUR, DAY … as "5 min", "1 hour", "1 day". */
export function resolutionLabel(resolution: Resolution): string {
  const [unit = '', n = '1'] = resolution.split('_');
  return span(Number(n), UNIT_OF_RESOLUTION[unit] ?? 'minute');
}

const UNIT_OF_RANGE: Record<string, Unit> = { H: 'hour', D: 'day', W: 'week', M: 'month', Y: 'year' };

/** 1H, 3M, 5Y … as "1 hour", "3 months", "5 years". */
export function rangeLabel(range: RangeKey): string {
  return span(Number(range.slice(0, -1)), UNIT_OF_RANGE[range.slice(-1)] ?? 'day');
}
