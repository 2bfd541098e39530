import { expiryMonthStart, hms, isoMinutes, round } from './format';
import { convert, exchangeRate, SYMBOLS, unitsPer } from './money';
import type { Quote } from './prices/snapshot';
import { marketTimes } from './universe/hours';
import type { Market } from './universe/types';
import type { World } from './world';

/** The short market block used by search results, watchlists, positions and working orders. */
export function marketBlock(world: World, m: Market, opts: { lotSize?: boolean; utc?: boolean } = {}) {
  const q = world.quote(m);
  const block: Record<string, unknown> = {
    epic: m.epic,
    instrumentName: world.instrumentName(m),
    instrumentType: m.instrumentType,
    expiry: m.expiry,
    high: q.high,
    low: q.low,
    percentageChange: q.percentageChange,
    netChange: q.netChange,
    updateTime: hms(q.updateTime),
    bid: m.streaming ? q.bid : null,
    offer: m.streaming ? q.offer : null,
    delayTime: 0,
    streamingPricesAvailable: m.streaming,
    marketStatus: q.marketStatus,
    scalingFactor: m.scalingFactor,
  };
  if (opts.utc !== false) block.updateTimeUTC = hms(q.updateTime);
  if (opts.lotSize) block.lotSize = m.lotSize;
  return block;
}

const pts = (value: number) => ({ unit: 'POINTS', value });
const pct = (value: number) => ({ unit: 'PERCENTAGE', value });

export function dealingRules(m: Market) {
  return {
    minStepDistance: pts(m.minStopDistance > 2 ? 1 : 0.5),
    minDealSize: pts(m.minDealSize),
    minControlledRiskStopDistance: pts(m.minStopDistance * 2),
    minNormalStopOrLimitDistance: pts(m.minStopDistance),
    maxStopOrLimitDistance: pct(75),
    controlledRiskSpacing: pts(m.minStopDistance * 4),
    marketOrderPreference: 'AVAILABLE_DEFAULT_OFF',
    trailingStopsPreference: 'AVAILABLE',
  };
}

/**
 * The market's currencies with IG's conversion: `baseExchangeRate` is units of that currency per one unit of
 * the account's currency (1 for the account's own), the rate the service's own profit and loss uses.
 */
function currencies(m: Market, accountCurrency: string) {
  const list = [m.currency, ...(m.currency === accountCurrency ? [] : [accountCurrency])];
  return list.map((code, i) => ({
    code,
    symbol: SYMBOLS[code] ?? code,
    baseExchangeRate: unitsPer(code, accountCurrency),
    exchangeRate: round(exchangeRate(code, accountCurrency), 2),
    isDefault: i === 0,
  }));
}

function marginBands(m: Market, q: Quote) {
  const unitValue = Math.max(1, Math.round(convert(q.mid * m.pointValue, m.currency, m.currency)));
  const step = Math.max(1, Math.round(100_000 / unitValue));
  const f = m.marginFactor;
  return [
    { min: 0, max: step, margin: f, currency: m.currency },
    { min: step, max: step * 10, margin: f, currency: m.currency },
    { min: step * 10, max: step * 15, margin: round(f * 1.5, 2), currency: m.currency },
    { min: step * 15, max: null, margin: Math.min(100, f * 4.5), currency: m.currency },
  ];
}

