// How far an alert is from firing, for the alerts list, and its sort orders.
import type { AlertRule, MarketQuote, Sentiment } from '../model';
import { movePct, usableLong, usableMid } from './evaluate';

export interface Distance {
  /** Still to go, in the rule's own unit (price for above/below/move, percentage points for sentiment); ≤ 0 when reached. */
  abs: number;
  /** Still to go as a percentage of the current price (price rules) or in percentage points (move, sentiment). */
  pct: number;
  unit: 'price' | 'points';
  reached: boolean;
}

export function distanceTo(
  rule: AlertRule,
  quote: Pick<MarketQuote, 'bid' | 'offer'> | null,
  sentiment: Sentiment | null,
): Distance | null {
  if (rule.kind === 'sentiment-long-above' || rule.kind === 'sentiment-long-below') {
    const long = usableLong(sentiment);
    if (long === null) return null;
    const abs = rule.kind === 'sentiment-long-above' ? rule.target - long : long - rule.target;
    return { abs, pct: abs, unit: 'points', reached: abs <= 0 };
  }
  const mid = usableMid(quote);
  if (mid === null) return null;
  if (rule.kind === 'move-pct') {
    const moved = movePct(rule.reference, mid);
    if (moved === null || rule.reference === null) return null;
    const pct = rule.target - Math.abs(moved);
    const abs = (rule.target / 100) * rule.reference - Math.abs(mid - rule.reference);
    return { abs, pct, unit: 'price', reached: pct <= 0 };
  }
  const abs = rule.kind === 'above' ? rule.target - mid : mid - rule.target;
  return { abs, pct: (abs / mid) * 100, unit: 'price', reached: abs <= 0 };
}

export type AlertSort = 'distance' | 'name' | 'created';

export interface AlertRow {
  rule: AlertRule;
  distance: Distance | null;
}

/** Nearest first (alerts with no price to measure go last), names A–Z, or newest first. */
export function sortAlertRows(rows: readonly AlertRow[], by: AlertSort): AlertRow[] {
  const byName = (a: AlertRow, b: AlertRow) =>
    a.rule.instrumentName.localeCompare(b.rule.instrumentName, 'en', { sensitivity: 'base' }) ||
    a.rule.createdAt - b.rule.createdAt;
  const sorted = [...rows];
  switch (by) {
    case 'name':
      return sorted.sort(byName);
    case 'created':
      return sorted.sort((a, b) => b.rule.createdAt - a.rule.createdAt || byName(a, b));
    case 'distance':
      return sorted.sort((a, b) => {
        if (a.distance === null || b.distance === null) {
          return (a.distance === null ? 1 : 0) - (b.distance === null ? 1 : 0) || byName(a, b);
        }
        return Math.max(0, a.distance.pct) - Math.max(0, b.distance.pct) || byName(a, b);
      });
  }
}
