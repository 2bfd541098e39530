// The OAuth token of a v3 session, as the login (schemas/session.ts) and the token refresh send it.
import * as v from 'valibot';
import { lazySchema } from '../../lazy-schema';
import { optStr } from './kit';

/** Also the POST /session/refresh-token v1 body. */
export const OAuthTokenSchema = lazySchema(() =>
  v.looseObject({
    access_token: v.string(),
    refresh_token: v.string(),
    expires_in: v.pipe(
      v.union([v.string(), v.number()]),
      v.transform((x) => Number(x)),
      v.number(),
    ),
    scope: optStr,
    token_type: optStr,
  }),
);
