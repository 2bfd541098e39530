// Checks of a new working order against the market and its dealing rules, before it is sent.
import type { RequestOf } from '../messages/contract';
import type { Direction, MarketFacts } from '../model';
import { minSize, ruleDistance, sizeStep } from './ticket';

export type WorkingOrderRequest = RequestOf<'workingOrders.create'>;

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
  if (!facts.currency)
    issues.push({ field: 'market', message: 'The market has no dealing currency; it cannot be dealt here.' });
  const step = sizeStep(facts);
  const min = minSize(facts);
  const size = input.size;
  if (size === null || !Number.isFinite(size) || size <= 0) issues.push({ field: 'size', message: 'Enter a size.' });
  else if (size < min - 1e-9) issues.push({ field: 'size', message: `The minimum size on this market is ${min}.` });
  else if (Math.abs(size / step - Math.round(size / step)) > 1e-6)
    issues.push({ field: 'size', message: `Size goes in steps of ${step}.` });

  const level = input.level;
  if (level === null || !Number.isFinite(level) || level <= 0) {
    issues.push({ field: 'level', message: 'Enter the level the order triggers at.' });
  } else {
    const market = input.direction === 'BUY' ? prices.offer : prices.bid;
    if (market !== null) {
      const above = level > market;
      const below = level < market;
      const wantBelow = (input.type === 'LIMIT') === (input.direction === 'BUY');
      if (wantBelow ? !below : !above) {
        const what = `A ${input.type === 'LIMIT' ? 'limit' : 'stop'} order to ${input.direction === 'BUY' ? 'buy' : 'sell'}`;
        issues.push({
          field: 'level',
          message: `${what} must be ${wantBelow ? 'below' : 'above'} the current ${input.direction === 'BUY' ? 'offer' : 'bid'} (${market}).`,
        });
      }
    }
  }

  if (input.goodTillDate !== null && !(input.goodTillDate > now))
    issues.push({ field: 'goodTillDate', message: 'The "good till" date must be in the future.' });

  for (const field of ['stopDistance', 'limitDistance'] as const) {
    const d = input[field];
    if (d === null) continue;
    const name = field === 'stopDistance' ? 'Stop' : 'Limit';
    if (!facts.stopsLimitsAllowed) {
      issues.push({ field, message: 'This market does not accept stops or limits.' });
      continue;
    }
    if (!Number.isFinite(d) || d <= 0) {
      issues.push({ field, message: `${name} distance must be a positive number.` });
      continue;
    }
    const minD = ruleDistance(facts.dealingRules.minNormalStopOrLimitDistance, level);
    if (minD !== null && d < minD - 1e-9)
      issues.push({ field, message: `${name} is too close: at least ${minD} points from the order level.` });
    const maxD = ruleDistance(facts.dealingRules.maxStopOrLimitDistance, level);
    if (maxD !== null && d > maxD + 1e-9)
      issues.push({ field, message: `${name} is too far: at most ${maxD} points from the order level.` });
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
