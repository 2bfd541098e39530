// The service's dealing replies (as lib/api parses them) as the view models the pages show. Pure.
import { i18n } from '#i18n';
import type { Application } from '../api/schemas/applications';
import type { CloseQuote, CostsHistory, OpenQuote } from '../api/schemas/costs';
import type { Confirmation, Position, RepeatDealingWindow, WorkingOrder } from '../api/schemas/dealing';
import type { ReconciliationLock } from '../api/stores';
import type { ApplicationView, CostsQuote, QuoteHistoryItem, RepeatWindowView } from '../messages/contract';
import type { DealOutcome, Direction, LockView, PositionView, WorkingOrderView } from '../model';
import { finite, marketStatus } from '../reply-values';
import { moneyProfit, valuePerMove } from './profit';

const direction = (d: string | null | undefined): Direction => (d === 'SELL' ? 'SELL' : 'BUY');

/** "2020/06/01 12:00:00:000" or ISO "2020-06-01T12:00:00" (UTC) as epoch ms. */
export function parseServiceTime(text: string | null | undefined): number | null {
  if (!text) return null;
  const m = /^(\d{4})[/-](\d{2})[/-](\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:[:.](\d{1,3}))?/.exec(text);
  if (!m) return null;
  return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +(m[6] ?? 0), +(m[7] ?? 0));
}

export { accountTypeOf } from './account-type';

/** A GET /positions entry as the pages show it; `accountType` is the login reply's (CFD or SPREADBET). */
export function positionView(p: Position, accountType: string | null | undefined): PositionView {
  const bid = finite(p.market.bid);
  const offer = finite(p.market.offer);
  const dir = direction(p.position.direction);
  const size = finite(p.position.size);
  const level = finite(p.position.level);
  // Without its own size and level a position has no figure to show.
  const value =
    size === null || level === null ? null : valuePerMove(accountType, p.position.contractSize, p.market.scalingFactor);
  return {
    dealId: p.position.dealId,
    dealReference: p.position.dealReference ?? null,
    epic: p.market.epic,
    instrumentName: p.market.instrumentName ?? p.market.epic,
    direction: dir,
    size: size ?? 0,
    level: level ?? 0,
    currency: p.position.currency ?? '',
    stopLevel: finite(p.position.stopLevel),
    limitLevel: finite(p.position.limitLevel),
    createdAt: parseServiceTime(p.position.createdDateUTC) ?? parseServiceTime(p.position.createdDate),
    bid,
    offer,
    marketStatus: marketStatus(p.market.marketStatus),
    valuePerMove: value,
    profitLoss: moneyProfit(
      { direction: dir, level: level ?? 0, size: size ?? 0, valuePerMove: value },
      { bid, offer },
    ),
  };
}

export function workingOrderView(o: WorkingOrder): WorkingOrderView {
  const d = o.workingOrderData;
  return {
    dealId: d.dealId,
    epic: d.epic ?? o.marketData.epic,
    instrumentName: o.marketData.instrumentName ?? o.marketData.epic,
    direction: direction(d.direction),
    orderType: d.orderType === 'STOP' ? 'STOP' : 'LIMIT',
    size: finite(d.orderSize) ?? 0,
    level: finite(d.orderLevel) ?? 0,
    currencyCode: d.currencyCode ?? '',
    stopDistance: finite(d.stopDistance),
    limitDistance: finite(d.limitDistance),
    timeInForce: d.timeInForce ?? 'GOOD_TILL_CANCELLED',
    goodTillDate: d.goodTillDateISO ?? d.goodTillDate ?? null,
    bid: finite(o.marketData.bid),
    offer: finite(o.marketData.offer),
    marketStatus: marketStatus(o.marketData.marketStatus),
  };
}

/** Each cost line IG may quote, named in the catalogue's words (the field is IG's, the name is ours). */
const COST_NAME: Record<string, () => string> = {
  openingSpread: () => i18n.t('costLine.openingSpread'),
  closingSpread: () => i18n.t('costLine.closingSpread'),
  openingCommission: () => i18n.t('costLine.openingCommission'),
  closingCommission: () => i18n.t('costLine.closingCommission'),
  openingFxFee: () => i18n.t('costLine.openingFxFee'),
  closingFxFee: () => i18n.t('costLine.closingFxFee'),
  openingIFTT: () => i18n.t('costLine.openingIFTT'),
  closingIFTT: () => i18n.t('costLine.closingIFTT'),
  overnightFundingFee: () => i18n.t('costLine.overnightFundingFee'),
  dailyRunningFxFee: () => i18n.t('costLine.dailyRunningFxFee'),
  borrowingCharge: () => i18n.t('costLine.borrowingCharge'),
  guaranteedStopDeposit: () => i18n.t('costLine.guaranteedStopDeposit'),
  guaranteedStopReturn: () => i18n.t('costLine.guaranteedStopReturn'),
  knockoutPremiumDeposit: () => i18n.t('costLine.knockoutPremiumDeposit'),
  knockoutPremiumReturn: () => i18n.t('costLine.knockoutPremiumReturn'),
  etpEntryCost: () => i18n.t('costLine.etpEntryCost'),
  etpExitCost: () => i18n.t('costLine.etpExitCost'),
  etpOngoingCost: () => i18n.t('costLine.etpOngoingCost'),
  inducements: () => i18n.t('costLine.inducements'),
};

