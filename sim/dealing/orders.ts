import { invalidField } from '../errors';
import { parseDate } from '../format';
import { recordOrderFilled } from '../history/record';
import { isSet, str } from '../http';
import type { Direction, WorkingOrder } from '../state';
import type { Market } from '../universe/types';
import type { World } from '../world';
import {
  accountOf,
  checkExpiry,
  checkTradeable,
  currencyField,
  dealReference,
  direction,
  distanceBetween,
  epicField,
  exclusive,
  expiryField,
  flag,
  levelAt,
  marketFor,
  newConfirm,
  optionalNumber,
  Rejection,
  size,
} from './common';
import { deal } from './positions';

type OrderType = WorkingOrder['type'];

function orderType(body: Record<string, unknown>): OrderType {
  const t = str(body, 'type');
  if (t !== 'LIMIT' && t !== 'STOP') throw invalidField('type');
  return t;
}

function timeInForce(body: Record<string, unknown>): WorkingOrder['timeInForce'] {
  const t = str(body, 'timeInForce') ?? 'GOOD_TILL_CANCELLED';
  if (t !== 'GOOD_TILL_CANCELLED' && t !== 'GOOD_TILL_DATE') throw invalidField('timeInForce');
  return t;
}

/** goodTillDate: "yyyy/mm/dd hh:mm:ss" (UTC) or milliseconds since 1970. */
function goodTill(body: Record<string, unknown>, tif: WorkingOrder['timeInForce']): number | null {
  if (tif !== 'GOOD_TILL_DATE') return null;
  const raw = body.goodTillDate;
  const t = typeof raw === 'number' ? raw : typeof raw === 'string' ? parseDate(raw) : undefined;
  if (t === undefined) throw invalidField('goodTillDate');
  return t;
}

/** A LIMIT order waits for a better price, a STOP order for a worse one. */
function checkSide(type: OrderType, dir: Direction, level: number, bid: number, offer: number): void {
  const ref = dir === 'BUY' ? offer : bid;
  const better = dir === 'BUY' ? level < ref : level > ref;
  if (type === 'LIMIT' && !better) throw new Rejection('LIMIT_ORDER_WRONG_SIDE_OF_MARKET');
  if (type === 'STOP' && better) throw new Rejection('WRONG_SIDE_OF_MARKET');
}

function distances(m: Market, body: Record<string, unknown>, level: number) {
  exclusive(body, 'limitLevel', 'limitDistance');
  exclusive(body, 'stopLevel', 'stopDistance');
  const stopLevel = optionalNumber(body, 'stopLevel');
  const limitLevel = optionalNumber(body, 'limitLevel');
  return {
    stopDistance: stopLevel !== null ? distanceBetween(m, level, stopLevel) : optionalNumber(body, 'stopDistance'),
    limitDistance: limitLevel !== null ? distanceBetween(m, level, limitLevel) : optionalNumber(body, 'limitDistance'),
  };
}

function orderOf(world: World, accountId: string, dealId: string): WorkingOrder | undefined {
  return world.workingOrders.find((x) => x.accountId === accountId && x.dealId === dealId);
}

/** An amend's or a delete's order, or the rejection IG gives when it has none by that id. */
function existingOrder(world: World, accountId: string, dealId: string): WorkingOrder {
  const o = orderOf(world, accountId, dealId);
  if (!o) throw new Rejection('ORDER_NOT_FOUND');
  return o;
}

/** What an amend's or a delete's confirmation says of the order as it stood. */
function orderFacts(o: WorkingOrder) {
  return { epic: o.epic, expiry: o.expiry, direction: o.direction, size: o.size };
}

/** POST /working-orders/otc (v2 body). */
export function createOrder(world: World, accountId: string, body: Record<string, unknown>, now: number): string {
  const epic = epicField(body);
  const dir = direction(body);
  const amount = size(body);
  const expiry = expiryField(body);
  const type = orderType(body);
  const level = optionalNumber(body, 'level');
  if (level === null) throw invalidField('level');
  const currency = currencyField(body);
  if (body.guaranteedStop === undefined || body.guaranteedStop === null) throw invalidField('guaranteedStop');
  const guaranteedStop = flag(body, 'guaranteedStop');
  if (guaranteedStop && !isSet(body, 'stopDistance')) throw invalidField('stopDistance');
  const tif = timeInForce(body);
  const gtd = goodTill(body, tif);
  const ref = dealReference(world, body);
  const m = marketFor(world, epic);
  const account = accountOf(world, accountId);
  const { stopDistance, limitDistance } = distances(m, body, level);
  const base = { epic, expiry, direction: dir, size: amount, level, stopDistance, limitDistance, guaranteedStop };
  return deal(
    world,
    accountId,
    ref,
    now,
    base,
    () => {
      checkExpiry(m, account, expiry);
      const q = world.quote(m, now);
      checkTradeable(q.marketStatus, true);
      if (amount < m.minDealSize) throw new Rejection('MINIMUM_ORDER_SIZE_ERROR');
      if (gtd !== null && gtd <= now) throw new Rejection('GOOD_TILL_DATE_IN_THE_PAST');
      checkSide(type, dir, level, q.bid, q.offer);
      const dealId = world.newId('DIAAAA');
      world.workingOrders.push({
        accountId,
        dealId,
        dealReference: ref,
        epic,
        expiry,
        direction: dir,
        size: amount,
        level,
        type,
        timeInForce: tif,
        goodTillDate: gtd,
        currency,
        stopDistance,
        limitDistance,
        guaranteedStop,
        createdAt: now,
      });
      return newConfirm(world, ref, now, {
        ...base,
        status: 'OPEN',
        dealId,
        affectedDeals: [{ dealId, status: 'OPENED' }],
      });
    },
    { type: 'WORKING_ORDER', orderType: type },
  );
}

