// The vault as a woken worker reads it: whether credentials are remembered and unlocked, and the secrets
// while they are (their key kept in storage.session, memory only). Changing the vault is keeper.ts.
import { fromBase64 } from '../base64';
import { open, readRecord, uncheckedPin, type VaultRecord, type VaultSecrets, WrongPinError } from './record';

export const MAX_PIN_TRIES = 5;

export type VaultNotice = 'locked-out';

interface Item<T> {
  getValue(): Promise<T>;
  setValue(value: T): Promise<void>;
}

export interface VaultStores {
  /** storage.local */
  record: Item<VaultRecord | null>;
  /** storage.local: wrong PINs in a row, so a worker restart does not reset the count. */
  failures: Item<number>;
  /** storage.local: why the remembered credentials were erased, until new ones are saved. */
  notice: Item<VaultNotice | null>;
  /** storage.session: the derived key's raw bytes, base64. */
  key: Item<string | null>;
}

export type VaultState = 'none' | 'locked' | 'unlocked';

export class VaultReader {
  constructor(protected readonly stores: VaultStores) {}

  protected async record(): Promise<VaultRecord | null> {
    const value = await this.stores.record.getValue();
    return value === null ? null : readRecord(value);
  }

  async state(): Promise<VaultState> {
    const [record, key] = await Promise.all([this.stores.record.getValue(), this.stores.key.getValue()]);
    if (!record) return 'none';
    return key ? 'unlocked' : 'locked';
  }

  /** Whether the remembered credentials' passphrase was chosen before new ones were checked for strength. */
  async unchecked(): Promise<boolean> {
    const record = await this.record().catch(() => null);
    return !!record && uncheckedPin(record);
  }

  async failures(): Promise<number> {
    return this.stores.failures.getValue();
  }

  async notice(): Promise<VaultNotice | null> {
    return this.stores.notice.getValue();
  }

  /** The secrets while unlocked; null when there are none or the vault is locked. */
  async secrets(): Promise<VaultSecrets | null> {
    const [record, key] = await Promise.all([this.record(), this.stores.key.getValue()]);
    if (!record || !key) return null;
    try {
      return await open(record, fromBase64(key));
    } catch (err) {
      if (err instanceof WrongPinError) return null;
      throw err;
    }
  }
}
