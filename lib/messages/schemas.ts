// Input checks shared by the message contract (and by the pages' forms): the service's own patterns.

import * as v from 'valibot';
import { i18n } from '#i18n';
import * as P from '../api/patterns';
import { RESOLUTIONS } from '../api/requests';

/** A request with nothing in it. */
export const none = v.optional(v.object({}), {});

export const epic = v.pipe(
  v.string(),
  v.regex(P.EPIC, () => i18n.t('requestError.epic')),
);
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
  v.minLength(1, () => i18n.t('requestError.nameWatchlist')),
  v.maxLength(50, () => i18n.t('requestError.watchlistNameTooLong', { max: '50' })),
  v.regex(/^[^\p{Cc}]*$/u, () => i18n.t('requestError.watchlistNameControl')),
);
export const searchTerm = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(2, () => i18n.t('requestError.searchTooShort')),
  v.maxLength(100, () => i18n.t('requestError.searchTooLong')),
  v.regex(/^[^\p{Cc}]*$/u, () => i18n.t('requestError.searchControl')),
);
/** A token of an imported file that is not an epic, as the page shows it back (lib/csv/import truncates to 60). */
export const importToken = v.pipe(
  v.string(),
  v.minLength(1, () => i18n.t('requestError.importEntryEmpty')),
  v.maxLength(60, () => i18n.t('requestError.importEntryTooLong', { max: '60' })),
  v.regex(/^[^\p{Cc}]*$/u, () => i18n.t('requestError.importEntryControl')),
);
export const accountId = v.pipe(v.string(), v.regex(P.ACCOUNT_ID, 'Account id is not valid'));
/** Opaque ids and references the service hands out: letters, digits, dashes and underscores. */
export const reference = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,100}$/, 'Reference is not valid'));
export const categoryId = v.pipe(v.string(), v.regex(P.CATEGORY_ID, 'Category id is not valid'));
export const dealReference = v.pipe(v.string(), v.regex(P.DEAL_REFERENCE, 'Deal reference is not valid'));
export const resolution = v.picklist(RESOLUTIONS);
export const epochMs = v.pipe(v.number(), v.integer(), v.minValue(0));
export const positive = v.pipe(v.number(), v.finite(), v.gtValue(0));
export const environment = v.picklist(['demo', 'live', 'custom']);

export const alertInput = v.object({
  epic,
  kind: v.picklist(['above', 'below', 'move-pct', 'sentiment-long-above', 'sentiment-long-below']),
  target: positive,
  quiet: v.optional(
    v.nullable(
      v.object({
        from: v.pipe(
          v.string(),
          v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, () => i18n.t('requestError.time')),
        ),
        to: v.pipe(
          v.string(),
          v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, () => i18n.t('requestError.time')),
        ),
      }),
    ),
    null,
  ),
});

const percent = v.pipe(v.number(), v.finite(), v.gtValue(0), v.maxValue(100));

/** A list alert to create (no id) or to change (its id): lib/alerts/list-rules.ts ListCondition. */
export const listAlertInput = v.object({
  id: v.optional(reference),
  watchlistId,
  condition: v.variant('kind', [
    v.object({ kind: v.literal('day-change'), pct: percent }),
    v.object({
      kind: v.literal('window-move'),
      pct: percent,
      minutes: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(240)),
    }),
    v.object({ kind: v.literal('sentiment'), side: v.picklist(['long', 'short']), pct: percent }),
    v.object({ kind: v.literal('status'), on: v.picklist(['open', 'close', 'both']) }),
  ]),
});

/** A figure of the account's funds: a finite number or null (never NaN or Infinity on screen). */
const amount = v.nullable(v.pipe(v.number(), v.finite()));
/** The funds the background announces on the live channel (LiveToPage `funds`). */
export const fundsView = v.object({
  funds: v.object({
    accountId,
    currency: v.pipe(
      v.string(),
      v.regex(/^[A-Z]{0,3}$/, () => i18n.t('requestError.currency')),
    ),
    balance: amount,
    margin: amount,
    profitLoss: amount,
    available: amount,
    equity: amount,
  }),
  fetchedAt: v.pipe(v.number(), v.finite()),
  streamed: v.boolean(),
});
