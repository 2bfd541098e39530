// The shapes of the stored values that older versions also wrote, kept apart from the registry (which
// re-exports them) so the migrations that read them do not import the registry that loads them.
import type { Environment } from '../model';

/**
 * The connection settings. Since v3 `apiKey` and `password` are always null here: remembered secrets
 * live encrypted in `vault`; the fields stay so a value written before v3 can be read and moved.
 */
export interface Connection {
  environment: Environment;
  baseUrl: string | null;
  apiKey: string | null;
  identifier: string | null;
  password: string | null;
  remember: boolean;
  sessionVersion: 2 | 3;
}

export const defaultConnection: Connection = {
  environment: 'demo',
  baseUrl: null,
  apiKey: null,
  identifier: null,
  password: null,
  remember: false,
  sessionVersion: 2,
};

/** Secrets for this browser session only (when "remember" is not ticked). */
export interface SessionSecrets {
  apiKey: string | null;
  password: string | null;
}

/** Session tokens as the client's TokenStore saves them: opaque to everything but lib/api. */
export type StoredTokens = Record<string, unknown>;

/** A recent lookup in the popup. */
export interface RecentLookup {
  epic: string;
  instrumentName: string;
  at: number;
}
