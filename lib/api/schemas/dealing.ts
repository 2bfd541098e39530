import * as v from 'valibot';
import { lazySchema } from '../../lazy-schema';
import { optBool, optList, optNum, optNumStr, optStr } from './kit';
import { MarketSummarySchema } from './market';

export const ConfirmationSchema = lazySchema(() =>
  v.looseObject({
    dealReference: v.string(),
    dealStatus: v.string(),
    dealId: optStr,
    reason: optStr,
    status: optStr,
    date: optStr,
    epic: optStr,
    expiry: optStr,
    direction: optStr,
    level: optNum,
    size: optNum,
    stopLevel: optNum,
    limitLevel: optNum,
    stopDistance: optNum,
    limitDistance: optNum,
    guaranteedStop: optBool,
    trailingStop: optBool,
    profit: optNum,
    profitCurrency: optStr,
    affectedDeals: optList(v.looseObject({ dealId: optStr, status: optStr })),
  }),
);
export type Confirmation = v.InferOutput<typeof ConfirmationSchema>;

export const PositionDataSchema = lazySchema(() =>
  v.looseObject({
    dealId: v.string(),
    dealReference: optStr,
    direction: optStr,
    size: optNum,
    level: optNum,
    limitLevel: optNum,
    stopLevel: optNum,
    currency: optStr,
    contractSize: optNumStr,
    controlledRisk: optBool,
    createdDate: optStr,
    createdDateUTC: optStr,
    trailingStep: optNum,
    trailingStopDistance: optNum,
    limitedRiskPremium: optNum,
  }),
);

export const PositionSchema = lazySchema(() =>
  v.looseObject({ position: PositionDataSchema, market: MarketSummarySchema }),
);
export type Position = v.InferOutput<typeof PositionSchema>;

export const PositionsResponseSchema = lazySchema(() => v.looseObject({ positions: v.array(PositionSchema) }));
export type PositionsResponse = v.InferOutput<typeof PositionsResponseSchema>;

export const WorkingOrderSchema = lazySchema(() =>
  v.looseObject({
    workingOrderData: v.looseObject({
      dealId: v.string(),
      dealReference: optStr,
      direction: optStr,
      epic: optStr,
      orderSize: optNum,
      orderLevel: optNum,
      orderType: optStr,
      timeInForce: optStr,
      currencyCode: optStr,
      createdDate: optStr,
      createdDateUTC: optStr,
      goodTillDate: optStr,
      goodTillDateISO: optStr,
      guaranteedStop: optBool,
      dma: optBool,
      limitDistance: optNum,
      stopDistance: optNum,
      limitLevel: optNum,
      stopLevel: optNum,
      limitedRiskPremium: optNum,
    }),
    marketData: MarketSummarySchema,
  }),
);
export type WorkingOrder = v.InferOutput<typeof WorkingOrderSchema>;

export const WorkingOrdersResponseSchema = lazySchema(() =>
  v.looseObject({ workingOrders: v.array(WorkingOrderSchema) }),
);
export type WorkingOrdersResponse = v.InferOutput<typeof WorkingOrdersResponseSchema>;

/** Every dealing mutation answers `{dealReference}`; some captured amend replies are `{}`. */
export const DealReferenceResponseSchema = lazySchema(() => v.looseObject({ dealReference: optStr }));
export type DealReferenceResponse = v.InferOutput<typeof DealReferenceResponseSchema>;

const sideEntry = lazySchema(() => v.looseObject({ size: optNum, expiry: optStr }));
export const RepeatDealingWindowSchema = lazySchema(() =>
  v.pipe(
    v.custom<Record<string, unknown>>((value) => typeof value === 'object' && value !== null && !Array.isArray(value)),
    v.looseObject({
      accountId: optStr,
      requestStartTime: optNum,
      repeatDealingEntryList: optList(
        v.looseObject({
          instrumentSource: optStr,
          instrumentValue: optStr,
          currencyList: optList(v.looseObject({ currency: optStr, buy: optList(sideEntry), sell: optList(sideEntry) })),
        }),
      ),
    }),
  ),
);
export type RepeatDealingWindow = v.InferOutput<typeof RepeatDealingWindowSchema>;
