// The deal ticket's checks against the market's dealing rules, run before anything is sent
// (by the ticket as the user types, and again by the background before it asks for a quote or deals).
import { i18n } from '#i18n';
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

  if (!facts.currency) issues.push({ field: 'market', message: i18n.t('dealCheck.noCurrency') });

  const size = input.size;
  const step = sizeStep(facts);
  const min = minSize(facts);
  if (size === null || !Number.isFinite(size) || size <= 0)
    issues.push({ field: 'size', message: i18n.t('dealCheck.enterSize') });
  else if (size < min - 1e-9) issues.push({ field: 'size', message: i18n.t('dealCheck.minSize', { min: fmt(min) }) });
  else if (!onStep(size, step))
    issues.push({ field: 'size', message: i18n.t('dealCheck.sizeStep', { step: fmt(step) }) });

  if (input.orderType === 'LIMIT') {
    if (input.level === null || !(input.level > 0))
      issues.push({ field: 'level', message: i18n.t('dealCheck.limitNeedsLevel') });
  } else {
    const side = input.direction === 'BUY' ? prices.offer : prices.bid;
    if (side === null)
      issues.push({
        field: 'market',
        message: i18n.t('dealCheck.noPrice'),
      });
  }

  const entry = entryLevel(input, prices);
  if ((input.stop || input.limit) && !facts.stopsLimitsAllowed) {
    issues.push({ field: input.stop ? 'stop' : 'limit', message: i18n.t('dealCheck.noStopsLimits') });
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
  const stop = kind === 'stop';
  if (!Number.isFinite(value.value) || value.value <= 0)
    return stop ? i18n.t('dealCheck.stopPositive') : i18n.t('dealCheck.limitPositive');
  const distance = toDistance(kind, value, direction, entry);
  if (distance === null) return stop ? i18n.t('dealCheck.stopNeedsPrice') : i18n.t('dealCheck.limitNeedsPrice');
  if (distance <= 0) {
    const level = { level: fmt(entry ?? 0) };
    if (direction === 'BUY')
      return stop ? i18n.t('dealCheck.stopBuyBelow', level) : i18n.t('dealCheck.limitBuyAbove', level);
    return stop ? i18n.t('dealCheck.stopSellAbove', level) : i18n.t('dealCheck.limitSellBelow', level);
  }
  const min = ruleDistance(facts.dealingRules.minNormalStopOrLimitDistance, entry);
  if (min !== null && distance < min - 1e-9)
    return stop
      ? i18n.t('dealCheck.stopTooClose', { min: fmt(min) })
      : i18n.t('dealCheck.limitTooClose', { min: fmt(min) });
  const max = ruleDistance(facts.dealingRules.maxStopOrLimitDistance, entry);
  if (max !== null && distance > max + 1e-9)
    return stop
      ? i18n.t('dealCheck.stopTooFar', { max: fmt(max) })
      : i18n.t('dealCheck.limitTooFar', { max: fmt(max) });
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
