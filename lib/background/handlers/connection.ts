// Connection, session and status messages: the status and the connection as stored, and saving, checking
// and forgetting the connection, switching account, logging out and the vault's changes (credentials.ts).
// Replies describe the connection without its secrets.

import { BUILD_VERSION } from '../../release/build';
import { connectionView } from './connection-view';
import { credentialHandlers } from './credentials';
import type { Handlers } from './table';

/** This run of the background: a page watching a slow reply sees it change when the background starts again. */
let instance: string | undefined;
function thisRun(): string {
  instance ??= crypto.randomUUID();
  return instance;
}

export const connectionHandlers: Partial<Handlers> = {
  'status.get': async (_req, ctx) => ctx.session.status(),
  'build.get': async () => ({ version: BUILD_VERSION, instance: thisRun() }),
  'connection.get': async (_req, ctx) => connectionView(ctx),
  ...credentialHandlers,
};
