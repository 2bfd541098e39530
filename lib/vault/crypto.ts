// Remembered credentials encrypted at rest, as password managers do: AES-256-GCM under a key derived
// from the user's PIN or passphrase with PBKDF2-SHA256 (WebCrypto: the service worker and Node alike).
// A record holds only ciphertext, salt, IV and parameters; the parameters are bound to the ciphertext
// (additional data), so a record whose iterations or salt were changed does not open.
import { fromBase64, toBase64 } from '../base64';

export const VAULT_VERSION = 1;
/** OWASP's figure for PBKDF2-HMAC-SHA256 (2023). Tests pass a lower count explicitly. */
export const PBKDF2_ITERATIONS = 600_000;
export const MIN_PIN_LENGTH = 6;
const MAX_ITERATIONS = 10_000_000;
const SALT_BYTES = 16;
const IV_BYTES = 12;
const KEY_BITS = 256;

export interface VaultRecord {
  version: typeof VAULT_VERSION;
  algorithm: 'AES-GCM';
  kdf: 'PBKDF2-SHA256';
  iterations: number;
  /** base64 */
  salt: string;
  /** base64, fresh for every encryption */
  iv: string;
  /** base64: AES-GCM output (ciphertext and tag) */
  ciphertext: string;
}

export interface VaultSecrets {
  apiKey: string;
  password: string;
}

/** The PIN did not open the record (or the record was altered). Never carries the PIN. */
export class WrongPinError extends Error {
  constructor() {
    super('That PIN does not unlock your remembered credentials');
    this.name = 'WrongPinError';
  }
}

/** The stored record is not one this version can read. */
export class VaultFormatError extends Error {
  constructor() {
    super('The remembered credentials are stored in a form Marketside cannot read');
    this.name = 'VaultFormatError';
  }
}

export interface VaultOptions {
  /** PBKDF2 iterations for a new key; the production default unless a test injects a lower one. */
  iterations?: number;
  /** Random bytes (tests may pin them); crypto.getRandomValues otherwise. */
  random?: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>;
}

const subtle = () => globalThis.crypto.subtle;
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

/** A non-extractable AES-GCM key for one operation; the raw bytes never leave this module's callers. */
function aesKey(keyBytes: Uint8Array<ArrayBuffer>) {
  return subtle().importKey('raw', keyBytes, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

function additionalData(r: Pick<VaultRecord, 'version' | 'algorithm' | 'kdf' | 'iterations' | 'salt'>) {
  return new TextEncoder().encode(`marketside-vault|${r.version}|${r.algorithm}|${r.kdf}|${r.iterations}|${r.salt}`);
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

/** The record's secrets under this key; WrongPinError when the key (or the record) is not the right one. */
export async function open(record: VaultRecord, keyBytes: Uint8Array<ArrayBuffer>): Promise<VaultSecrets> {
  let plain: ArrayBuffer;
  try {
    plain = await subtle().decrypt(
      { name: 'AES-GCM', iv: fromBase64(record.iv), additionalData: additionalData(record) },
      await aesKey(keyBytes),
      fromBase64(record.ciphertext),
    );
  } catch {
    throw new WrongPinError();
  }
  const parsed = JSON.parse(new TextDecoder().decode(plain)) as Partial<VaultSecrets>;
  if (typeof parsed.apiKey !== 'string' || typeof parsed.password !== 'string') throw new VaultFormatError();
  return { apiKey: parsed.apiKey, password: parsed.password };
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

/** A stored value checked before use: a record of this version with sane parameters, or VaultFormatError. */
export function readRecord(value: unknown): VaultRecord {
  const r = value as Partial<VaultRecord> | null;
  const ok =
    !!r &&
    r.version === VAULT_VERSION &&
    r.algorithm === 'AES-GCM' &&
    r.kdf === 'PBKDF2-SHA256' &&
    Number.isInteger(r.iterations) &&
    (r.iterations as number) >= 1 &&
    (r.iterations as number) <= MAX_ITERATIONS &&
    [r.salt, r.iv, r.ciphertext].every((x) => typeof x === 'string' && /^[A-Za-z0-9+/]+=*$/.test(x));
  if (!ok) throw new VaultFormatError();
  return r as VaultRecord;
}
