// The category tree and a category's instruments (GET /categories…).
import * as v from 'valibot';
import { lazySchema } from '../../lazy-schema';
import { opt, optBool, optNum } from './kit';
import { MarketSummarySchema } from './market';

export const CategoriesSchema = lazySchema(() =>
  v.looseObject({
    categories: v.array(v.looseObject({ code: v.string(), nonTradeable: optBool })),
  }),
);
export type Categories = v.InferOutput<typeof CategoriesSchema>;

export const CategoryInstrumentsSchema = lazySchema(() =>
  v.looseObject({
    instruments: v.array(MarketSummarySchema),
    metadata: opt(v.looseObject({ pageNumber: optNum, pageSize: optNum })),
  }),
);
export type CategoryInstruments = v.InferOutput<typeof CategoryInstrumentsSchema>;
