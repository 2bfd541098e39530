// Remembered credentials encrypted at rest, as password managers do: AES-256-GCM under a key derived from
// the user's passphrase with Argon2id (memory-hard; hash-wasm's WebAssembly in argon2.ts, which the extension
// pages' policy allows with 'wasm-unsafe-eval'). Records made with PBKDF2-SHA256 before it still open (WebCrypto)
// and are converted at their next unlock (keeper.ts). A record holds only ciphertext, salt, IV and the
// KDF's parameters (record.ts, which also opens one). What only saving credentials, unlocking or changing
// the passphrase needs is here.
import { fromBase64, toBase64 } from '../base64';
import type { Argon2 } from './argon2';
import {
  additionalData,
  aesKey,
  type KdfParams,
  kdfParams,
  open,
  subtle,
  type VaultRecord,
  type VaultSecrets,
} from './record';

export {
  type KdfParams,
  kdfParams,
  MIN_PIN_LENGTH,
  open,
  readRecord,
  VAULT_VERSION,
  VaultFormatError,
  type VaultRecord,
  type VaultSecrets,
  WrongPinError,
} from './record';

/**
 * New records: Argon2id with 64 MiB, 3 passes, 4 lanes (RFC 9106's second recommended setting). It
 * unlocks in about half a second here (`npm run bench -- vault`); tests pass lighter parameters.
 */
export const ARGON2ID = {
  kdf: 'Argon2id',
  iterations: 3,
  memoryKiB: 65_536,
  parallelism: 4,
} as const satisfies KdfParams;
/** What records made before Argon2id used (OWASP's 2023 figure for PBKDF2-HMAC-SHA256). */
export const PBKDF2_ITERATIONS = 600_000;
const SALT_BYTES = 16;
const IV_BYTES = 12;
const KEY_BITS = 256;

export interface VaultOptions {
  /** The KDF of new records: ARGON2ID unless a test injects lighter parameters. */
  kdf?: KdfParams;
  /** Random bytes (tests may pin them); crypto.getRandomValues otherwise. */
  random?: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>;
  /**
   * Where Argon2id runs: this thread (argon2.ts argon2InThread) or, in Firefox, a worker (argon2-worker.ts). Given,
   * not defaulted, so that a build that derives in a worker does not carry hash-wasm in its background script.
   */
  argon2: Argon2;
}

const randomBytes = (n: number, options: Pick<VaultOptions, 'random'>) => {
  const bytes = new Uint8Array(n);
  return options.random ? options.random(bytes) : globalThis.crypto.getRandomValues(bytes);
};

/** The raw AES key derived from a passphrase: what storage.session keeps while the vault is unlocked. */
export async function deriveKeyBytes(
  pin: string,
  salt: Uint8Array<ArrayBuffer>,
  params: KdfParams,
  argon2: Argon2,
): Promise<Uint8Array<ArrayBuffer>> {
  const password = new TextEncoder().encode(pin);
  if (params.kdf === 'Argon2id') {
    const { iterations, memoryKiB, parallelism } = params;
    return argon2({ password, salt, iterations, memoryKiB, parallelism, hashLength: KEY_BITS / 8 });
  }
  const material = await subtle().importKey('raw', password, 'PBKDF2', false, ['deriveBits']);
  const bits = await subtle().deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations: params.iterations },
    material,
    KEY_BITS,
  );
  return new Uint8Array(bits);
}

/** Encrypts the secrets under an already derived key, with a fresh IV, in a record of that key's KDF. */
export async function seal(
  secrets: VaultSecrets,
  keyBytes: Uint8Array<ArrayBuffer>,
  params: KdfParams & { salt: string; unchecked?: true },
  options: Pick<VaultOptions, 'random'> = {},
): Promise<VaultRecord> {
  const unchecked = params.kdf === 'Argon2id' && params.unchecked ? { unchecked: true as const } : {};
  const head =
    params.kdf === 'Argon2id'
      ? ({ version: 2, algorithm: 'AES-GCM', ...kdfParams(params), salt: params.salt, ...unchecked } as const)
      : ({ version: 1, algorithm: 'AES-GCM', ...kdfParams(params), salt: params.salt } as const);
  const iv = randomBytes(IV_BYTES, options);
  const plain = new TextEncoder().encode(JSON.stringify({ apiKey: secrets.apiKey, password: secrets.password }));
  const sealed = await subtle().encrypt(
    { name: 'AES-GCM', iv, additionalData: additionalData(head) },
    await aesKey(keyBytes),
    plain,
  );
  return { ...head, iv: toBase64(iv), ciphertext: toBase64(new Uint8Array(sealed)) } as VaultRecord;
}

/**
 * A new record under a new salt and a key derived from this passphrase; returns the key for the session.
 * `unchecked`: the passphrase is an old record's, chosen before new ones were checked for strength.
 */
export async function createVault(secrets: VaultSecrets, pin: string, options: VaultOptions, unchecked = false) {
  const params = options.kdf ?? ARGON2ID;
  const salt = randomBytes(SALT_BYTES, options);
  const key = await deriveKeyBytes(pin, salt, params, options.argon2);
  const record = await seal(
    secrets,
    key,
    { ...params, salt: toBase64(salt), ...(unchecked ? { unchecked: true as const } : {}) },
    options,
  );
  return { record, key };
}

/** Opens a record with a passphrase: the secrets and the derived key, or WrongPinError. */
export async function unlockVault(record: VaultRecord, pin: string, options: VaultOptions) {
  const key = await deriveKeyBytes(pin, fromBase64(record.salt), kdfParams(record), options.argon2);
  return { secrets: await open(record, key), key };
}

/** Whether a record derives more weakly than new records would: another KDF, less memory or fewer passes. */
export function weakerThan(record: VaultRecord, target: KdfParams): boolean {
  if (record.kdf !== target.kdf) return true;
  if (record.kdf !== 'Argon2id' || target.kdf !== 'Argon2id') return record.iterations < target.iterations;
  return record.memoryKiB < target.memoryKiB || record.iterations < target.iterations;
}
