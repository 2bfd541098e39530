import type { IncomingHttpHeaders } from 'node:http';
import { ApiError } from './errors';
import { header } from './http';
import type { Application } from './state';
import type { Session } from './tokens';
import type { World } from './world';

/** The X-IG-API-KEY check every gateway request passes first. */
export function checkApiKey(world: World, headers: IncomingHttpHeaders): Application {
  const key = header({ headers }, 'x-ig-api-key');
  if (!key) throw new ApiError(400, 'error.security.api-key-missing');
  const app = world.application(key);
  if (!app) throw new ApiError(403, 'error.security.api-key-invalid');
  if (app.status === 'DISABLED') throw new ApiError(403, 'error.security.api-key-disabled');
  if (app.status === 'REVOKED') throw new ApiError(403, 'error.security.api-key-revoked');
  return app;
}

/** Identifies the session and active account: CST + X-SECURITY-TOKEN (v1/v2), or Bearer + IG-ACCOUNT-ID (v3). */
export function authenticate(
  world: World,
  headers: IncomingHttpHeaders,
  now: number,
): { session: Session; accountId: string } {
  const authorization = header({ headers }, 'authorization');
  if (authorization && /^Bearer\s+/i.test(authorization)) {
    const check = world.tokens.check(authorization.replace(/^Bearer\s+/i, '').trim(), 'access', now);
    if (!check.ok) throw new ApiError(401, 'error.security.oauth-token-invalid');
    const accountId = header({ headers }, 'ig-account-id');
    if (!accountId) throw new ApiError(401, 'error.security.account-token-missing');
    if (!world.account(accountId)) throw new ApiError(401, 'error.security.account-token-invalid');
    return { session: check.session, accountId };
  }
  const cst = world.tokens.check(header({ headers }, 'cst'), 'cst', now);
  if (!cst.ok) throw new ApiError(401, `error.security.client-token-${cst.reason}`);
  const xst = world.tokens.check(header({ headers }, 'x-security-token'), 'xst', now);
  if (!xst.ok) throw new ApiError(401, `error.security.account-token-${xst.reason}`);
  if (xst.session !== cst.session) throw new ApiError(401, 'error.security.account-token-invalid');
  return { session: cst.session, accountId: cst.session.currentAccountId };
}
