// Where the background finds the API key and password in use: the unlocked vault (remembered,
// encrypted on disk), else this browser session's (not remembered, or remembered before the vault
// and waiting for a PIN). What the pages see of it is the VaultView.
import type { VaultView } from '../../messages/contract';
import { connection, sessionSecrets, vault, vaultFailures, vaultKey, vaultNotice } from '../../settings/registry';
import { MAX_PIN_TRIES, VaultReader, type VaultStores } from '../../vault/reader';

export const vaultStores: VaultStores = { record: vault, failures: vaultFailures, notice: vaultNotice, key: vaultKey };

/** The vault as read on every wake; changing it is the credentials part's (core-handlers/vault.ts). */
export const vaultReader = new VaultReader(vaultStores);

export interface SecretsInUse {
  apiKey: string | null;
  password: string | null;
}

let connectionMigrated = false;

/**
 * The connection as stored. Its migration moves an older version's remembered secrets into this session's,
 * so what reads them waits for a first read of it; once one has returned, the migration is done
 * (`connectionRead()`) and they are read with it.
 */
export async function readConnection() {
  const conn = await connection.getValue();
  connectionMigrated = true;
  return conn;
}

export const connectionRead = () => connectionMigrated;

export async function secretsInUse(): Promise<SecretsInUse> {
  // Both asked at once (one storage call each area): a woken worker answers after one round trip, not two.
  const sessionRead = sessionSecrets.getValue();
  sessionRead.catch(() => undefined);
  const remembered = await vaultReader.secrets().catch(() => null);
  if (remembered) return remembered;
  const session = await sessionRead;
  return { apiKey: session.apiKey, password: session.password };
}

export async function vaultView(): Promise<VaultView> {
  const [state, failures, notice, conn, session, unchecked] = await Promise.all([
    vaultReader.state(),
    vaultReader.failures(),
    vaultReader.notice(),
    connection.getValue(),
    sessionSecrets.getValue(),
    vaultReader.unchecked(),
  ]);
  const pending = state === 'none' && conn.remember && !!(session.apiKey || session.password);
  return {
    state: pending ? 'pin-needed' : state,
    triesLeft: MAX_PIN_TRIES - failures,
    notice: notice ?? (state === 'none' && conn.remember && !pending ? 'unprotected-removed' : null),
    ...(unchecked ? { unchecked: true as const } : {}),
  };
}
