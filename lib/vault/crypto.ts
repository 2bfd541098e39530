// Remembered credentials encrypted at rest, as password managers do: AES-256-GCM under a key derived
// from the user's PIN or passphrase with PBKDF2-SHA256 (WebCrypto: the service worker and Node alike).
// A record holds only ciphertext, salt, IV and parameters (record.ts, which also opens one). What only
// saving credentials, unlocking or changing the PIN needs is here.
import { fromBase64, toBase64 } from '../base64';
import { additionalData, aesKey, open, subtle, VAULT_VERSION, type VaultRecord, type VaultSecrets } from './record';

export {
  MIN_PIN_LENGTH,
  open,
  readRecord,
  VAULT_VERSION,
  VaultFormatError,
  type VaultRecord,
  type VaultSecrets,
  WrongPinError,
} from './record';

/** OWASP's figure for PBKDF2-HMAC-SHA256 (2023). Tests pass a lower count explicitly. */
export const PBKDF2_ITERATIONS = 600_000;
const SALT_BYTES = 16;
const IV_BYTES = 12;
const KEY_BITS = 256;

export interface VaultOptions {
  /** PBKDF2 iterations for a new key; the production default unless a test injects a lower one. */
  iterations?: number;
  /** Random bytes (tests may pin them); crypto.getRandomValues otherwise. */
  random?: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>;
}

const randomBytes = (n: number, options: VaultOptions) => {
  const bytes = new Uint8Array(n);
  return options.random ? options.random(bytes) : globalThis.crypto.getRandomValues(bytes);
};

/** The raw AES key derived from a PIN: what storage.session keeps while the vault is unlocked. */
export async function deriveKeyBytes(pin: string, salt: Uint8Array<ArrayBuffer>, iterations: number) {
  const material = await subtle().importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, ['deriveBits']);
  const bits = await subtle().deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, material, KEY_BITS);
  return new Uint8Array(bits);
}

/** Encrypts the secrets under an already derived key, with a fresh IV. */
export async function seal(
  secrets: VaultSecrets,
  keyBytes: Uint8Array<ArrayBuffer>,
  params: { salt: string; iterations: number },
  options: VaultOptions = {},
): Promise<VaultRecord> {
  const head = {
    version: VAULT_VERSION,
    algorithm: 'AES-GCM',
    kdf: 'PBKDF2-SHA256',
    iterations: params.iterations,
    salt: params.salt,
  } as const;
  const iv = randomBytes(IV_BYTES, options);
  const plain = new TextEncoder().encode(JSON.stringify({ apiKey: secrets.apiKey, password: secrets.password }));
  const sealed = await subtle().encrypt(
    { name: 'AES-GCM', iv, additionalData: additionalData(head) },
    await aesKey(keyBytes),
    plain,
  );
  return { ...head, iv: toBase64(iv), ciphertext: toBase64(new Uint8Array(sealed)) };
}

/** A new record under a new salt and a key derived from this PIN; returns the key for the session. */
export async function createVault(secrets: VaultSecrets, pin: string, options: VaultOptions = {}) {
  const iterations = options.iterations ?? PBKDF2_ITERATIONS;
  const salt = randomBytes(SALT_BYTES, options);
  const key = await deriveKeyBytes(pin, salt, iterations);
  const record = await seal(secrets, key, { salt: toBase64(salt), iterations }, options);
  return { record, key };
}

/** Opens a record with a PIN: the secrets and the derived key, or WrongPinError. */
export async function unlockVault(record: VaultRecord, pin: string) {
  const key = await deriveKeyBytes(pin, fromBase64(record.salt), record.iterations);
  return { secrets: await open(record, key), key };
}
