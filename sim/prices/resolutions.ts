import { LEVEL_LEN } from './series';

/** A resolution: `span` bars of `level` (0 second, 1 minute, 2 hour, 3 day), or a calendar week or month. */
export interface Resolution {
  name: string;
  level: number;
  span: number;
  calendar?: 'week' | 'month';
  /** How far back history is kept, in seconds. */
  depth: number;
}

const DAY = 86400;
const R = (name: string, level: number, span: number, depthDays: number, calendar?: 'week' | 'month'): Resolution => ({
  name,
  level,
  span,
  depth: depthDays * DAY,
  ...(calendar ? { calendar } : {}),
});

export const RESOLUTIONS: Record<string, Resolution> = {
  SECOND: R('SECOND', 0, 1, 4),
  MINUTE: R('MINUTE', 1, 1, 40),
  MINUTE_2: R('MINUTE_2', 1, 2, 40),
  MINUTE_3: R('MINUTE_3', 1, 3, 40),
  MINUTE_5: R('MINUTE_5', 1, 5, 360),
  MINUTE_10: R('MINUTE_10', 1, 10, 360),
  MINUTE_15: R('MINUTE_15', 1, 15, 360),
  MINUTE_30: R('MINUTE_30', 1, 30, 360),
  HOUR: R('HOUR', 2, 1, 360),
  HOUR_2: R('HOUR_2', 2, 2, 360),
  HOUR_3: R('HOUR_3', 2, 3, 360),
  HOUR_4: R('HOUR_4', 2, 4, 360),
  DAY: R('DAY', 3, 1, 15 * 365),
  WEEK: R('WEEK', 3, 7, 15 * 365, 'week'),
  MONTH: R('MONTH', 3, 31, 15 * 365, 'month'),
};

/** Short spellings some clients send. */
const ALIASES: Record<string, string> = {
  '1S': 'SECOND',
  '1MIN': 'MINUTE',
  '2MIN': 'MINUTE_2',
  '3MIN': 'MINUTE_3',
  '5MIN': 'MINUTE_5',
  '10MIN': 'MINUTE_10',
  '15MIN': 'MINUTE_15',
  '30MIN': 'MINUTE_30',
  '1H': 'HOUR',
  '2H': 'HOUR_2',
  '3H': 'HOUR_3',
  '4H': 'HOUR_4',
  D: 'DAY',
  W: 'WEEK',
  M: 'MONTH',
};

export function resolutionOf(name: string): Resolution | undefined {
  const upper = name.toUpperCase();
  return RESOLUTIONS[upper] ?? RESOLUTIONS[ALIASES[upper] ?? ''];
}

/** Start (seconds) of the bar of this resolution that contains `sec`. */
export function barStart(r: Resolution, sec: number): number {
  if (r.calendar === 'week') {
    const day = Math.floor(sec / DAY);
    const sinceMonday = (((day + 4) % 7) + 6) % 7;
    return (day - sinceMonday) * DAY;
  }
  if (r.calendar === 'month') {
    const d = new Date(sec * 1000);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000;
  }
  const len = (LEVEL_LEN[r.level] ?? 1) * r.span;
  return Math.floor(sec / len) * len;
}

/** Start (seconds) of the bar after the one starting at `start`. */
export function nextStart(r: Resolution, start: number): number {
  if (r.calendar === 'week') return start + 7 * DAY;
  if (r.calendar === 'month') {
    const d = new Date(start * 1000);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / 1000;
  }
  return start + (LEVEL_LEN[r.level] ?? 1) * r.span;
}

/** Start (seconds) of the bar before the one starting at `start`. */
export function prevStart(r: Resolution, start: number): number {
  if (r.calendar === 'month') {
    const d = new Date(start * 1000);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1) / 1000;
  }
  return barStart(r, start - 1);
}
