// Validated tickets and orders as the client's request bodies. Pure.
import type {
  AmendWorkingOrderRequest,
  CreatePositionRequest,
  CreateWorkingOrderRequest,
  QuoteOpenRequest,
} from '../api/requests';
import type { RequestOf } from '../messages/contract';
import { entryLevel, type TicketInput, type TicketPrices, type TicketRequest, toLevel } from './ticket';
import type { WorkingOrderRequest } from './working-order';

export function ticketInputOf(t: TicketRequest): TicketInput {
  return {
    epic: t.epic,
    direction: t.direction,
    size: t.size,
    orderType: t.orderType,
    level: t.level ?? null,
    stop: t.stop ?? null,
    limit: t.limit ?? null,
  };
}

/** The open request: a distance stays a distance, a level stays a level; stops or limits force a new position. */
export function createPositionRequest(t: TicketRequest): CreatePositionRequest {
  const req: CreatePositionRequest = {
    epic: t.epic,
    direction: t.direction,
    size: t.size,
    currencyCode: t.currencyCode,
    expiry: t.expiry ?? '-',
    orderType: t.orderType,
    forceOpen: true,
    guaranteedStop: false,
  };
  if (t.orderType === 'LIMIT' && t.level) req.level = t.level;
  if (t.stop) {
    if (t.stop.mode === 'distance') req.stopDistance = t.stop.value;
    else req.stopLevel = t.stop.value;
  }
  if (t.limit) {
    if (t.limit.mode === 'distance') req.limitDistance = t.limit.value;
    else req.limitLevel = t.limit.value;
  }
  return req;
}

/** The indicative quote for opening: the current prices, the deal level for a limit order, the stop as a level. */
export function quoteOpenRequest(t: TicketRequest, prices: { bid: number; offer: number }): QuoteOpenRequest {
  const entry = entryLevel(ticketInputOf(t), prices as TicketPrices);
  const req: QuoteOpenRequest = {
    ask: prices.offer,
    bid: prices.bid,
    dealCurrencyCode: t.currencyCode,
    size: t.size,
    direction: t.direction,
    epic: t.epic,
    guaranteedStop: false,
  };
  if (t.orderType === 'LIMIT' && t.level) req.priceLevel = t.level;
  const stop = t.stop ? toLevel('stop', t.stop, t.direction, entry) : null;
  if (stop !== null) req.stopLevel = stop;
  return req;
}

export function createWorkingOrderRequest(o: WorkingOrderRequest): CreateWorkingOrderRequest {
  const req: CreateWorkingOrderRequest = {
    epic: o.epic,
    direction: o.direction,
    size: o.size,
    level: o.level,
    type: o.type,
    currencyCode: o.currencyCode,
    expiry: o.expiry ?? '-',
    timeInForce: o.timeInForce ?? 'GOOD_TILL_CANCELLED',
    guaranteedStop: false,
  };
  if (req.timeInForce === 'GOOD_TILL_DATE' && o.goodTillDate) req.goodTillDate = o.goodTillDate;
  if (o.stopDistance) req.stopDistance = o.stopDistance;
  if (o.limitDistance) req.limitDistance = o.limitDistance;
  return req;
}

export function amendWorkingOrderRequest(a: RequestOf<'workingOrders.amend'>): AmendWorkingOrderRequest {
  const req: AmendWorkingOrderRequest = {
    level: a.level,
    type: a.type,
    timeInForce: a.timeInForce ?? 'GOOD_TILL_CANCELLED',
    guaranteedStop: false,
  };
  if (req.timeInForce === 'GOOD_TILL_DATE' && a.goodTillDate) req.goodTillDate = a.goodTillDate;
  if (a.stopDistance) req.stopDistance = a.stopDistance;
  if (a.limitDistance) req.limitDistance = a.limitDistance;
  return req;
}
