import * as v from 'valibot';
import { lazySchema } from '../../lazy-schema';
import { opt, optNum, optStr } from './kit';

const n = optNum;
export const OpenQuoteSchema = lazySchema(() =>
  v.looseObject({
    indicativeQuoteReference: optStr,
    currencyCodeISO: optStr,
    borrowingCharge: n,
    closingCommission: n,
    closingFxFee: n,
    closingIFTT: n,
    closingSpread: n,
    dailyRunningFxFee: n,
    etpEntryCost: n,
    etpExitCost: n,
    etpOngoingCost: n,
    guaranteedStopDeposit: n,
    guaranteedStopReturn: n,
    inducements: n,
    knockoutPremiumDeposit: n,
    knockoutPremiumReturn: n,
    notionalValue: n,
    notionalValueInUserCurrency: n,
    openingCommission: n,
    openingFxFee: n,
    openingIFTT: n,
    openingSpread: n,
    overnightFundingFee: n,
  }),
);
export type OpenQuote = v.InferOutput<typeof OpenQuoteSchema>;

const closeBlock = lazySchema(() =>
  v.looseObject({
    indicativeQuoteReference: optStr,
    closingCommission: n,
    closingFxFee: n,
    closingIFTT: n,
    closingSpread: n,
    etpExitCost: n,
    guaranteedStopReturn: n,
    knockoutPremiumReturn: n,
    notionalValue: n,
    notionalValueInUserCurrency: n,
  }),
);

export const CloseQuoteSchema = lazySchema(() => v.looseObject({ close: opt(closeBlock), currencyCodeISO: optStr }));
export type CloseQuote = v.InferOutput<typeof CloseQuoteSchema>;

export const EditQuoteSchema = lazySchema(() =>
  v.looseObject({
    currencyCodeISO: optStr,
    limit: opt(closeBlock),
    stop: opt(closeBlock),
  }),
);
export type EditQuote = v.InferOutput<typeof EditQuoteSchema>;

export const CostsHistorySchema = lazySchema(() =>
  v.looseObject({
    costsAndChargesHistory: v.array(
      v.looseObject({
        createdTimestamp: optStr,
        direction: optStr,
        indicativeQuoteReference: optStr,
        instrumentName: optStr,
        type: optStr,
      }),
    ),
    pagination: opt(v.looseObject({ pageNumber: optNum, pageSize: optNum, totalElements: optNum, totalPages: optNum })),
  }),
);
export type CostsHistory = v.InferOutput<typeof CostsHistorySchema>;
