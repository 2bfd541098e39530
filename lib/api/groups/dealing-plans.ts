// Dealing mutations as plans: validated request bodies plus what a reconciliation lock must know.
// Executed only by the dealing client (guarded.ts).

import { newDealReference } from '../deal-reference';
import type {
  AmendPositionRequest,
  AmendWorkingOrderRequest,
  ClosePositionRequest,
  CreatePositionRequest,
  CreateWorkingOrderRequest,
} from '../requests';
import type { ReconciliationLock } from '../stores';
import { goodTillDate } from '../validate-dates';
import {
  fail,
  need,
  needBoolean,
  needNumber,
  needOptional,
  needSize,
  onlyOne,
  optionalNumber,
} from '../validate-trading';

/** A request to send, with the lock's facts about it (written should its outcome be unknown). */
export interface DealPlan
  extends Pick<ReconciliationLock, 'label' | 'dealReference' | 'dealId' | 'epic' | 'direction' | 'size' | 'levels'> {
  params?: Record<string, string>;
  body?: Record<string, unknown>;
}

const isSet = (x: unknown) => x !== undefined && x !== null;

function object(req: unknown, label: string): void {
  if (typeof req !== 'object' || req === null) fail('request', 'Invalid request: expected an object', label);
}

function stopsAndLimits(req: Record<string, unknown>, label: string) {
  for (const f of ['limitDistance', 'stopDistance']) optionalNumber(req[f], label, f, true);
  for (const f of ['limitLevel', 'stopLevel']) optionalNumber(req[f], label, f, true);
  onlyOne(req.limitLevel, req.limitDistance, label, ['limitLevel', 'limitDistance']);
  onlyOne(req.stopLevel, req.stopDistance, label, ['stopLevel', 'stopDistance']);
}

function orderTypeRules(req: { orderType?: string; level?: number; quoteId?: string }, label: string) {
  const type = req.orderType ?? 'MARKET';
  need('positionOrderType', type, label, 'orderType');
  optionalNumber(req.level, label, 'level', true);
  if (type === 'MARKET' && (isSet(req.level) || isSet(req.quoteId))) {
    fail('level', 'A MARKET order takes no level and no quoteId', label);
  }
  if (type === 'LIMIT' && (!isSet(req.level) || isSet(req.quoteId)))
    fail('level', 'A LIMIT order needs a level', label);
  if (type === 'QUOTE' && (!isSet(req.level) || typeof req.quoteId !== 'string' || req.quoteId === '')) {
    fail('quoteId', 'A QUOTE order needs a level and a quoteId', label);
  }
  return type;
}

export function planCreatePosition(req: CreatePositionRequest): DealPlan {
  const label = 'positions.create';
  object(req, label);
  need('epic', req.epic, label);
  need('direction', req.direction, label);
  needSize(req.size, label);
  need('currencyCode', req.currencyCode, label);
  need('expiry', req.expiry, label);
  needOptional('dealReference', req.dealReference, label);
  needOptional('positionTimeInForce', req.timeInForce, label, 'timeInForce');
  needBoolean(req.forceOpen, label, 'forceOpen');
  needBoolean(req.guaranteedStop, label, 'guaranteedStop');
  needBoolean(req.trailingStop, label, 'trailingStop');
  const orderType = orderTypeRules(req, label);
  stopsAndLimits(req as unknown as Record<string, unknown>, label);
  const forceOpen = req.forceOpen ?? true;
  const guaranteedStop = req.guaranteedStop ?? false;
  const trailingStop = req.trailingStop ?? false;
  const hasStopsOrLimits = [req.limitDistance, req.limitLevel, req.stopDistance, req.stopLevel].some(isSet);
  if (hasStopsOrLimits && !forceOpen) fail('forceOpen', 'Stops and limits need forceOpen', label);
  if (trailingStop) {
    if (isSet(req.stopLevel) || guaranteedStop)
      fail('trailingStop', 'A trailing stop takes a stopDistance only', label);
    if (!isSet(req.stopDistance)) fail('stopDistance', 'A trailing stop needs a stopDistance', label);
    needNumber(req.trailingStopIncrement, label, 'trailingStopIncrement', { positive: true });
  } else if (isSet(req.trailingStopIncrement)) {
    fail('trailingStopIncrement', 'trailingStopIncrement needs trailingStop', label);
  }
  const dealReference = req.dealReference ?? newDealReference();
  return {
    label,
    body: { ...req, orderType, forceOpen, guaranteedStop, trailingStop, dealReference },
    dealReference,
    dealId: null,
    epic: req.epic,
    direction: req.direction,
    size: req.size,
    levels: null,
  };
}

