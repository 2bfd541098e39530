// The service's replies (as lib/api parses them) turned into the view models the pages and the cache
// use. Pure; tolerant of missing fields and null prices.
import type { MarketDetails, MarketSummary } from '../../api/schemas/market';
import type { ClientSentiment } from '../../api/schemas/sentiment';
import type { Watchlist } from '../../api/schemas/watchlists';
import { decimalPlaces } from '../../format';
import type { MarketFacts, MarketQuote, Sentiment, StepRule, WatchlistSummary } from '../../model';
import { finite, marketStatus, positive } from '../../reply-values';

const str = (x: string | null | undefined, fallback = ''): string => (typeof x === 'string' ? x : fallback);

/** An ISO 4217 code, as IG spells currencies. */
const CURRENCY_CODE = /^[A-Z]{3}$/;

/** "HH:MM:SS" UTC of the most recent such time at or before `now`. */
export function timeOfDayUtc(hms: string | null | undefined, now: number): number | null {
  const m = typeof hms === 'string' ? /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(hms) : null;
  if (!m) return null;
  const d = new Date(now);
  let t = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), Number(m[1]), Number(m[2]), Number(m[3] ?? 0));
  if (t > now + 60_000) t -= 24 * 3600_000;
  return t;
}

export function quoteFromSummary(m: MarketSummary, now: number): MarketQuote {
  const quote: MarketQuote = {
    epic: m.epic,
    instrumentName: str(m.instrumentName, m.epic),
    instrumentType: str(m.instrumentType),
    expiry: str(m.expiry, '-'),
    bid: finite(m.bid),
    offer: finite(m.offer),
    high: finite(m.high),
    low: finite(m.low),
    netChange: finite(m.netChange),
    percentageChange: finite(m.percentageChange),
    marketStatus: marketStatus(m.marketStatus),
    updatedAt: timeOfDayUtc(m.updateTimeUTC, now),
  };
  if (typeof m.scalingFactor === 'number') quote.scalingFactor = m.scalingFactor;
  if (typeof m.delayTime === 'number') quote.delayTime = m.delayTime;
  return quote;
}

function stepRule(x: { unit?: string | null | undefined; value?: number | null | undefined } | null | undefined) {
  if (!x || typeof x.value !== 'number') return null;
  const rule: StepRule = { unit: x.unit === 'PERCENTAGE' ? 'PERCENTAGE' : 'POINTS', value: x.value };
  return rule;
}

export function quoteFromDetails(d: MarketDetails, now: number): MarketQuote {
  const i = d.instrument;
  const s = d.snapshot ?? {};
  const quote: MarketQuote = {
    epic: i.epic,
    instrumentName: str(i.name, i.epic),
    instrumentType: str(i.type),
    expiry: str(i.expiry, '-'),
    bid: finite(s.bid),
    offer: finite(s.offer),
    high: finite(s.high),
    low: finite(s.low),
    netChange: finite(s.netChange),
    percentageChange: finite(s.percentageChange),
    marketStatus: marketStatus(s.marketStatus),
    updatedAt: finite(s.updateTimestampUTC) ?? timeOfDayUtc(s.updateTime, now),
  };
  if (i.marketId) quote.marketId = i.marketId;
  quote.decimalPlacesFactor = decimalPlaces(s.decimalPlacesFactor);
  if (typeof s.scalingFactor === 'number') quote.scalingFactor = s.scalingFactor;
  if (typeof s.delayTime === 'number') quote.delayTime = s.delayTime;
  return quote;
}

export function factsFromDetails(d: MarketDetails): MarketFacts {
  const i = d.instrument;
  const r = d.dealingRules ?? {};
  const currency = i.currencies?.find((c) => c.isDefault)?.code ?? i.currencies?.[0]?.code ?? null;
  const unit = i.marginFactorUnit;
  const hours = i.openingHours?.marketTimes;
  return {
    epic: i.epic,
    marketId: i.marketId ?? null,
    name: str(i.name, i.epic),
    instrumentType: str(i.type),
    expiry: str(i.expiry, '-'),
    currency,
    lotSize: finite(i.lotSize),
    marginFactor: finite(i.marginFactor),
    marginFactorUnit: unit === 'PERCENTAGE' || unit === 'POINTS' ? unit : null,
    valueOfOnePip: i.valueOfOnePip === undefined || i.valueOfOnePip === null ? null : String(i.valueOfOnePip),
    onePipMeans: i.onePipMeans ?? null,
    contractSize: positive(i.contractSize),
    exchangeRates: (i.currencies ?? []).flatMap((c) => {
      const perAccountUnit = positive(c.baseExchangeRate);
      return c.code && CURRENCY_CODE.test(c.code) && perAccountUnit !== null ? [{ code: c.code, perAccountUnit }] : [];
    }),
    decimalPlacesFactor: decimalPlaces(d.snapshot?.decimalPlacesFactor),
    openingHours: hours ? hours.map((h) => ({ openTime: str(h.openTime), closeTime: str(h.closeTime) })) : null,
    stopsLimitsAllowed: i.stopsLimitsAllowed ?? false,
    controlledRiskAllowed: i.controlledRiskAllowed ?? false,
    dealingRules: {
      minDealSize: stepRule(r.minDealSize),
      minStepDistance: stepRule(r.minStepDistance),
      minNormalStopOrLimitDistance: stepRule(r.minNormalStopOrLimitDistance),
      minControlledRiskStopDistance: stepRule(r.minControlledRiskStopDistance),
      maxStopOrLimitDistance: stepRule(r.maxStopOrLimitDistance),
      marketOrderPreference: r.marketOrderPreference ?? null,
      trailingStopsPreference: r.trailingStopsPreference ?? null,
    },
  };
}

/** A reading with both sides; null when the service sent no percentages. */
export function sentimentView(s: ClientSentiment): Sentiment | null {
  const long = finite(s.longPositionPercentage);
  const short = finite(s.shortPositionPercentage);
  if (long === null && short === null) return null;
  return {
    marketId: s.marketId,
    longPositionPercentage: long ?? 100 - (short as number),
    shortPositionPercentage: short ?? 100 - (long as number),
  };
}

export function watchlistSummary(w: Watchlist): WatchlistSummary {
  return {
    id: w.id,
    name: w.name,
    editable: w.editable ?? false,
    deleteable: w.deleteable ?? false,
    defaultSystemWatchlist: w.defaultSystemWatchlist ?? false,
  };
}
