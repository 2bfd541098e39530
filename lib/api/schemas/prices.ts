import * as v from 'valibot';
import { lazySchema } from '../../lazy-schema';
import { opt, optNum, optStr } from './kit';

const priceValue = lazySchema(() => v.looseObject({ bid: optNum, ask: optNum, lastTraded: optNum }));

export const PricePointSchema = lazySchema(() =>
  v.looseObject({
    snapshotTime: v.string(),
    snapshotTimeUTC: optStr,
    openPrice: opt(priceValue),
    closePrice: opt(priceValue),
    highPrice: opt(priceValue),
    lowPrice: opt(priceValue),
    lastTradedVolume: optNum,
  }),
);
export type PricePoint = v.InferOutput<typeof PricePointSchema>;

export const AllowanceSchema = lazySchema(() =>
  v.looseObject({
    allowanceExpiry: optNum,
    remainingAllowance: optNum,
    totalAllowance: optNum,
  }),
);
export type PriceAllowance = v.InferOutput<typeof AllowanceSchema>;

/** GET /prices/{epic} v3. */
export const PriceResponseSchema = lazySchema(() =>
  v.looseObject({
    instrumentType: optStr,
    prices: v.array(PricePointSchema),
    metadata: opt(
      v.looseObject({
        allowance: opt(AllowanceSchema),
        size: optNum,
        pageData: opt(v.looseObject({ pageNumber: optNum, pageSize: optNum, totalPages: optNum })),
      }),
    ),
  }),
);
export type PriceResponse = v.InferOutput<typeof PriceResponseSchema>;

/** GET /prices/{epic}/{resolution}/... v2: allowance at top level, no metadata. */
export const PricePointsResponseSchema = lazySchema(() =>
  v.looseObject({
    instrumentType: optStr,
    prices: v.array(PricePointSchema),
    allowance: opt(AllowanceSchema),
  }),
);
export type PricePointsResponse = v.InferOutput<typeof PricePointsResponseSchema>;
