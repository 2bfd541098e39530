// What the dealing handlers need from the background: the signed-in client (as lib/api's Client),
// the permit context (environment, gateway, active account) and the current API key.
import type { Client } from '../../api/client';
import type { PermitContext } from '../../permit/lifecycle';
import { SignedOutError } from '../errors';
import type { HandlerContext } from '../handlers';

export async function clientOf(ctx: HandlerContext): Promise<Client> {
  return (await ctx.getClient()) as unknown as Client;
}

/** The environment and gateway as the user configured them, and the account of the session. */
export async function permitContext(ctx: HandlerContext, options: { login: boolean }): Promise<PermitContext> {
  const connection = await ctx.registry.connection.getValue();
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
  return {
    environment: connection.environment,
    baseUrl: connection.environment === 'custom' ? connection.baseUrl : null,
    accountId,
  };
}

/** The API key in use (remembered or for this session only); never leaves the worker. */
export async function currentApiKey(ctx: HandlerContext): Promise<string | null> {
  const connection = await ctx.registry.connection.getValue();
  if (connection.apiKey) return connection.apiKey;
  const secrets = await ctx.registry.sessionSecrets.getValue();
  return secrets.apiKey;
}

export function requireAccount(context: PermitContext): string {
  if (!context.accountId) throw new SignedOutError();
  return context.accountId;
}
