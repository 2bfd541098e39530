// Input checks shared by the message contract (and by the pages' forms): the service's own patterns.
import * as v from 'valibot';
import * as P from '../api/patterns';
import { RESOLUTIONS } from '../api/requests';
import { MIN_PIN_LENGTH } from '../vault/record';

export const epic = v.pipe(v.string(), v.regex(P.EPIC, 'Epic must be 6–30 letters, digits, dots or underscores'));
export const marketId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9._-]{1,40}$/, 'Market id is not valid'));
export const watchlistId = v.pipe(
  v.string(),
  v.minLength(1, 'Watchlist id is empty'),
  v.maxLength(100, 'Watchlist id is too long'),
  v.regex(P.WATCHLIST_ID, 'Watchlist id is not valid'),
);
export const watchlistName = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'Name the watchlist'),
  v.maxLength(50, 'A watchlist name has at most 50 characters'),
  v.regex(/^[^\p{Cc}]*$/u, 'A watchlist name cannot contain control characters'),
);
export const searchTerm = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(2, 'Type at least two characters'),
  v.maxLength(100, 'Search term is too long'),
  v.regex(/^[^\p{Cc}]*$/u, 'Search term cannot contain control characters'),
);
/** A token of an imported file that is not an epic, as the page shows it back (lib/csv/import truncates to 60). */
export const importToken = v.pipe(
  v.string(),
  v.minLength(1, 'An imported entry is empty'),
  v.maxLength(60, 'An imported entry has at most 60 characters'),
  v.regex(/^[^\p{Cc}]*$/u, 'An imported entry cannot contain control characters'),
);
export const accountId = v.pipe(v.string(), v.regex(P.ACCOUNT_ID, 'Account id is not valid'));
export const dealId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,40}$/, 'Deal id is not valid'));
/** Opaque ids and references the service hands out: letters, digits, dashes and underscores. */
export const reference = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,100}$/, 'Reference is not valid'));
export const categoryId = v.pipe(v.string(), v.regex(P.CATEGORY_ID, 'Category id is not valid'));
export const dealReference = v.pipe(v.string(), v.regex(P.DEAL_REFERENCE, 'Deal reference is not valid'));
export const resolution = v.picklist(RESOLUTIONS);
export const epochMs = v.pipe(v.number(), v.integer(), v.minValue(0));
export const positive = v.pipe(v.number(), v.finite(), v.gtValue(0));
export const direction = v.picklist(['BUY', 'SELL']);
export const environment = v.picklist(['demo', 'live', 'custom']);
export const permitScope = v.picklist(['dealing', 'watchlists', 'applications']);
export const currencyCode = v.pipe(v.string(), v.regex(P.CURRENCY_CODE, 'Currency is three capital letters'));
export const expiry = v.pipe(v.string(), v.regex(P.EXPIRY, 'Expiry is not valid'));
export const baseUrl = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(2000, 'Base URL is too long'),
  v.url('Base URL must be a URL'),
  v.regex(/^https?:\/\//, 'Base URL must start with http:// or https://'),
);

/** A stop or limit given as a distance from the deal level or as an absolute level. */
export const stopOrLimit = v.optional(
  v.nullable(v.object({ mode: v.picklist(['distance', 'level']), value: positive })),
  null,
);

/** What a deal ticket sends: validated again against the market's dealing rules in the background. */
export const ticket = v.object({
  epic,
  direction,
  size: positive,
  orderType: v.picklist(['MARKET', 'LIMIT']),
  /** The level for a LIMIT order. */
  level: v.optional(v.nullable(positive), null),
  currencyCode,
  expiry: v.optional(expiry, '-'),
  stop: stopOrLimit,
  limit: stopOrLimit,
});

export const workingOrder = v.object({
  epic,
  direction,
  size: positive,
  type: v.picklist(['LIMIT', 'STOP']),
  level: positive,
  currencyCode,
  expiry: v.optional(expiry, '-'),
  timeInForce: v.optional(v.picklist(['GOOD_TILL_CANCELLED', 'GOOD_TILL_DATE']), 'GOOD_TILL_CANCELLED'),
  goodTillDate: v.optional(v.nullable(epochMs), null),
  stopDistance: v.optional(v.nullable(positive), null),
  limitDistance: v.optional(v.nullable(positive), null),
});

export const alertInput = v.object({
  epic,
  kind: v.picklist(['above', 'below', 'move-pct', 'sentiment-long-above', 'sentiment-long-below']),
  target: positive,
  quiet: v.optional(
    v.nullable(
      v.object({
        from: v.pipe(v.string(), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time is HH:MM')),
        to: v.pipe(v.string(), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time is HH:MM')),
      }),
    ),
    null,
  ),
});

/** A PIN or passphrase that protects remembered credentials. */
export const pin = v.pipe(
  v.string(),
  v.minLength(MIN_PIN_LENGTH, `The PIN or passphrase needs at least ${MIN_PIN_LENGTH} characters`),
  v.maxLength(200, 'The PIN or passphrase is too long'),
  v.regex(/^[^\p{Cc}]+$/u, 'The PIN cannot contain control characters'),
);

export const connection = v.object({
  environment,
  /** Required when environment is 'custom'; ignored otherwise. */
  baseUrl: v.optional(v.nullable(baseUrl), null),
  apiKey: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, 'Enter the API key'),
    v.maxLength(100, 'API key is too long'),
    v.regex(/^[^\s\p{Cc}]+$/u, 'API key cannot contain spaces or control characters'),
  ),
  identifier: v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^[A-Za-z0-9_-]{1,30}$/, 'Identifier is 1–30 letters, digits, dashes or underscores'),
  ),
  password: v.pipe(
    v.string(),
    v.minLength(1, 'Enter the password'),
    v.maxLength(350, 'Password is too long'),
    v.regex(/^[^\p{Cc}]+$/u, 'Password cannot contain control characters'),
  ),
  remember: v.boolean(),
  sessionVersion: v.picklist([2, 3]),
  /** A new PIN for remembered secrets; not needed while the vault is unlocked. */
  pin: v.optional(v.nullable(pin), null),
  pinConfirm: v.optional(v.nullable(v.string()), null),
});

/** The PIN typed to unlock: what no PIN can be is refused; anything else is tried (and a wrong one counted). */
export const unlockPin = v.pipe(
  v.string(),
  v.minLength(1, 'Enter your PIN'),
  v.maxLength(200, 'That is not your PIN'),
  v.regex(/^[^\p{Cc}]+$/u, 'That is not your PIN'),
);

/** A figure of the account's funds: a finite number or null (never NaN or Infinity on screen). */
const amount = v.nullable(v.pipe(v.number(), v.finite()));
/** The funds the background announces on the live channel (LiveToPage `funds`). */
export const fundsView = v.object({
  funds: v.object({
    accountId,
    currency: v.pipe(v.string(), v.regex(/^[A-Z]{0,3}$/, 'Currency is not an ISO code')),
    balance: amount,
    margin: amount,
    profitLoss: amount,
    available: amount,
    equity: amount,
  }),
  fetchedAt: v.pipe(v.number(), v.finite()),
  streamed: v.boolean(),
});
