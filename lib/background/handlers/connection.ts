// Connection, session and status messages. A woken worker answers the status and the connection as
// stored; saving, checking and forgetting the connection, switching account, logging out and the vault's
// changes load with the first of them (credentials.ts). Replies describe the connection without its
// secrets.
import type { MessageName } from '../../messages/contract';
import { lazyHandlers, lazyPart } from '../lazy-part';
import { connectionView } from './connection-view';
import type { Handlers } from './table';

export { connectionView } from './connection-view';

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

export const connectionHandlers: Partial<Handlers> = {
  'status.get': async (_req, ctx) => ctx.session.status(),
  'connection.get': async (_req, ctx) => connectionView(ctx),
  ...lazyHandlers(CREDENTIAL_MESSAGES, async () => (await credentials()).credentialHandlers),
};
