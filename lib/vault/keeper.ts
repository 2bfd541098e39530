// Changing the vault: unlocking with the PIN (wrong PINs counted, erased at the last one; a record made
// with a weaker KDF is converted to the current one then), remembering secrets, changing the PIN, forgetting. The record, the count of wrong PINs and the notice are in
// storage.local; the derived key in storage.session (memory only) while unlocked. Every change runs one
// at a time, so wrong PINs sent together are all counted.
import { i18n } from '#i18n';
import { fromBase64, toBase64 } from '../base64';
import { ARGON2ID, createVault, kdfParams, seal, unlockVault, type VaultOptions, weakerThan } from './crypto';
import { MAX_PIN_TRIES, type VaultNotice, VaultReader, type VaultStores } from './reader';
import { uncheckedPin, type VaultRecord, type VaultSecrets, WrongPinError } from './record';

export { MAX_PIN_TRIES, type VaultNotice, type VaultState, type VaultStores } from './reader';

/** A wrong PIN; says how many tries are left. */
export class PinRejectedError extends WrongPinError {
  constructor(readonly triesLeft: number) {
    super();
    this.message = i18n.t('vaultError.wrongPinTriesLeft', triesLeft, { n: String(triesLeft) });
  }
}

/** The last allowed wrong PIN: the remembered credentials are gone. */
export class VaultErasedError extends Error {
  constructor() {
    super(i18n.t('vaultError.erased', { tries: String(MAX_PIN_TRIES) }));
    this.name = 'VaultErasedError';
  }
}

/** Remembering (or changing the PIN) needs a PIN, or the current one, that was not given. */
export class PinNeededError extends Error {
  constructor(
    readonly field: 'pin' | 'currentPin',
    message: string,
  ) {
    super(message);
    this.name = 'PinNeededError';
  }
}

export class VaultKeeper extends VaultReader {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    stores: VaultStores,
    private readonly options: VaultOptions,
  ) {
    super(stores);
  }

  private serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Opens the vault for this browser session; counts a wrong PIN and erases at the last one. */
  unlock(pin: string): Promise<void> {
    return this.serial(async () => {
      await this.openWith(pin);
    });
  }

  /** Opens with this PIN and keeps the key; converts a weaker record unless a new one follows at once. */
  private async openWith(pin: string, convert = true): Promise<VaultSecrets> {
    const record = await this.record();
    if (!record) throw new PinNeededError('pin', i18n.t('vaultError.nothingToUnlock'));
    try {
      const { secrets, key } = await unlockVault(record, pin, this.options);
      const converted = convert ? await this.converted(record, secrets, pin) : null;
      await this.keep(converted?.record ?? record, converted?.key ?? key);
      return secrets;
    } catch (err) {
      if (!(err instanceof WrongPinError)) throw err;
      const failures = (await this.stores.failures.getValue()) + 1;
      if (failures >= MAX_PIN_TRIES) {
        await this.erase('locked-out');
        throw new VaultErasedError();
      }
      await this.stores.failures.setValue(failures);
      throw new PinRejectedError(MAX_PIN_TRIES - failures);
    }
  }

  /**
   * The record again under the current KDF (a new salt) when this one derives more weakly; null when it
   * does not, or when converting failed: the old record still opens, and the next unlock tries again.
   */
  private async converted(record: VaultRecord, secrets: VaultSecrets, pin: string) {
    if (!weakerThan(record, this.options.kdf ?? ARGON2ID)) return null;
    try {
      return await createVault(secrets, pin, this.options, uncheckedPin(record));
    } catch (err) {
      console.warn(
        `Remembered credentials not converted to ${(this.options.kdf ?? ARGON2ID).kdf}: ${(err as Error)?.name}`,
      );
      return null;
    }
  }

  private async keep(record: VaultRecord, key: Uint8Array): Promise<void> {
    await this.stores.record.setValue(record);
    await this.stores.key.setValue(toBase64(key));
    await this.stores.failures.setValue(0);
    await this.stores.notice.setValue(null);
  }

  /**
   * Remembers these secrets: under a new PIN when one is given, otherwise under the unlocked session's
   * key (a fresh IV); PinNeededError when there is neither.
   */
  remember(secrets: VaultSecrets, pin: string | null): Promise<void> {
    return this.serial(async () => {
      if (pin !== null) {
        const { record, key } = await createVault(secrets, pin, this.options);
        return this.keep(record, key);
      }
      const [record, key] = await Promise.all([this.record(), this.stores.key.getValue()]);
      if (!record || !key) throw new PinNeededError('pin', i18n.t('vaultError.choosePin'));
      await this.stores.record.setValue(
        await seal(
          secrets,
          fromBase64(key),
          { ...kdfParams(record), salt: record.salt, ...(uncheckedPin(record) ? { unchecked: true as const } : {}) },
          this.options,
        ),
      );
    });
  }

  /** Encrypts again under a new PIN (new salt); needs the current PIN or an unlocked session. */
  changePin(currentPin: string | null, pin: string): Promise<void> {
    return this.serial(async () => {
      const secrets = currentPin !== null ? await this.openWith(currentPin, false) : await this.secrets();
      if (!secrets) throw new PinNeededError('currentPin', i18n.t('vaultError.enterCurrentPin'));
      const { record, key } = await createVault(secrets, pin, this.options);
      await this.keep(record, key);
    });
  }

  /** Locks: the session forgets the key; the record stays. */
  lock(): Promise<void> {
    return this.serial(() => this.stores.key.setValue(null));
  }

  /** Erases the record, the key and the count; the notice says why (null: the user asked). */
  forget(): Promise<void> {
    return this.serial(() => this.erase(null));
  }

  private async erase(notice: VaultNotice | null): Promise<void> {
    await this.stores.record.setValue(null);
    await this.stores.key.setValue(null);
    await this.stores.failures.setValue(0);
    await this.stores.notice.setValue(notice);
  }
}
