// IG's history replies (beyond the spec): GET /history/activity v3 and GET /history/transactions v2.
// Tolerant like every reply schema; the older v1 activity fields (result, actionStatus, time) are kept so
// the same reading serves both shapes. Values are normalised in lib/history/normalise.ts.
import * as v from 'valibot';
import { lazySchema } from '../../lazy-schema';
import { opt, optBool, optList, optNum, optNumStr, optStr } from './kit';

const ActionSchema = lazySchema(() => v.looseObject({ actionType: optStr, affectedDealId: optStr }));

export const ActivitySchema = lazySchema(() =>
  v.looseObject({
    date: v.string(),
    time: optStr,
    epic: optStr,
    period: optStr,
    dealId: optStr,
    channel: optStr,
    type: optStr,
    status: optStr,
    description: optStr,
    // v1
    activity: optStr,
    result: optStr,
    actionStatus: optStr,
    marketName: optStr,
    size: optNumStr,
    level: optNumStr,
    currency: optStr,
    details: opt(
      v.looseObject({
        dealReference: optStr,
        actions: optList(ActionSchema),
        marketName: optStr,
        currency: optStr,
        size: optNumStr,
        direction: optStr,
        level: optNumStr,
        stopLevel: optNumStr,
        limitLevel: optNumStr,
        goodTillDate: optStr,
      }),
    ),
  }),
);

export const ActivityResponseSchema = lazySchema(() =>
  v.looseObject({
    activities: v.array(ActivitySchema),
    metadata: opt(v.looseObject({ paging: opt(v.looseObject({ size: optNum, next: optStr })) })),
  }),
);
export type RawActivity = v.InferOutput<typeof ActivitySchema>;

export const TransactionSchema = lazySchema(() =>
  v.looseObject({
    date: optStr,
    dateUtc: optStr,
    openDateUtc: optStr,
    instrumentName: optStr,
    period: optStr,
    profitAndLoss: optNumStr,
    transactionType: optStr,
    reference: optStr,
    openLevel: optNumStr,
    closeLevel: optNumStr,
    size: optNumStr,
    currency: optStr,
    cashTransaction: optBool,
  }),
);

export const TransactionsResponseSchema = lazySchema(() =>
  v.looseObject({
    transactions: v.array(TransactionSchema),
    metadata: opt(
      v.looseObject({
        size: optNum,
        pageData: opt(v.looseObject({ pageNumber: optNum, pageSize: optNum, totalPages: optNum })),
      }),
    ),
  }),
);
export type RawTransaction = v.InferOutput<typeof TransactionSchema>;
