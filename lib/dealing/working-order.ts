// Checks of a new working order against the market and its dealing rules, before it is sent.
import { i18n } from '#i18n';
import { formatPrice, formatSize, marketDecimals } from '../format';
import type { RequestOf } from '../messages/contract';
import type { Direction, MarketFacts } from '../model';
import { minSize, ruleDistance, sizeStep } from './ticket';

/** A checked order, before the form gives its submit an id. */
export type WorkingOrderRequest = Omit<RequestOf<'workingOrders.create'>, 'requestId'>;

export interface WorkingOrderInput {
  epic: string;
  direction: Direction;
  type: 'LIMIT' | 'STOP';
  size: number | null;
  level: number | null;
  /** Epoch ms for GOOD_TILL_DATE; null for good till cancelled. */
  goodTillDate: number | null;
  stopDistance: number | null;
  limitDistance: number | null;
}

export interface OrderIssue {
  field: 'size' | 'level' | 'goodTillDate' | 'stopDistance' | 'limitDistance' | 'market';
  message: string;
}

export type OrderCheck = { ok: true; order: WorkingOrderRequest } | { ok: false; issues: OrderIssue[] };

/**
 * A LIMIT order waits for a better price (buy below the offer, sell above the bid); a STOP order
 * waits for the market to move through its level (buy above the offer, sell below the bid).
 */
export function validateWorkingOrder(
  input: WorkingOrderInput,
  facts: MarketFacts,
  prices: { bid: number | null; offer: number | null },
  now: number,
): OrderCheck {
  const issues: OrderIssue[] = [];
  if (!facts.currency) issues.push({ field: 'market', message: i18n.t('dealCheck.noCurrency') });
  const step = sizeStep(facts);
  const min = minSize(facts);
  const size = input.size;
  if (size === null || !Number.isFinite(size) || size <= 0)
    issues.push({ field: 'size', message: i18n.t('dealCheck.enterSize') });
  else if (size < min - 1e-9)
    issues.push({ field: 'size', message: i18n.t('dealCheck.minSize', { min: formatSize(min) }) });
  else if (Math.abs(size / step - Math.round(size / step)) > 1e-6)
    issues.push({ field: 'size', message: i18n.t('dealCheck.sizeStep', { step: formatSize(step) }) });

  const level = input.level;
  if (level === null || !Number.isFinite(level) || level <= 0) {
    issues.push({ field: 'level', message: i18n.t('dealCheck.enterTrigger') });
  } else {
    const market = input.direction === 'BUY' ? prices.offer : prices.bid;
    if (market !== null) {
      const above = level > market;
      const below = level < market;
      const wantBelow = (input.type === 'LIMIT') === (input.direction === 'BUY');
      if (wantBelow ? !below : !above) {
        const price = { price: formatPrice(market, marketDecimals(prices, facts)) };
        issues.push({
          field: 'level',
          message:
            input.direction === 'BUY'
              ? input.type === 'LIMIT'
                ? i18n.t('dealCheck.orderLimitBuyBelow', price)
                : i18n.t('dealCheck.orderStopBuyAbove', price)
              : input.type === 'LIMIT'
                ? i18n.t('dealCheck.orderLimitSellAbove', price)
                : i18n.t('dealCheck.orderStopSellBelow', price),
        });
      }
    }
  }

  if (input.goodTillDate !== null && !(input.goodTillDate > now))
    issues.push({ field: 'goodTillDate', message: i18n.t('dealCheck.goodTillPast') });

  for (const field of ['stopDistance', 'limitDistance'] as const) {
    const d = input[field];
    if (d === null) continue;
    const stop = field === 'stopDistance';
    if (!facts.stopsLimitsAllowed) {
      issues.push({ field, message: i18n.t('dealCheck.noStopsLimits') });
      continue;
    }
    if (!Number.isFinite(d) || d <= 0) {
      issues.push({
        field,
        message: stop ? i18n.t('dealCheck.stopDistancePositive') : i18n.t('dealCheck.limitDistancePositive'),
      });
      continue;
    }
    const minD = ruleDistance(facts.dealingRules.minNormalStopOrLimitDistance, level);
    if (minD !== null && d < minD - 1e-9)
      issues.push({
        field,
        message: stop
          ? i18n.t('dealCheck.stopTooCloseOrder', { min: formatSize(minD) })
          : i18n.t('dealCheck.limitTooCloseOrder', { min: formatSize(minD) }),
      });
    const maxD = ruleDistance(facts.dealingRules.maxStopOrLimitDistance, level);
    if (maxD !== null && d > maxD + 1e-9)
      issues.push({
        field,
        message: stop
          ? i18n.t('dealCheck.stopTooFarOrder', { max: formatSize(maxD) })
          : i18n.t('dealCheck.limitTooFarOrder', { max: formatSize(maxD) }),
      });
  }

  if (issues.length > 0 || size === null || level === null || !facts.currency) return { ok: false, issues };
  return {
    ok: true,
    order: {
      epic: input.epic,
      direction: input.direction,
      size,
      type: input.type,
      level,
      currencyCode: facts.currency,
      expiry: facts.expiry || '-',
      timeInForce: input.goodTillDate === null ? 'GOOD_TILL_CANCELLED' : 'GOOD_TILL_DATE',
      goodTillDate: input.goodTillDate,
      stopDistance: input.stopDistance,
      limitDistance: input.limitDistance,
    },
  };
}
