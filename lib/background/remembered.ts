// Where the background finds the API key and password in use: the unlocked vault (remembered,
// encrypted on disk), else this browser session's (not remembered, or remembered before the vault
// and waiting for a PIN). What the pages see of it is the VaultView.
import type { VaultView } from '../messages/contract';
import { connection, sessionSecrets, vault, vaultFailures, vaultKey, vaultNotice } from '../settings/registry';
import type { VaultOptions } from '../vault/crypto';
import { MAX_PIN_TRIES, VaultKeeper, type VaultStores } from '../vault/keeper';

const vaultStores: VaultStores = { record: vault, failures: vaultFailures, notice: vaultNotice, key: vaultKey };

export function createKeeper(options?: VaultOptions): VaultKeeper {
  return new VaultKeeper(vaultStores, options);
}

const reader = createKeeper();

export interface SecretsInUse {
  apiKey: string | null;
  password: string | null;
}

export async function secretsInUse(): Promise<SecretsInUse> {
  const remembered = await reader.secrets().catch(() => null);
  if (remembered) return remembered;
  const session = await sessionSecrets.getValue();
  return { apiKey: session.apiKey, password: session.password };
}

export async function vaultView(): Promise<VaultView> {
  const [state, failures, notice, conn, session] = await Promise.all([
    reader.state(),
    reader.failures(),
    reader.notice(),
    connection.getValue(),
    sessionSecrets.getValue(),
  ]);
  const pending = state === 'none' && conn.remember && !!(session.apiKey || session.password);
  return {
    state: pending ? 'pin-needed' : state,
    triesLeft: MAX_PIN_TRIES - failures,
    notice: notice ?? (state === 'none' && conn.remember && !pending ? 'unprotected-removed' : null),
  };
}