/** PUT /working-orders/otc/{dealId} (v2 body). */
export function amendOrder(
  world: World,
  accountId: string,
  dealId: string,
  body: Record<string, unknown>,
  now: number,
): string {
  const level = optionalNumber(body, 'level');
  if (level === null) throw invalidField('level');
  const ref = dealReference(world, body);
  return deal(
    world,
    accountId,
    ref,
    now,
    { dealId, level },
    () => {
      const o = existingOrder(world, accountId, dealId);
      const m = marketFor(world, o.epic);
      const q = world.quote(m, now);
      checkTradeable(q.marketStatus, true);
      const type = isSet(body, 'type') ? orderType(body) : o.type;
      const tif = isSet(body, 'timeInForce') ? timeInForce(body) : o.timeInForce;
      const gtd =
        tif === 'GOOD_TILL_DATE' ? (isSet(body, 'goodTillDate') ? goodTill(body, tif) : o.goodTillDate) : null;
      if (tif === 'GOOD_TILL_DATE' && gtd === null) throw new Rejection('GOOD_TILL_DATE_IN_THE_PAST');
      if (gtd !== null && gtd <= now) throw new Rejection('GOOD_TILL_DATE_IN_THE_PAST');
      checkSide(type, o.direction, level, q.bid, q.offer);
      const { stopDistance, limitDistance } = distances(m, body, level);
      Object.assign(o, { level, type, timeInForce: tif, goodTillDate: gtd, stopDistance, limitDistance });
      if (isSet(body, 'guaranteedStop')) o.guaranteedStop = flag(body, 'guaranteedStop');
      return newConfirm(world, ref, now, {
        status: 'AMENDED',
        dealId,
        ...orderFacts(o),
        level,
        stopDistance,
        limitDistance,
        guaranteedStop: o.guaranteedStop,
        affectedDeals: [{ dealId, status: 'AMENDED' }],
      });
    },
    { type: 'WORKING_ORDER', orderType: orderOf(world, accountId, dealId)?.type },
  );
}

/** DELETE /working-orders/otc/{dealId}. */
export function deleteOrder(
  world: World,
  accountId: string,
  dealId: string,
  body: Record<string, unknown>,
  now: number,
): string {
  const ref = dealReference(world, body);
  const kind = orderOf(world, accountId, dealId)?.type;
  return deal(
    world,
    accountId,
    ref,
    now,
    { dealId },
    () => {
      const o = existingOrder(world, accountId, dealId);
      world.workingOrders = world.workingOrders.filter((x) => x !== o);
      return newConfirm(world, ref, now, {
        status: 'DELETED',
        dealId,
        ...orderFacts(o),
        level: o.level,
        affectedDeals: [{ dealId, status: 'DELETED' }],
      });
    },
    { type: 'WORKING_ORDER', orderType: kind },
  );
}

/** Expires good-till-date orders and fills orders whose level the market has reached. */
export function settleOrders(world: World, now: number): void {
  if (world.workingOrders.length === 0) return;
  const keep: WorkingOrder[] = [];
  for (const o of world.workingOrders) {
    if (o.goodTillDate !== null && now >= o.goodTillDate) continue;
    const m = world.market(o.epic);
    if (!m) continue;
    const q = world.quote(m, now);
    const tradeable = q.marketStatus === 'TRADEABLE';
    const price = o.direction === 'BUY' ? q.offer : q.bid;
    const reached =
      o.type === 'LIMIT'
        ? o.direction === 'BUY'
          ? price <= o.level
          : price >= o.level
        : o.direction === 'BUY'
          ? price >= o.level
          : price <= o.level;
    if (!tradeable || !reached) {
      keep.push(o);
      continue;
    }
    const filled = {
      accountId: o.accountId,
      dealId: o.dealId,
      dealReference: o.dealReference,
      epic: o.epic,
      expiry: o.expiry,
      direction: o.direction,
      size: o.size,
      level: o.level,
      currency: o.currency,
      stopLevel: o.stopDistance === null ? null : levelAt(m, o.direction, o.level, o.stopDistance, 'stop'),
      limitLevel: o.limitDistance === null ? null : levelAt(m, o.direction, o.level, o.limitDistance, 'limit'),
      guaranteedStop: o.guaranteedStop,
      trailingStopDistance: null,
      trailingStep: null,
      createdAt: now,
    };
    world.positions.push(filled);
    recordOrderFilled(world, filled, o.type, now);
  }
  world.workingOrders = keep;
}