export function planAmendPosition(dealId: string, req: AmendPositionRequest): DealPlan {
  const label = 'positions.amend';
  need('dealId', dealId, label, 'deal_id');
  object(req, label);
  optionalNumber(req.limitLevel, label, 'limitLevel', true);
  optionalNumber(req.stopLevel, label, 'stopLevel', true);
  needBoolean(req.guaranteedStop, label, 'guaranteedStop');
  needBoolean(req.trailingStop, label, 'trailingStop');
  if (req.guaranteedStop && (!isSet(req.stopLevel) || req.trailingStop)) {
    fail('stopLevel', 'A guaranteed stop needs a stopLevel and no trailing stop', label);
  }
  if (req.trailingStop) {
    needNumber(req.trailingStopDistance, label, 'trailingStopDistance', { positive: true });
    needNumber(req.trailingStopIncrement, label, 'trailingStopIncrement', { positive: true });
    if (!isSet(req.stopLevel)) fail('stopLevel', 'A trailing stop needs a stopLevel', label);
  } else if (isSet(req.trailingStopDistance) || isSet(req.trailingStopIncrement)) {
    fail('trailingStop', 'Trailing fields need trailingStop', label);
  }
  return {
    label,
    params: { deal_id: dealId },
    body: { guaranteedStop: false, trailingStop: false, ...req },
    dealReference: null,
    dealId,
    epic: null,
    direction: null,
    size: null,
    levels: { limitLevel: req.limitLevel ?? null, stopLevel: req.stopLevel ?? null },
  };
}

export function planClosePosition(req: ClosePositionRequest): DealPlan {
  const label = 'positions.close';
  object(req, label);
  if (isSet(req.dealId) === isSet(req.epic)) fail('dealId', 'Set either dealId or epic (with expiry), not both', label);
  needOptional('dealId', req.dealId, label);
  needOptional('epic', req.epic, label);
  if (isSet(req.epic)) need('expiry', req.expiry, label);
  need('direction', req.direction, label);
  needSize(req.size, label);
  needOptional('positionTimeInForce', req.timeInForce, label, 'timeInForce');
  const orderType = orderTypeRules(req, label);
  return {
    label,
    body: { ...req, orderType },
    dealReference: null,
    dealId: req.dealId ?? null,
    epic: req.epic ?? null,
    direction: req.direction,
    size: req.size,
    levels: null,
  };
}

function workingOrderCommon(req: AmendWorkingOrderRequest | CreateWorkingOrderRequest, label: string) {
  needNumber(req.level, label, 'level', { positive: true });
  needOptional('workingOrderType', req.type, label, 'type');
  needOptional('workingOrderTimeInForce', req.timeInForce, label, 'timeInForce');
  needBoolean(req.guaranteedStop, label, 'guaranteedStop');
  stopsAndLimits(req as unknown as Record<string, unknown>, label);
  const timeInForce = req.timeInForce ?? 'GOOD_TILL_CANCELLED';
  let good: string | number | undefined;
  if (timeInForce === 'GOOD_TILL_DATE') {
    if (!isSet(req.goodTillDate)) fail('goodTillDate', 'GOOD_TILL_DATE needs a goodTillDate', label);
    good = goodTillDate(req.goodTillDate as Date | number | string, label);
  } else if (isSet(req.goodTillDate)) {
    fail('goodTillDate', 'goodTillDate needs GOOD_TILL_DATE', label);
  }
  return { timeInForce, goodTillDate: good };
}

export function planCreateWorkingOrder(req: CreateWorkingOrderRequest): DealPlan {
  const label = 'working_orders.create';
  object(req, label);
  need('epic', req.epic, label);
  need('direction', req.direction, label);
  needSize(req.size, label);
  need('workingOrderType', req.type, label, 'type');
  need('currencyCode', req.currencyCode, label);
  need('expiry', req.expiry, label);
  needOptional('dealReference', req.dealReference, label);
  needBoolean(req.forceOpen, label, 'forceOpen');
  const common = workingOrderCommon(req, label);
  if (req.guaranteedStop && isSet(req.stopLevel)) fail('stopLevel', 'A guaranteed stop takes a stopDistance', label);
  const dealReference = req.dealReference ?? newDealReference();
  return {
    label,
    body: { forceOpen: true, guaranteedStop: false, ...req, ...common, dealReference },
    dealReference,
    dealId: null,
    epic: req.epic,
    direction: req.direction,
    size: req.size,
    levels: { level: req.level },
  };
}

export function planAmendWorkingOrder(dealId: string, req: AmendWorkingOrderRequest): DealPlan {
  const label = 'working_orders.amend';
  need('dealId', dealId, label, 'deal_id');
  object(req, label);
  const common = workingOrderCommon(req, label);
  if (req.guaranteedStop && !isSet(req.stopLevel)) fail('stopLevel', 'A guaranteed stop needs a stopLevel', label);
  return {
    label,
    params: { deal_id: dealId },
    body: { guaranteedStop: false, ...req, ...common },
    dealReference: null,
    dealId,
    epic: null,
    direction: null,
    size: null,
    levels: { level: req.level },
  };
}

export function planDeleteWorkingOrder(dealId: string): DealPlan {
  const label = 'working_orders.delete';
  need('dealId', dealId, label, 'deal_id');
  return {
    label,
    params: { deal_id: dealId },
    dealReference: null,
    dealId,
    epic: null,
    direction: null,
    size: null,
    levels: null,
  };
}
