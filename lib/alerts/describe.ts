// Words for an alert: its condition ("above 1.0850"), and the notification it raises.
import { formatPct, formatPrice, formatShare } from '../format';
import type { AlertRule } from '../model';

/**
 * "above 1.08500", "below 7,420.5", "moves 2.00%", "long ≥ 75%", "long ≤ 30%"; levels at the market's
 * decimals (lib/format marketDecimals) when known.
 */
export function conditionText(rule: Pick<AlertRule, 'kind' | 'target'>, decimals?: number): string {
  switch (rule.kind) {
    case 'above':
      return `above ${formatPrice(rule.target, decimals)}`;
    case 'below':
      return `below ${formatPrice(rule.target, decimals)}`;
    case 'move-pct':
      return `moves ${formatPct(rule.target, 2, false)}`;
    case 'sentiment-long-above':
      return `long ≥ ${formatShare(rule.target, 1)}`;
    case 'sentiment-long-below':
      return `long ≤ ${formatShare(rule.target, 1)}`;
  }
}

export interface AlertNotice {
  title: string;
  message: string;
}

/** The notification for a rule that fired with `value` (see Verdict) and the mid at that moment. */
export function noticeFor(rule: AlertRule, value: number, mid: number | null, decimals?: number): AlertNotice {
  const title = `${rule.instrumentName} ${conditionText(rule, decimals)}`;
  const price = mid === null ? null : `Price ${formatPrice(mid, decimals)}`;
  let detail: string | null = null;
  if (rule.kind === 'move-pct' && rule.reference !== null) {
    detail = `${formatPct(value)} from ${formatPrice(rule.reference, decimals)}`;
  } else if (rule.kind === 'sentiment-long-above' || rule.kind === 'sentiment-long-below') {
    detail = `${formatShare(value, 1)} of clients long`;
  }
  const message = [price, detail].filter((x) => x !== null).join(' · ') || rule.epic;
  return { title, message };
}
