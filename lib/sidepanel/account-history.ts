// What the History view computes: the period's bounds (local days), the filters over loaded rows, and the
// markets to filter by. Pure; the view (components/sidepanel/AccountHistoryView.tsx) holds the state.
import type { HistoryActivity, HistoryTransaction } from '../history/types';

export type PeriodKind = 'today' | 'week' | 'month' | 'year' | 'custom';
export interface Period {
  kind: PeriodKind;
  /** yyyy-MM-dd (local) for a custom period. */
  fromDay?: string;
  toDay?: string;
}

const DAY = 86_400_000;

function localMidnight(d: Date): number {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

function dayStart(day: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const t = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])).getTime();
  return Number.isNaN(t) ? null : t;
}

/**
 * Epoch-ms bounds of a period: today since local midnight, the week, month and year as the last 7, 30 and
 * 365 days (today included), a custom one from the start of its first day to the end of its last. Null when a custom
 * period is incomplete or ends before it starts. `to` is the end of today for the others (rounded up to the
 * minute, so that reopening within the minute asks for the same period and is served from the cache).
 */
export function periodRange(period: Period, now: Date): { from: number; to: number } | null {
  const today = localMidnight(now);
  const endOfToday = today + DAY - 1000;
  if (period.kind === 'today') return { from: today, to: endOfToday };
  if (period.kind === 'week') return { from: today - 6 * DAY, to: endOfToday };
  if (period.kind === 'month') return { from: today - 29 * DAY, to: endOfToday };
  if (period.kind === 'year') return { from: today - 364 * DAY, to: endOfToday };
  const from = dayStart(period.fromDay ?? '');
  const toStart = dayStart(period.toDay ?? '');
  if (from === null || toStart === null || toStart < from) return null;
  return { from, to: toStart + DAY - 1000 };
}

export interface HistoryFilter {
  /** A market's name ('' for all). */
  market: string;
  /** An activity type (POSITION, WORKING_ORDER, …) or a transaction type (DEAL, DEPO, …); '' for all. */
  type: string;
}

export function filterActivities(list: readonly HistoryActivity[], f: HistoryFilter): HistoryActivity[] {
  return list.filter((a) => (!f.market || a.marketName === f.market) && (!f.type || a.type === f.type));
}

export function filterTransactions(list: readonly HistoryTransaction[], f: HistoryFilter): HistoryTransaction[] {
  return list.filter((t) => (!f.market || t.instrumentName === f.market) && (!f.type || t.type === f.type));
}

export function marketsOf(activities: readonly HistoryActivity[], transactions: readonly HistoryTransaction[]) {
  const names = new Set<string>();
  for (const a of activities) if (a.marketName) names.add(a.marketName);
  for (const t of transactions) if (t.type === 'DEAL' && t.instrumentName) names.add(t.instrumentName);
  return [...names].sort((a, b) => a.localeCompare(b));
}

export function typesOf(items: readonly { type: string }[]): string[] {
  return [...new Set(items.map((i) => i.type))].sort();
}

/** The market name of an epic, as the activity names it (to open a market's history from its detail). */
export function marketNameOf(activities: readonly HistoryActivity[], epic: string): string | null {
  return activities.find((a) => a.epic === epic && a.marketName)?.marketName ?? null;
}
