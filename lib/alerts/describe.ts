// Words for an alert: its condition ("above 1.0850"), and the notification it raises.
import { i18n } from '#i18n';
import { formatPct, formatPrice, formatShare } from '../format';
import type { AlertRule } from '../model';

/**
 * "above 1.08500", "below 7,420.5", "moves 2.00%", "long ≥ 75%", "long ≤ 30%"; levels at the market's
 * decimals (lib/format marketDecimals) when known.
 */
export function conditionText(rule: Pick<AlertRule, 'kind' | 'target'>, decimals?: number): string {
  switch (rule.kind) {
    case 'above':
      return i18n.t('alert.condition.above', { level: formatPrice(rule.target, decimals) });
    case 'below':
      return i18n.t('alert.condition.below', { level: formatPrice(rule.target, decimals) });
    case 'move-pct':
      return i18n.t('alert.condition.moves', { pct: formatPct(rule.target, 2, false) });
    case 'sentiment-long-above':
      return i18n.t('alert.condition.longAbove', { pct: formatShare(rule.target, 1) });
    case 'sentiment-long-below':
      return i18n.t('alert.condition.longBelow', { pct: formatShare(rule.target, 1) });
  }
}

export interface AlertNotice {
  title: string;
  message: string;
}

/** The notification for a rule that fired with `value` (see Verdict) and the mid at that moment. */
export function noticeFor(rule: AlertRule, value: number, mid: number | null, decimals?: number): AlertNotice {
  const title = `${rule.instrumentName} ${conditionText(rule, decimals)}`;
  const price = mid === null ? null : i18n.t('alert.notice.price', { price: formatPrice(mid, decimals) });
  let detail: string | null = null;
  if (rule.kind === 'move-pct' && rule.reference !== null) {
    detail = i18n.t('alert.notice.moved', { pct: formatPct(value), reference: formatPrice(rule.reference, decimals) });
  } else if (rule.kind === 'sentiment-long-above' || rule.kind === 'sentiment-long-below') {
    detail = i18n.t('alert.notice.clientsLong', { pct: formatShare(value, 1) });
  }
  const message = [price, detail].filter((x) => x !== null).join(' · ') || rule.epic;
  return { title, message };
}