/** `instrument` of GET /markets/{epic} (v1-v3 shape; v4 adds limitAllowed/stopAllowed and drops a few blocks). */
export function instrument(world: World, m: Market, version: number, accountCurrency = 'GBP') {
  const q = world.quote(m);
  const dated = m.expiry !== '-';
  const monthStart = dated ? expiryMonthStart(m.expiry) : undefined;
  const lastDealing = monthStart === undefined ? undefined : monthStart + 14 * 86_400_000 + 17 * 3_600_000;
  const body: Record<string, unknown> = {
    epic: m.epic,
    expiry: m.expiry,
    name: world.instrumentName(m),
    forceOpenAllowed: true,
    stopsLimitsAllowed: true,
    lotSize: m.lotSize,
    unit: m.unit,
    type: m.instrumentType,
    controlledRiskAllowed: true,
    streamingPricesAvailable: m.streaming,
    marketId: m.marketId,
    currencies: currencies(m, accountCurrency),
    sprintMarketsMinimumExpiryTime: null,
    sprintMarketsMaximumExpiryTime: null,
    marginDepositBands: marginBands(m, q),
    marginFactor: m.marginFactor,
    marginFactorUnit: 'PERCENTAGE',
    slippageFactor: { unit: 'pct', value: 50.0 },
    limitedRiskPremium: { value: m.minStopDistance, unit: 'POINTS' },
    openingHours: { marketTimes: marketTimes(m.sessions) },
    expiryDetails:
      lastDealing === undefined
        ? null
        : {
            lastDealingDate: isoMinutes(lastDealing),
            settlementInfo: `Settles based on the official closing level of the underlying ${m.name} contract on the last dealing day +/- IG dealing spread.`,
          },
    rolloverDetails:
      lastDealing === undefined
        ? null
        : {
            lastRolloverTime: isoMinutes(lastDealing - 15 * 60_000),
            rolloverInfo:
              'Usually, initial position closed at official closing level of day before last dealing day +/- closing spread; new position in next contract opened at official closing level of the new contract from same day, +/- opening spread.',
          },
    newsCode: m.newsCode,
    chartCode: m.chartCode,
    country: m.country,
    valueOfOnePip: (m.pointValue / m.scalingFactor).toFixed(2),
    onePipMeans: `${1 / m.scalingFactor} ${m.currency}`,
    contractSize: String(m.pointValue),
    specialInfo: ['DEFAULT KNOCK OUT LEVEL DISTANCE', 'MAX KNOCK OUT LEVEL DISTANCE'],
  };
  if (version >= 4) {
    body.limitAllowed = true;
    body.stopAllowed = true;
    delete body.expiryDetails;
    delete body.marginDepositBands;
    delete body.openingHours;
  }
  return body;
}

/** `snapshot` of market details. v4 has no bid/offer: a price ladder and an update timestamp instead. */
export function snapshot(world: World, m: Market, version: number) {
  const q = world.quote(m);
  const common = {
    marketStatus: q.marketStatus,
    netChange: q.netChange,
    percentageChange: q.percentageChange,
    delayTime: 0,
    high: q.high,
    low: q.low,
    decimalPlacesFactor: m.decimals,
    scalingFactor: m.scalingFactor,
  };
  if (version >= 4) {
    const tick = 10 ** -m.decimals;
    const ladder = [0, 1, 2].map((i) => ({
      bid: round(q.bid - i * tick * 2, m.decimals).toFixed(m.decimals),
      ask: round(q.offer + i * tick * 2, m.decimals).toFixed(m.decimals),
    }));
    const sizes = ['10', '50', '100'];
    return {
      ...common,
      updateTimestampUTC: Math.floor(q.updateTime / 1000),
      priceLadder: ladder,
      currencyLadders: [{ currency: m.currency, bidSizes: sizes, askSizes: sizes }],
    };
  }
  return {
    ...common,
    updateTime: hms(q.updateTime),
    bid: m.streaming ? q.bid : null,
    offer: m.streaming ? q.offer : null,
    binaryOdds: null,
    controlledRiskExtraSpread: Math.max(1, Math.round(m.spread * m.scalingFactor)),
  };
}

/** GET /markets/{epic} body for a version, and the items of GET /markets?epics= (v2). */
export function marketDetails(world: World, m: Market, version: number, accountCurrency = 'GBP') {
  const body: Record<string, unknown> = {
    instrument: instrument(world, m, version, accountCurrency),
    dealingRules: dealingRules(m),
    snapshot: snapshot(world, m, version),
  };
  if (version >= 4) {
    const rules = body.dealingRules as Record<string, unknown>;
    delete rules.marketOrderPreference;
  }
  return body;
}

/** The SNAPSHOT_ONLY form of GET /markets?epics=: instrument keys present but empty. */
export function snapshotOnly(world: World, m: Market) {
  const full = instrument(world, m, 3);
  const inst: Record<string, unknown> = {};
  for (const key of Object.keys(full)) inst[key] = null;
  Object.assign(inst, {
    epic: m.epic,
    type: m.instrumentType,
    forceOpenAllowed: false,
    stopsLimitsAllowed: false,
    controlledRiskAllowed: false,
    streamingPricesAvailable: false,
  });
  return { instrument: inst, dealingRules: null, snapshot: snapshot(world, m, 3) };
}
