import * as v from 'valibot';
import { lazySchema } from '../../lazy-schema';
import { idString, opt, optNum, optStr } from './kit';

/** GET /accounts v1: each account with its balance (reference: IG's REST account list). */
export const AccountsResponseSchema = lazySchema(() =>
  v.looseObject({
    accounts: v.array(
      v.looseObject({
        accountId: idString,
        accountName: optStr,
        accountType: optStr,
        currency: optStr,
        balance: opt(v.looseObject({ balance: optNum, deposit: optNum, profitLoss: optNum, available: optNum })),
      }),
    ),
  }),
);
export type AccountsResponse = v.InferOutput<typeof AccountsResponseSchema>;
