import { ApiError, invalidField } from '../errors';
import { accountFunds } from '../funds';
import { type ActivityType, type ClosedPiece, recordCloses, recordDeal } from '../history/record';
import { isSet, num, str } from '../http';
import { margin, profit, round2 } from '../money';
import type { Account, Confirm, Direction, Position } from '../state';
import type { Market } from '../universe/types';
import type { World } from '../world';
import {
  accountOf,
  checkAttached,
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
  requiredBool,
  size,
  storeConfirm,
} from './common';

/** The instrument's name as the history shows it. */
const nameOf = (world: World) => (epic: string) => {
  const m = world.market(epic);
  return m ? world.instrumentName(m) : epic;
};

const opposite = (d: Direction): Direction => (d === 'BUY' ? 'SELL' : 'BUY');

interface Taken {
  /** What is left of the amount once the positions are used up. */
  remaining: number;
  realised: number;
  pieces: ClosedPiece[];
  affected: { dealId: string; status: string }[];
}

/**
 * What closing up to `amount` of these positions, first first, at `exit` would do: each piece taken and its
 * profit. Changes nothing: `book` does it, once every check has passed.
 */
function planTake(m: Market, account: Account, positions: Position[], amount: number, exit: number): Taken {
  const taken: Taken = { remaining: amount, realised: 0, pieces: [], affected: [] };
  for (const p of positions) {
    if (taken.remaining <= 0) break;
    const take = Math.min(p.size, taken.remaining);
    const pnl = profit(m, account.accountType, account.currency, p.direction, take, p.level, exit);
    taken.realised += pnl;
    taken.pieces.push({ position: p, size: take, exit, pnl });
    taken.remaining = round2(taken.remaining - take);
    const left = round2(p.size - take);
    taken.affected.push({ dealId: p.dealId, status: left <= 0 ? 'FULLY_CLOSED' : 'PARTIALLY_CLOSED' });
  }
  return taken;
}

/** The world's positions as they would stand once `taken` is booked (for the funds check before it is). */
function positionsAfter(world: World, taken: Taken): Position[] {
  const left = new Map(taken.pieces.map((piece) => [piece.position, round2(piece.position.size - piece.size)]));
  return world.positions.flatMap((p) => {
    const size = left.get(p);
    if (size === undefined) return [p];
    return size > 0 ? [{ ...p, size }] : [];
  });
}

/**
 * Does what `planTake` planned: each position shrinks (an emptied one leaves the account), the realised
 * profit goes into the balance and the closes into the history.
 */
function book(world: World, account: Account, taken: Taken, now: number): void {
  if (taken.pieces.length === 0) return;
  for (const piece of taken.pieces) piece.position.size = round2(piece.position.size - piece.size);
  world.positions = world.positions.filter((p) => p.size > 0);
  const before = account.balance;
  account.balance = round2(account.balance + taken.realised);
  recordCloses(world, account.accountId, nameOf(world), taken.pieces, round2(account.balance - before), now);
}

/** Runs a dealing step; a rejection becomes a REJECTED confirmation. Returns the deal reference. */
export function deal(
  world: World,
  accountId: string,
  ref: string,
  now: number,
  base: Partial<Confirm>,
  run: () => Confirm,
  activity: { type: ActivityType; orderType?: string } = { type: 'POSITION' },
): string {
  // A repeated request with the same client deal reference (a browser resending a POST whose reply was
  // lost) is answered as already done and executes nothing a second time.
  const earlier = world.confirms.get(ref);
  if (earlier && earlier.accountId === accountId) return ref;
  let confirm: Confirm;
  try {
    confirm = run();
  } catch (err) {
    if (!(err instanceof Rejection)) throw err;
    confirm = newConfirm(world, ref, now, { ...base, dealStatus: 'REJECTED', reason: err.reason });
  }
  storeConfirm(world, accountId, confirm, now);
  recordDeal(world, accountId, confirm, now, activity.type, activity.orderType);
  return ref;
}

