import * as v from 'valibot';
import { lazySchema } from '../../lazy-schema';
import { idString, optBool, optList, optNum, optStr } from './kit';
import { OAuthTokenSchema } from './oauth';

const account = lazySchema(() =>
  v.looseObject({ accountId: v.string(), accountName: optStr, accountType: optStr, preferred: optBool }),
);

/** POST /session v2 body (tokens travel in the CST / X-SECURITY-TOKEN headers). */
export const LoginV2BodySchema = lazySchema(() =>
  v.looseObject({
    currentAccountId: v.string(),
    accounts: optList(account),
    clientId: v.optional(v.nullable(idString)),
    accountType: optStr,
    currencyIsoCode: optStr,
    currencySymbol: optStr,
    lightstreamerEndpoint: optStr,
    timezoneOffset: optNum,
    dealingEnabled: optBool,
    hasActiveDemoAccounts: optBool,
    hasActiveLiveAccounts: optBool,
    trailingStopsEnabled: optBool,
  }),
);

/** POST /session v3 body. */
export const LoginV3BodySchema = lazySchema(() =>
  v.looseObject({
    accountId: v.string(),
    clientId: v.optional(v.nullable(idString)),
    lightstreamerEndpoint: optStr,
    timezoneOffset: optNum,
    oauthToken: OAuthTokenSchema,
  }),
);

export const SessionDetailsSchema = lazySchema(() =>
  v.looseObject({
    accountId: v.string(),
    clientId: v.optional(v.nullable(idString)),
    currency: optStr,
    lightstreamerEndpoint: optStr,
    locale: optStr,
    timezoneOffset: optNum,
  }),
);
export type SessionDetails = v.InferOutput<typeof SessionDetailsSchema>;

export const SwitchAccountSchema = lazySchema(() =>
  v.looseObject({
    dealingEnabled: optBool,
    hasActiveDemoAccounts: optBool,
    hasActiveLiveAccounts: optBool,
    trailingStopsEnabled: optBool,
  }),
);
export type SwitchAccountResponse = v.InferOutput<typeof SwitchAccountSchema>;

export const EncryptionKeySchema = lazySchema(() =>
  v.looseObject({ encryptionKey: v.string(), timeStamp: v.number() }),
);
export type EncryptionKey = v.InferOutput<typeof EncryptionKeySchema>;
