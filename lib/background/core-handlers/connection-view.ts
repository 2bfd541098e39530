// The connection as the pages see it: what is set, never the secrets themselves.
import type { ConnectionView } from '../../messages/contract';
import type { HandlerContext } from '../handlers';

export async function connectionView(ctx: HandlerContext): Promise<ConnectionView> {
  const conn = await ctx.registry.connection.getValue();
  const secrets = await ctx.registry.sessionSecrets.getValue();
  const remembered = (await ctx.vault.state()) !== 'none';
  return {
    environment: conn.environment,
    baseUrl: conn.environment === 'custom' ? conn.baseUrl : null,
    apiKeySet: remembered || Boolean(secrets.apiKey),
    identifier: conn.identifier,
    passwordSet: remembered || Boolean(secrets.password),
    remember: conn.remember,
    sessionVersion: conn.sessionVersion,
  };
}
