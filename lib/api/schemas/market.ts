import * as v from 'valibot';
import { lazySchema } from '../../lazy-schema';
import { opt, optBool, optList, optNum, optNumStr, optStr, unitValue } from './kit';

/** The prices IG gives both in a market's snapshot and in a search result or watchlist row. */
const priceFields = {
  bid: optNum,
  offer: optNum,
  high: optNum,
  low: optNum,
  netChange: optNum,
  percentageChange: optNum,
};

/** The market block shared by search results, watchlists, positions and working orders. */
export const MarketSummarySchema = lazySchema(() =>
  v.looseObject({
    epic: v.string(),
    instrumentName: optStr,
    instrumentType: optStr,
    expiry: optStr,
    lotSize: optNum,
    ...priceFields,
    delayTime: optNum,
    marketStatus: optStr,
    scalingFactor: optNum,
    streamingPricesAvailable: optBool,
    updateTime: optStr,
    updateTimeUTC: optStr,
    exchangeId: optStr,
  }),
);
export type MarketSummary = v.InferOutput<typeof MarketSummarySchema>;

export const MarketSearchResultSchema = lazySchema(() => v.looseObject({ markets: v.array(MarketSummarySchema) }));
export type MarketSearchResult = v.InferOutput<typeof MarketSearchResultSchema>;

const currency = lazySchema(() =>
  v.looseObject({
    code: optStr,
    symbol: optStr,
    baseExchangeRate: optNum,
    exchangeRate: optNum,
    isDefault: optBool,
  }),
);

export const InstrumentSchema = lazySchema(() =>
  v.looseObject({
    epic: v.string(),
    name: optStr,
    type: optStr,
    expiry: optStr,
    marketId: optStr,
    lotSize: optNum,
    unit: optStr,
    contractSize: optNumStr,
    chartCode: optStr,
    newsCode: optStr,
    country: optStr,
    onePipMeans: optStr,
    valueOfOnePip: optNumStr,
    controlledRiskAllowed: optBool,
    forceOpenAllowed: optBool,
    stopsLimitsAllowed: optBool,
    limitAllowed: optBool,
    stopAllowed: optBool,
    streamingPricesAvailable: optBool,
    currencies: optList(currency),
    marginFactor: optNum,
    marginFactorUnit: optStr,
    marginDepositBands: optList(v.looseObject({ currency: optStr, margin: optNum, max: optNum, min: optNum })),
    slippageFactor: opt(unitValue),
    limitedRiskPremium: opt(unitValue),
    openingHours: opt(v.looseObject({ marketTimes: optList(v.looseObject({ openTime: optStr, closeTime: optStr })) })),
    expiryDetails: opt(v.looseObject({ lastDealingDate: optStr, settlementInfo: optStr })),
    rolloverDetails: opt(v.looseObject({ lastRolloverTime: optStr, rolloverInfo: optStr })),
    specialInfo: optList(v.string()),
    sprintMarketsMaximumExpiryTime: optNum,
    sprintMarketsMinimumExpiryTime: optNum,
  }),
);
export type Instrument = v.InferOutput<typeof InstrumentSchema>;

export const DealingRulesSchema = lazySchema(() =>
  v.looseObject({
    controlledRiskSpacing: opt(unitValue),
    maxStopOrLimitDistance: opt(unitValue),
    minControlledRiskStopDistance: opt(unitValue),
    minDealSize: opt(unitValue),
    minNormalStopOrLimitDistance: opt(unitValue),
    minStepDistance: opt(unitValue),
    marketOrderPreference: optStr,
    trailingStopsPreference: optStr,
  }),
);
export type DealingRules = v.InferOutput<typeof DealingRulesSchema>;

/** v3 and v4 snapshots together: every field is optional (v4 drops bid/offer, adds ladders). */
export const MarketSnapshotSchema = lazySchema(() =>
  v.looseObject({
    ...priceFields,
    binaryOdds: optNum,
    controlledRiskExtraSpread: optNum,
    decimalPlacesFactor: optNum,
    delayTime: optNum,
    marketStatus: optStr,
    scalingFactor: optNum,
    updateTime: optStr,
    updateTimestampUTC: optNum,
    priceLadder: optList(v.looseObject({ bid: optStr, ask: optStr })),
    currencyLadders: optList(
      v.looseObject({ currency: optStr, bidSizes: optList(v.unknown()), askSizes: optList(v.unknown()) }),
    ),
  }),
);
export type MarketSnapshot = v.InferOutput<typeof MarketSnapshotSchema>;

export const MarketDetailsSchema = lazySchema(() =>
  v.looseObject({
    instrument: InstrumentSchema,
    dealingRules: opt(DealingRulesSchema),
    snapshot: opt(MarketSnapshotSchema),
  }),
);
export type MarketDetails = v.InferOutput<typeof MarketDetailsSchema>;

export const MarketListSchema = lazySchema(() => v.looseObject({ marketDetails: v.array(MarketDetailsSchema) }));
export type MarketList = v.InferOutput<typeof MarketListSchema>;
