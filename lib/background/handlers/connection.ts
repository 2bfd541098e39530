// Connection, session and status messages: the status and the connection as stored, and saving, checking
// and forgetting the connection, switching account, logging out and the vault's changes (credentials.ts).
// Replies describe the connection without its secrets.

import { BUILD_VERSION } from '../../release/build';
import { connectionView } from './connection-view';
import { credentialHandlers } from './credentials';
import type { Handlers } from './table';

export const connectionHandlers: Partial<Handlers> = {
  'status.get': async (_req, ctx) => ctx.session.status(),
  'build.get': async () => ({ version: BUILD_VERSION }),
  'connection.get': async (_req, ctx) => connectionView(ctx),
  ...credentialHandlers,
};
