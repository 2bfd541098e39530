import type { MarketStatus, Sessions } from './types';

const DAY = 86_400;
const WEEKDAYS = [false, true, true, true, true, true, false];
const ALL_DAYS = [true, true, true, true, true, true, true];

export const SESSIONS = {
  /** FX: Monday to Friday, all day. */
  fx: { days: WEEKDAYS, open: [[0, 1440]], auctions: [], edits: [] },
  crypto: { days: ALL_DAYS, open: [[0, 1440]], auctions: [], edits: [] },
  /** Cash indices: all day on weekdays except a break from 21:00 to 22:00 UTC. */
  index: {
    days: WEEKDAYS,
    open: [
      [0, 1260],
      [1320, 1440],
    ],
    auctions: [],
    edits: [[1260, 1320]],
  },
  commodity: {
    days: WEEKDAYS,
    open: [[60, 1320]],
    auctions: [],
    edits: [
      [0, 60],
      [1320, 1440],
    ],
  },
  rates: { days: WEEKDAYS, open: [[420, 1260]], auctions: [], edits: [] },
  /** London and European shares: 08:00-16:30 UTC with opening and closing auctions. */
  europeShares: {
    days: WEEKDAYS,
    open: [[480, 990]],
    auctions: [
      [470, 480],
      [990, 995],
    ],
    edits: [],
  },
  usShares: { days: WEEKDAYS, open: [[870, 1260]], auctions: [], edits: [] },
  /** Exchange-hours index (e.g. South Africa 40). */
  exchangeIndex: { days: WEEKDAYS, open: [[420, 900]], auctions: [[410, 420]], edits: [] },
} satisfies Record<string, Sessions>;

/** Seconds of trading time in [startSec, endSec), which must lie within one UTC day. */
export function openSecondsInDay(s: Sessions, startSec: number, endSec: number): number {
  const day = Math.floor(startSec / DAY);
  const weekday = (day + 4) % 7;
  if (!s.days[weekday]) return 0;
  const base = day * DAY;
  let total = 0;
  for (const [a, b] of s.open) {
    const lo = Math.max(startSec, base + a * 60);
    const hi = Math.min(endSec, base + b * 60);
    if (hi > lo) total += hi - lo;
  }
  return total;
}

/** Seconds of trading time in [startSec, endSec), any length. */
export function openSeconds(s: Sessions, startSec: number, endSec: number): number {
  let total = 0;
  let t = startSec;
  while (t < endSec) {
    const dayEnd = (Math.floor(t / DAY) + 1) * DAY;
    const e = Math.min(endSec, dayEnd);
    total += openSecondsInDay(s, t, e);
    t = e;
  }
  return total;
}

function inWindows(windows: Sessions['open'], minute: number): boolean {
  for (const [a, b] of windows) if (minute >= a && minute < b) return true;
  return false;
}

/** Status of a market at a time (ms), from its hours. */
export function statusAt(s: Sessions, ms: number): MarketStatus {
  const sec = Math.floor(ms / 1000);
  const day = Math.floor(sec / DAY);
  if (!s.days[(day + 4) % 7]) return 'CLOSED';
  const minute = Math.floor((sec - day * DAY) / 60);
  if (inWindows(s.open, minute)) return 'TRADEABLE';
  if (inWindows(s.auctions, minute)) return 'ON_AUCTION';
  if (inWindows(s.edits, minute)) return 'EDITS_ONLY';
  return 'CLOSED';
}

/** The last trading second strictly before `sec` (searching back up to two weeks), or undefined. */
export function lastOpenSecondBefore(s: Sessions, sec: number): number | undefined {
  let day = Math.floor((sec - 1) / DAY);
  for (let i = 0; i < 15; i++, day--) {
    if (!s.days[(day + 4) % 7]) continue;
    const base = day * DAY;
    let best: number | undefined;
    for (const [a, b] of s.open) {
      const lo = base + a * 60;
      const hi = Math.min(base + b * 60, sec);
      if (hi > lo && (best === undefined || hi - 1 > best)) best = hi - 1;
    }
    if (best !== undefined) return best;
  }
  return undefined;
}

const hhmm = (m: number) => `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** `openingHours.marketTimes` as the gateway shows them (local time = UTC). */
export function marketTimes(s: Sessions): { openTime: string; closeTime: string }[] {
  return s.open.map(([a, b]) => ({ openTime: hhmm(a), closeTime: b >= 1440 ? '23:59' : hhmm(b) }));
}
