import { ApiError } from './errors';
import { num, str } from './http';
import { convert, round2 } from './money';
import type { Account, CostQuote, Direction } from './state';
import type { Market } from './universe/types';
import type { World } from './world';

export const clientError = () => new ApiError(400, 'public-api.costs-and-charges.client-error');

export interface CostRequest {
  m: Market;
  direction: Direction;
  size: number;
  bid: number;
  ask: number;
  guaranteedStop: boolean;
  openingLevel: number | null;
}

/** Reads and checks a quote request body; `needsOpening` for close and edit quotes. */
export function costRequest(world: World, body: Record<string, unknown>, needsOpening: boolean): CostRequest {
  const bid = num(body, 'bid');
  const ask = num(body, 'ask');
  const size = num(body, 'size');
  const currency = str(body, 'dealCurrencyCode');
  const ref = str(body, 'dealReference');
  const epic = str(body, 'epic') ?? str(body, 'instrumentId');
  if (bid === undefined || ask === undefined || size === undefined || size <= 0 || ask < bid) throw clientError();
  if (!currency || !/^[A-Z]{3}$/.test(currency) || !ref) throw clientError();
  const m = epic ? world.market(epic) : undefined;
  if (!m) throw clientError();
  const d = str(body, 'direction') ?? 'BUY';
  if (d !== 'BUY' && d !== 'SELL') throw clientError();
  const openingLevel = num(body, 'openingLevel') ?? null;
  if (needsOpening && openingLevel === null) throw clientError();
  return { m, direction: d, size, bid, ask, guaranteedStop: body.guaranteedStop === true, openingLevel };
}

/** Plausible indicative figures, in the account's currency. Quotes never execute a trade. */
export function figures(r: CostRequest, account: Account) {
  const { m, size } = r;
  const price = r.direction === 'BUY' ? r.ask : r.bid;
  const spreadbet = account.accountType === 'SPREADBET';
  const unitValue = spreadbet ? m.scalingFactor : m.pointValue;
  const fromCcy = spreadbet ? 'GBP' : m.currency;
  const toUser = (x: number) => round2(convert(x, fromCcy, account.currency));
  const notional = price * unitValue * size;
  const halfSpread = ((r.ask - r.bid) / 2) * unitValue * size;
  const shares = m.instrumentType === 'SHARES';
  const commission = shares && !spreadbet ? Math.max(10, notional * 0.001) : 0;
  const fxFee = fromCcy !== account.currency ? notional * 0.00005 : 0;
  const iftt = shares && m.country === 'FR' && r.direction === 'BUY' ? notional * 0.003 : 0;
  return {
    notionalValue: round2(notional),
    notionalValueInUserCurrency: toUser(notional),
    openingSpread: toUser(halfSpread),
    closingSpread: toUser(halfSpread),
    openingCommission: toUser(commission),
    closingCommission: toUser(commission),
    openingFxFee: 0,
    closingFxFee: toUser(fxFee),
    openingIFTT: toUser(iftt),
    closingIFTT: 0,
    overnightFundingFee: toUser((notional * 0.03) / 365),
    dailyRunningFxFee: toUser(fxFee / 10),
    borrowingCharge: shares && r.direction === 'SELL' ? toUser((notional * 0.01) / 365) : 0,
    guaranteedStopDeposit: r.guaranteedStop ? toUser(m.minStopDistance * size) : 0,
    guaranteedStopReturn: 0,
    etpEntryCost: 0,
    etpExitCost: 0,
    etpOngoingCost: 0,
    inducements: 0,
    knockoutPremiumDeposit: 0,
    knockoutPremiumReturn: 0,
  };
}

export function storeQuote(
  world: World,
  account: Account,
  type: CostQuote['type'],
  r: CostRequest,
  f: ReturnType<typeof figures>,
  now: number,
): CostQuote {
  const q: CostQuote = {
    reference: world.newId('IQR', 18),
    accountId: account.accountId,
    createdAt: now,
    type,
    direction: r.direction,
    epic: r.m.epic,
    instrumentName: world.instrumentName(r.m),
    size: r.size,
    currency: account.currency,
    figures: f,
  };
  world.costQuotes.push(q);
  if (world.costQuotes.length > 5000) world.costQuotes.shift();
  return q;
}
