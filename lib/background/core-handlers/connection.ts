// Connection, session and status messages. A woken worker answers the status and the connection as
// stored; saving, checking and forgetting the connection, switching account, logging out and the vault's
// changes load with the first of them (credentials.ts). Replies describe the connection without its
// secrets.
import type { ConnectionView, MessageName } from '../../messages/contract';
import type { HandlerContext, Handlers } from '../handlers';
import { lazyHandlers, lazyPart } from '../lazy-part';

/** The messages the credentials part answers (a test holds this to the part's own table). */
export const CREDENTIAL_MESSAGES = [
  'connection.save',
  'connection.check',
  'connection.forget',
  'session.switchAccount',
  'session.logout',
  'vault.unlock',
  'vault.setPin',
] as const satisfies readonly MessageName[];

const credentials = lazyPart('connection settings', () => import('./credentials'));

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

export const connectionHandlers: Partial<Handlers> = {
  'status.get': async (_req, ctx) => ctx.session.status(),
  'connection.get': async (_req, ctx) => connectionView(ctx),
  ...lazyHandlers(CREDENTIAL_MESSAGES, async () => (await credentials()).credentialHandlers),
};