/** POST /positions/otc (v2 body). */
export function openPosition(world: World, accountId: string, body: Record<string, unknown>, now: number): string {
  const epic = epicField(body);
  const dir = direction(body);
  const amount = size(body);
  const expiry = expiryField(body);
  const currency = currencyField(body);
  const forceOpen = requiredBool(body, 'forceOpen');
  const guaranteedStop = requiredBool(body, 'guaranteedStop');
  exclusive(body, 'limitLevel', 'limitDistance');
  exclusive(body, 'stopLevel', 'stopDistance');
  const orderType = str(body, 'orderType') ?? 'MARKET';
  if (!['MARKET', 'LIMIT', 'QUOTE'].includes(orderType)) throw invalidField('orderType');
  if (orderType === 'MARKET' && (isSet(body, 'level') || isSet(body, 'quoteId'))) throw invalidField('level');
  if (orderType !== 'MARKET' && !isSet(body, 'level')) throw invalidField('level');
  if (orderType === 'QUOTE' && !isSet(body, 'quoteId')) throw invalidField('quoteId');
  const attached = ['limitLevel', 'limitDistance', 'stopLevel', 'stopDistance'].some((f) => isSet(body, f));
  if (attached && !forceOpen) throw invalidField('forceOpen');
  const trailing = flag(body, 'trailingStop');
  if (trailing && (isSet(body, 'stopLevel') || !isSet(body, 'stopDistance') || !isSet(body, 'trailingStopIncrement')))
    throw invalidField('trailingStop');
  if (guaranteedStop && !isSet(body, 'stopLevel') && !isSet(body, 'stopDistance')) throw invalidField('guaranteedStop');
  const stopDistance = optionalNumber(body, 'stopDistance');
  const limitDistance = optionalNumber(body, 'limitDistance');
  const requestedLevel = optionalNumber(body, 'level');
  const ref = dealReference(world, body);
  const m = marketFor(world, epic);
  const account = accountOf(world, accountId);
  const base = { epic, expiry, direction: dir, size: amount, guaranteedStop, trailingStop: trailing };

  return deal(world, accountId, ref, now, base, () => {
    checkExpiry(m, account, expiry);
    if (currency !== m.currency && currency !== 'GBP' && currency !== account.currency)
      throw new Rejection('INSTRUMENT_NOT_TRADEABLE_IN_THIS_CURRENCY');
    const q = world.quote(m, now);
    checkTradeable(q.marketStatus);
    if (orderType === 'QUOTE') throw new Rejection('ORDER_DECLINED');
    if (amount < m.minDealSize) throw new Rejection('MINIMUM_ORDER_SIZE_ERROR');
    const fill = dir === 'BUY' ? q.offer : q.bid;
    if (
      orderType === 'LIMIT' &&
      requestedLevel !== null &&
      (dir === 'BUY' ? fill > requestedLevel : fill < requestedLevel)
    )
      throw new Rejection('LEVEL_TOLERANCE_ERROR');
    const stopLevel =
      stopDistance !== null ? levelAt(m, dir, fill, stopDistance, 'stop') : optionalNumber(body, 'stopLevel');
    const limitLevel =
      limitDistance !== null ? levelAt(m, dir, fill, limitDistance, 'limit') : optionalNumber(body, 'limitLevel');
    checkAttached(dir, q.bid, q.offer, stopLevel, limitLevel);

    const opposing = forceOpen
      ? []
      : world.positions.filter(
          (p) => p.accountId === accountId && p.epic === epic && p.expiry === expiry && p.direction === opposite(dir),
        );
    const taken = planTake(m, account, opposing, amount, fill);
    const { affected, realised, remaining } = taken;
    if (remaining > 0) {
      const needed = margin(m, account.accountType, account.currency, remaining, fill);
      const { available } = accountFunds(world, account, positionsAfter(world, taken));
      if (needed > available + realised) throw new Rejection('INSUFFICIENT_FUNDS');
    }
    book(world, account, taken, now);
    let dealId = affected[0]?.dealId ?? world.newId('DIAAAA');
    if (remaining > 0) {
      if (affected.length) dealId = world.newId('DIAAAA');
      world.positions.push({
        accountId,
        dealId,
        dealReference: ref,
        epic,
        expiry,
        direction: dir,
        size: remaining,
        level: fill,
        currency,
        stopLevel,
        limitLevel,
        guaranteedStop,
        trailingStopDistance: trailing ? stopDistance : null,
        trailingStep: trailing ? (num(body, 'trailingStopIncrement') ?? null) : null,
        createdAt: now,
      });
      affected.push({ dealId, status: 'OPENED' });
    }
    world.recentDeals.push({ accountId, at: now, epic, currency, direction: dir, size: amount });
    return newConfirm(world, ref, now, {
      ...base,
      status:
        remaining > 0 ? 'OPEN' : affected.some((a) => a.status === 'PARTIALLY_CLOSED') ? 'PARTIALLY_CLOSED' : 'CLOSED',
      dealId,
      affectedDeals: affected,
      level: fill,
      stopLevel,
      limitLevel,
      stopDistance,
      limitDistance,
      profit: affected.some((a) => a.status !== 'OPENED') ? round2(realised) : null,
      profitCurrency: affected.some((a) => a.status !== 'OPENED') ? account.currency : null,
    });
  });
}

