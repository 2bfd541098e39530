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

/** Adds what a working order may carry: a good-till date (good-till-date orders only), stop and limit distances. */
function withOrderOptions<R extends CreateWorkingOrderRequest | AmendWorkingOrderRequest>(
  req: R,
  from: { goodTillDate?: number | null; stopDistance?: number | null; limitDistance?: number | null },
): R {
  if (req.timeInForce === 'GOOD_TILL_DATE' && from.goodTillDate) req.goodTillDate = from.goodTillDate;
  if (from.stopDistance) req.stopDistance = from.stopDistance;
  if (from.limitDistance) req.limitDistance = from.limitDistance;
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
  return withOrderOptions(req, o);
}

export function amendWorkingOrderRequest(a: RequestOf<'workingOrders.amend'>): AmendWorkingOrderRequest {
  const req: AmendWorkingOrderRequest = {
    level: a.level,
    type: a.type,
    timeInForce: a.timeInForce ?? 'GOOD_TILL_CANCELLED',
    guaranteedStop: false,
  };
  return withOrderOptions(req, a);
}
