// What the dealing handlers need from the background: the permit context (the environment as the
// client sees it, the gateway, the active account) and the API key in use.
import { environmentOf } from '../../api/environment';
import type { PermitContext } from '../../permit/lifecycle';
import type { HandlerContext } from '../handlers/table';
import { baseUrlFor } from '../session/base-url';
import { secretsInUse } from '../session/remembered';

/** The environment as the client and its guard see it: a custom gateway on IG's hosts counts as IG's. */
export async function connectedEnvironment(ctx: HandlerContext) {
  const connection = await ctx.registry.connection.getValue();
  const baseUrl = baseUrlFor(connection.environment, connection.baseUrl);
  return { environment: baseUrl ? environmentOf(baseUrl) : connection.environment, baseUrl };
}

/**
 * Where a permit would be used. With `login`, signs in when needed (and throws when that fails);
 * without, a session that cannot be had gives a null account (no permit then applies).
 */
export async function permitContext(ctx: HandlerContext, options: { login: boolean }): Promise<PermitContext> {
  const { environment, baseUrl } = await connectedEnvironment(ctx);
  let accountId: string | null = null;
  if (options.login) {
    accountId = (await ctx.session.account()).accountId;
  } else {
    try {
      accountId = (await ctx.session.account()).accountId;
    } catch {
      accountId = null;
    }
  }
  return { environment, baseUrl, accountId };
}

/** The API key in use (remembered or for this session only); never leaves the worker. */
export async function currentApiKey(): Promise<string | null> {
  return (await secretsInUse()).apiKey;
}