/** DELETE /positions/otc (v1 body): by dealId, or by epic + expiry; `direction` is the closing direction. */
export function closePosition(world: World, accountId: string, body: Record<string, unknown>, now: number): string {
  exclusive(body, 'dealId', 'epic');
  if (!isSet(body, 'dealId') && !isSet(body, 'epic'))
    throw new ApiError(400, 'validation.null-conditional-set-value.request');
  if (isSet(body, 'epic') && !isSet(body, 'expiry'))
    throw new ApiError(400, 'validation.null-conditional-set-value.request');
  const dir = direction(body);
  const amount = size(body);
  const orderType = str(body, 'orderType') ?? 'MARKET';
  if (!['MARKET', 'LIMIT', 'QUOTE'].includes(orderType)) throw invalidField('orderType');
  if (orderType !== 'MARKET' && !isSet(body, 'level')) throw invalidField('level');
  const ref = dealReference(world, body);
  const account = accountOf(world, accountId);
  const dealIdGiven = str(body, 'dealId');
  const epicGiven = dealIdGiven === undefined ? epicField(body) : undefined;
  const expiryGiven = epicGiven === undefined ? undefined : expiryField(body);
  const base = { direction: dir, size: amount, ...(dealIdGiven ? { dealId: dealIdGiven } : {}) };

  return deal(world, accountId, ref, now, base, () => {
    const mine = world.positions.filter((p) => p.accountId === accountId && p.direction === opposite(dir));
    const targets = dealIdGiven
      ? mine.filter((p) => p.dealId === dealIdGiven)
      : mine.filter((p) => p.epic === epicGiven && p.expiry === expiryGiven);
    const available = targets.reduce((s, p) => s + p.size, 0);
    const first = targets[0];
    if (!first || available + 1e-9 < amount) throw new Rejection('POSITION_NOT_AVAILABLE_TO_CLOSE');
    const m = marketFor(world, first.epic);
    const q = world.quote(m, now);
    checkTradeable(q.marketStatus);
    const exit = dir === 'SELL' ? q.bid : q.offer;
    if (orderType === 'LIMIT') {
      const limit = optionalNumber(body, 'level') ?? exit;
      if (dir === 'SELL' ? exit < limit : exit > limit) throw new Rejection('LEVEL_TOLERANCE_ERROR');
    }
    const taken = planTake(m, account, targets, amount, exit);
    const { affected, realised } = taken;
    book(world, account, taken, now);
    const partial = affected.some((a) => a.status === 'PARTIALLY_CLOSED');
    return newConfirm(world, ref, now, {
      status: partial ? 'PARTIALLY_CLOSED' : 'CLOSED',
      dealId: first.dealId,
      affectedDeals: affected,
      epic: first.epic,
      expiry: first.expiry,
      direction: dir,
      size: amount,
      level: exit,
      profit: round2(realised),
      profitCurrency: account.currency,
    });
  });
}

/** PUT /positions/otc/{dealId} (v2 body): replaces stop, limit and trailing settings. */
export function amendPosition(
  world: World,
  accountId: string,
  dealId: string,
  body: Record<string, unknown>,
  now: number,
): string {
  const stopLevel = optionalNumber(body, 'stopLevel');
  const limitLevel = optionalNumber(body, 'limitLevel');
  const trailing = flag(body, 'trailingStop');
  const guaranteedStop = flag(body, 'guaranteedStop');
  if (guaranteedStop && (stopLevel === null || trailing)) throw invalidField('guaranteedStop');
  if (trailing && (stopLevel === null || !isSet(body, 'trailingStopDistance') || !isSet(body, 'trailingStopIncrement')))
    throw invalidField('trailingStop');
  if (!trailing && (isSet(body, 'trailingStopDistance') || isSet(body, 'trailingStopIncrement')))
    throw invalidField('trailingStop');
  const ref = dealReference(world, body);
  const base = { dealId, stopLevel, limitLevel, guaranteedStop, trailingStop: trailing };
  return deal(
    world,
    accountId,
    ref,
    now,
    base,
    () => {
      const p: Position | undefined = world.positions.find((x) => x.accountId === accountId && x.dealId === dealId);
      if (!p) throw new Rejection('POSITION_NOT_FOUND');
      const m = marketFor(world, p.epic);
      const q = world.quote(m, now);
      checkTradeable(q.marketStatus, true);
      checkAttached(p.direction, q.bid, q.offer, stopLevel, limitLevel);
      p.stopLevel = stopLevel;
      p.limitLevel = limitLevel;
      p.guaranteedStop = guaranteedStop;
      p.trailingStopDistance = trailing ? optionalNumber(body, 'trailingStopDistance') : null;
      p.trailingStep = trailing ? optionalNumber(body, 'trailingStopIncrement') : null;
      return newConfirm(world, ref, now, {
        ...base,
        status: 'AMENDED',
        epic: p.epic,
        expiry: p.expiry,
        direction: p.direction,
        size: p.size,
        level: p.level,
        affectedDeals: [{ dealId, status: 'AMENDED' }],
        stopDistance: stopLevel === null ? null : distanceBetween(m, p.level, stopLevel),
        limitDistance: limitLevel === null ? null : distanceBetween(m, p.level, limitLevel),
      });
    },
    { type: 'EDIT_STOP_AND_LIMIT' },
  );
}