/** Every line of an opening quote, in the order shown. */
const OPEN_LINES = Object.keys(COST_NAME);

const CLOSE_LINES = [
  'closingSpread',
  'closingCommission',
  'closingFxFee',
  'closingIFTT',
  'guaranteedStopReturn',
  'knockoutPremiumReturn',
  'etpExitCost',
];

function lines(source: Record<string, unknown>, table: string[]) {
  const out: { label: string; amount: number }[] = [];
  for (const field of table) {
    const value = source[field];
    if (typeof value === 'number' && Number.isFinite(value) && value !== 0)
      out.push({ label: COST_NAME[field]?.() ?? field, amount: value });
  }
  return out;
}

/** Null when the service gave no quote reference (the quote cannot then back a deal). */
export function openQuoteView(q: OpenQuote, now: number): CostsQuote | null {
  if (!q.indicativeQuoteReference) return null;
  return {
    quoteReference: q.indicativeQuoteReference,
    currency: q.currencyCodeISO ?? '',
    lines: lines(q as Record<string, unknown>, OPEN_LINES),
    notionalValue: finite(q.notionalValueInUserCurrency) ?? finite(q.notionalValue),
    receivedAt: now,
  };
}

export function closeQuoteView(q: CloseQuote, now: number): CostsQuote | null {
  const block = q.close;
  if (!block?.indicativeQuoteReference) return null;
  return {
    quoteReference: block.indicativeQuoteReference,
    currency: q.currencyCodeISO ?? '',
    lines: lines(block as Record<string, unknown>, CLOSE_LINES),
    notionalValue: finite(block.notionalValueInUserCurrency) ?? finite(block.notionalValue),
    receivedAt: now,
  };
}

export function quoteHistoryView(h: CostsHistory): QuoteHistoryItem[] {
  return h.costsAndChargesHistory
    .filter((x) => x.indicativeQuoteReference)
    .map((x) => ({
      quoteReference: x.indicativeQuoteReference!,
      createdAt: (x.createdTimestamp ? Date.parse(x.createdTimestamp) : Number.NaN) || 0,
      direction: x.direction ?? '',
      instrumentName: x.instrumentName ?? '',
      type: x.type ?? '',
    }));
}

/** Null when the service reports no repeat-dealing entries. */
export function repeatWindowView(w: RepeatDealingWindow): RepeatWindowView | null {
  const entries: RepeatWindowView['entries'] = [];
  for (const e of w.repeatDealingEntryList ?? []) {
    if (!e.instrumentValue) continue;
    for (const c of e.currencyList ?? []) {
      const side = (list: typeof c.buy) =>
        (list ?? []).filter((x) => typeof x.size === 'number').map((x) => ({ size: x.size!, expiry: x.expiry ?? '-' }));
      entries.push({ epic: e.instrumentValue, currency: c.currency ?? '', buy: side(c.buy), sell: side(c.sell) });
    }
  }
  if (entries.length === 0) return null;
  return { requestStartTime: finite(w.requestStartTime) ?? 0, entries };
}

/** An API key as the pages may see it: enough to tell keys apart, not enough to use one. */
export function maskApiKey(apiKey: string): string {
  if (apiKey.length <= 8) return '••••';
  return `${apiKey.slice(0, 4)}…${apiKey.slice(-4)}`;
}

export function applicationView(a: Application, currentApiKey: string | null): ApplicationView {
  return {
    name: a.name ?? '',
    apiKeyMasked: maskApiKey(a.apiKey),
    status: a.status ?? 'UNKNOWN',
    allowanceApplicationOverall: finite(a.allowanceApplicationOverall) ?? 0,
    allowanceAccountOverall: finite(a.allowanceAccountOverall) ?? 0,
    allowanceAccountTrading: finite(a.allowanceAccountTrading) ?? 0,
    allowanceAccountHistoricalData: finite(a.allowanceAccountHistoricalData) ?? 0,
    concurrentSubscriptionsLimit: finite(a.concurrentSubscriptionsLimit) ?? 0,
    current: currentApiKey !== null && a.apiKey === currentApiKey,
  };
}

/** A confirmation as the outcome the pages show. */
export function outcomeOf(confirmation: Confirmation, dealReference: string): DealOutcome {
  if (confirmation.dealStatus === 'ACCEPTED')
    return {
      status: 'accepted',
      dealReference,
      dealId: confirmation.dealId ?? '',
      level: finite(confirmation.level),
      size: finite(confirmation.size),
    };
  const reason = confirmation.reason ?? 'UNKNOWN';
  return { status: 'rejected', dealReference, reason };
}

export function lockView(lock: ReconciliationLock, progress: { attempts: number; lastError: string | null }): LockView {
  return {
    dealReference: lock.dealReference ?? (lock.dealId ? `deal ${lock.dealId}` : 'unknown'),
    operation: lock.label,
    epic: lock.epic,
    createdAt: lock.createdAt,
    attempts: progress.attempts,
    lastError: progress.lastError,
  };
}
