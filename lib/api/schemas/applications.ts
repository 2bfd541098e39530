import * as v from 'valibot';
import { lazySchema } from '../../lazy-schema';
import { optBool, optNum, optStr } from './kit';

export const ApplicationSchema = lazySchema(() =>
  v.looseObject({
    apiKey: v.string(),
    name: optStr,
    status: optStr,
    allowanceApplicationOverall: optNum,
    allowanceAccountTrading: optNum,
    allowanceAccountOverall: optNum,
    allowanceAccountHistoricalData: optNum,
    concurrentSubscriptionsLimit: optNum,
    allowEquities: optBool,
    allowQuoteOrders: optBool,
    createdDate: optStr,
  }),
);
export type Application = v.InferOutput<typeof ApplicationSchema>;

export const ApplicationsSchema = lazySchema(() => v.array(ApplicationSchema));
