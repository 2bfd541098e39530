// The deal ticket's checks against the market's dealing rules, run before anything is sent
// (by the ticket as the user types, and again by the background before it asks for a quote or deals).
import { formatSize } from '../format';
import type { RequestOf } from '../messages/contract';
import type { Direction, MarketFacts, StepRule } from '../model';

export type TicketRequest = RequestOf<'deal.quoteOpen'>;

export interface StopOrLimit {
  mode: 'distance' | 'level';
  value: number;
}

/** What the ticket's form holds, parsed; null where the field is empty. */
export interface TicketInput {
  epic: string;
  direction: Direction;
  size: number | null;
  orderType: 'MARKET' | 'LIMIT';
  /** The level for a LIMIT order. */
  level: number | null;
  stop: StopOrLimit | null;
  limit: StopOrLimit | null;
}

export interface TicketPrices {
  bid: number | null;
  offer: number | null;
}

export type TicketField = 'size' | 'level' | 'stop' | 'limit' | 'market';

export interface TicketIssue {
  field: TicketField;
  message: string;
}

export type TicketCheck = { ok: true; ticket: TicketRequest } | { ok: false; issues: TicketIssue[] };

/** Sizes are accepted to two decimal places, or to the minimum deal size's own precision when finer. */
export function sizeStep(facts: MarketFacts): number {
  const min = facts.dealingRules.minDealSize;
  const decimals = min && min.unit === 'POINTS' ? decimalsOf(min.value) : 0;
  return 10 ** -Math.max(2, decimals);
}

export function minSize(facts: MarketFacts): number {
  const min = facts.dealingRules.minDealSize;
  return min && min.unit === 'POINTS' && min.value > 0 ? min.value : sizeStep(facts);
}

/** The level the deal would open at: the offer to buy, the bid to sell, or the limit order's level. */
export function entryLevel(input: Pick<TicketInput, 'direction' | 'orderType' | 'level'>, prices: TicketPrices) {
  if (input.orderType === 'LIMIT') return input.level;
  return input.direction === 'BUY' ? prices.offer : prices.bid;
}

/** A rule's distance in points, at a given level (percentage rules are of the level). */
export function ruleDistance(rule: StepRule | null, level: number | null): number | null {
  if (!rule || !(rule.value > 0)) return null;
  if (rule.unit === 'POINTS') return rule.value;
  return level === null ? null : (level * rule.value) / 100;
}

/** The stop or limit as a level, given the entry level. */
export function toLevel(
  kind: 'stop' | 'limit',
  value: StopOrLimit,
  direction: Direction,
  entry: number | null,
): number | null {
  if (value.mode === 'level') return value.value;
  if (entry === null) return null;
  const below = (kind === 'stop') === (direction === 'BUY');
  return below ? entry - value.value : entry + value.value;
}

/** The stop or limit as a distance in points from the entry level; negative when on the wrong side. */
export function toDistance(
  kind: 'stop' | 'limit',
  value: StopOrLimit,
  direction: Direction,
  entry: number | null,
): number | null {
  if (value.mode === 'distance') return value.value;
  if (entry === null) return null;
  const below = (kind === 'stop') === (direction === 'BUY');
  return below ? entry - value.value : value.value - entry;
}

export function validateTicket(input: TicketInput, facts: MarketFacts, prices: TicketPrices): TicketCheck {
  const issues: TicketIssue[] = [];

  if (!facts.currency)
    issues.push({ field: 'market', message: 'The market has no dealing currency; it cannot be dealt here.' });

  const size = input.size;
  const step = sizeStep(facts);
  const min = minSize(facts);
  if (size === null || !Number.isFinite(size) || size <= 0) issues.push({ field: 'size', message: 'Enter a size.' });
  else if (size < min - 1e-9)
    issues.push({ field: 'size', message: `The minimum size on this market is ${fmt(min)}.` });
  else if (!onStep(size, step)) issues.push({ field: 'size', message: `Size goes in steps of ${fmt(step)}.` });

  if (input.orderType === 'LIMIT') {
    if (input.level === null || !(input.level > 0))
      issues.push({ field: 'level', message: 'A limit order needs the level to deal at.' });
  } else {
    const side = input.direction === 'BUY' ? prices.offer : prices.bid;
    if (side === null)
      issues.push({
        field: 'market',
        message: 'There is no current price to deal at; wait for a price or use a limit order.',
      });
  }

  const entry = entryLevel(input, prices);
  if ((input.stop || input.limit) && !facts.stopsLimitsAllowed) {
    issues.push({ field: input.stop ? 'stop' : 'limit', message: 'This market does not accept stops or limits.' });
  } else {
    for (const kind of ['stop', 'limit'] as const) {
      const value = input[kind];
      if (!value) continue;
      const issue = checkStopOrLimit(kind, value, input.direction, entry, facts);
      if (issue) issues.push({ field: kind, message: issue });
    }
  }

  if (issues.length > 0 || size === null || !facts.currency) return { ok: false, issues };
  return {
    ok: true,
    ticket: {
      epic: input.epic,
      direction: input.direction,
      size: roundTo(size, step),
      orderType: input.orderType,
      level: input.orderType === 'LIMIT' ? input.level : null,
      currencyCode: facts.currency,
      expiry: facts.expiry || '-',
      stop: input.stop,
      limit: input.limit,
    },
  };
}

function checkStopOrLimit(
  kind: 'stop' | 'limit',
  value: StopOrLimit,
  direction: Direction,
  entry: number | null,
  facts: MarketFacts,
): string | null {
  const Name = kind === 'stop' ? 'Stop' : 'Limit';
  if (!Number.isFinite(value.value) || value.value <= 0) return `${Name} must be a positive number.`;
  const distance = toDistance(kind, value, direction, entry);
  if (distance === null) return `${Name} as a level needs a current price; use a distance or wait for a price.`;
  if (distance <= 0) {
    const side = (kind === 'stop') === (direction === 'BUY') ? 'below' : 'above';
    const what = direction === 'BUY' ? 'buy' : 'sell';
    return `A ${kind} on a ${what} must be ${side} the deal level (${fmt(entry ?? 0)}).`;
  }
  const min = ruleDistance(facts.dealingRules.minNormalStopOrLimitDistance, entry);
  if (min !== null && distance < min - 1e-9)
    return `${Name} is too close: at least ${fmt(min)} points from the deal level.`;
  const max = ruleDistance(facts.dealingRules.maxStopOrLimitDistance, entry);
  if (max !== null && distance > max + 1e-9)
    return `${Name} is too far: at most ${fmt(max)} points from the deal level.`;
  return null;
}

function decimalsOf(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const text = value.toString();
  if (text.includes('e-')) return Number(text.split('e-')[1]);
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

function onStep(value: number, step: number): boolean {
  const units = value / step;
  return Math.abs(units - Math.round(units)) < 1e-6;
}

function roundTo(value: number, step: number): number {
  const decimals = decimalsOf(step);
  return Number((Math.round(value / step) * step).toFixed(decimals));
}

function fmt(value: number): string {
  return formatSize(value);
}
