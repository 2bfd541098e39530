import { ApiError, invalidField } from '../errors';
import { isoMillis, round } from '../format';
import { bool, isSet, num, str } from '../http';
import type { Account, Confirm, Direction } from '../state';
import type { Market, MarketStatus } from '../universe/types';
import type { World } from '../world';

/** Confirmations can be read for about a minute of simulated time (like the gateway). */
export const CONFIRM_TTL_MS = 60_000;
/** Deals in the same instrument within this window accumulate for tiered pricing. */
export const REPEAT_WINDOW_MS = 60_000;

const REF_RE = /^[A-Za-z0-9_-]{1,30}$/;
const EPIC_RE = /^[A-Za-z0-9._]{6,30}$/;
const EXPIRY_RE = /^((\d{2}-)?[A-Z]{3}-\d{2}|-|DFB)$/;

/** A dealing outcome the gateway reports only through the confirmation (HTTP 200 with a deal reference). */
export class Rejection extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

export function dealReference(world: World, body: Record<string, unknown>): string {
  const given = body.dealReference;
  if (given === undefined || given === null) return world.newId('', 15);
  if (typeof given !== 'string' || !REF_RE.test(given)) throw invalidField('dealReference');
  return given;
}

export function direction(body: Record<string, unknown>, field = 'direction'): Direction {
  const d = str(body, field);
  if (d !== 'BUY' && d !== 'SELL') throw invalidField(field);
  return d;
}

export function size(body: Record<string, unknown>): number {
  const s = num(body, 'size');
  if (s === undefined || s <= 0 || !Number.isFinite(s)) throw invalidField('size');
  return s;
}

export function epicField(body: Record<string, unknown>): string {
  const e = str(body, 'epic');
  if (e === undefined || !EPIC_RE.test(e)) throw invalidField('epic');
  return e;
}

export function expiryField(body: Record<string, unknown>): string {
  const e = str(body, 'expiry');
  if (e === undefined || !EXPIRY_RE.test(e)) throw invalidField('expiry');
  return e;
}

export function currencyField(body: Record<string, unknown>): string {
  const c = str(body, 'currencyCode');
  if (c === undefined || !/^[A-Z]{3}$/.test(c)) throw invalidField('currencyCode');
  return c;
}

/** True only for true or "true"; anything else (absent, false, junk) is false. */
export function flag(body: Record<string, unknown>, field: string): boolean {
  return bool(body, field) === true;
}

export function requiredBool(body: Record<string, unknown>, field: string): boolean {
  const b = bool(body, field);
  if (b === undefined) throw invalidField(field);
  return b;
}

export function optionalNumber(body: Record<string, unknown>, field: string): number | null {
  if (!isSet(body, field)) return null;
  const n = num(body, field);
  if (n === undefined) throw invalidField(field);
  return n;
}

/** Only one of two fields may be set. */
export function exclusive(body: Record<string, unknown>, a: string, b: string): void {
  if (isSet(body, a) && isSet(body, b)) throw new ApiError(400, 'validation.mutual-exclusive-value.request');
}

export function marketFor(world: World, epic: string): Market {
  const m = world.market(epic);
  if (!m) throw new ApiError(404, 'error.trading.otc.instrument-not-found');
  return m;
}

/** The account type must match the expiry: "-" or a month for CFDs, "DFB" or a month for spread bets. */
export function checkExpiry(m: Market, account: Account, expiry: string): void {
  if (m.expiry === '-') {
    if (account.accountType === 'SPREADBET' && expiry === '-')
      throw new Rejection('REJECT_CFD_ORDER_ON_SPREADBET_ACCOUNT');
    if (account.accountType === 'CFD' && expiry === 'DFB') throw new Rejection('REJECT_SPREADBET_ORDER_ON_CFD_ACCOUNT');
    if (expiry !== '-' && expiry !== 'DFB') throw new Rejection('INSTRUMENT_NOT_FOUND');
  } else if (expiry !== m.expiry) throw new Rejection('INSTRUMENT_NOT_FOUND');
}

export function checkTradeable(status: MarketStatus, allowEdits = false): void {
  if (status === 'TRADEABLE') return;
  if (allowEdits && status === 'EDITS_ONLY') return;
  throw new Rejection(status === 'OFFLINE' ? 'MARKET_OFFLINE' : 'MARKET_CLOSED');
}

/** Level at `points` from `from`, on the stop or limit side of a deal in `dir`. */
export function levelAt(m: Market, dir: Direction, from: number, points: number, side: 'stop' | 'limit'): number {
  const sign = (dir === 'BUY') === (side === 'limit') ? 1 : -1;
  return round(from + (sign * points) / m.scalingFactor, m.decimals);
}

export function distanceBetween(m: Market, a: number, b: number): number {
  return round(Math.abs(a - b) * m.scalingFactor, 4);
}

/** A stop must be on the losing side of the current price and a limit on the winning side. */
export function checkAttached(
  dir: Direction,
  bid: number,
  offer: number,
  stop: number | null,
  limit: number | null,
): void {
  const ref = dir === 'BUY' ? bid : offer;
  if (stop !== null && (dir === 'BUY' ? stop >= ref : stop <= ref)) throw new Rejection('ATTACHED_ORDER_LEVEL_ERROR');
  if (limit !== null && (dir === 'BUY' ? limit <= ref : limit >= ref))
    throw new Rejection('ATTACHED_ORDER_LEVEL_ERROR');
}

export function newConfirm(world: World, ref: string, now: number, fields: Partial<Confirm>): Confirm {
  return {
    date: isoMillis(now),
    status: null,
    reason: 'SUCCESS',
    dealStatus: 'ACCEPTED',
    epic: null,
    expiry: null,
    dealReference: ref,
    dealId: world.newId('DIAAAA'),
    affectedDeals: [],
    level: null,
    size: null,
    direction: null,
    stopLevel: null,
    limitLevel: null,
    stopDistance: null,
    limitDistance: null,
    guaranteedStop: false,
    trailingStop: false,
    profit: null,
    profitCurrency: null,
    ...fields,
  };
}

export function storeConfirm(world: World, accountId: string, confirm: Confirm, now: number): void {
  for (const [ref, c] of world.confirms) if (now - c.at > 10 * CONFIRM_TTL_MS) world.confirms.delete(ref);
  world.confirms.set(confirm.dealReference, { accountId, at: now, confirm });
}

export function accountOf(world: World, accountId: string): Account {
  const a = world.account(accountId);
  if (!a) throw new ApiError(401, 'error.security.account-token-invalid');
  return a;
}
