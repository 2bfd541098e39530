// The remembered credentials' record as stored, and opening it with the key derived from the PIN: what a
// worker needs on every wake while they are unlocked (the API key goes with every request). Making a
// record, deriving a key and sealing are in crypto.ts. AES-256-GCM; the record's KDF and its parameters
// are bound to the ciphertext (additional data), so a record whose parameters or salt were changed does not
// open. Version 2 derives with Argon2id; version 1 (PBKDF2) is read so it can be converted at its next unlock.
import { i18n } from '#i18n';
import { fromBase64 } from '../base64';

export const VAULT_VERSION = 2;
export const MIN_PIN_LENGTH = 6;
const MAX_PBKDF2_ITERATIONS = 10_000_000;
const MAX_ARGON2_PASSES = 64;
const MAX_ARGON2_LANES = 16;
/** 1 GiB: a record asking for more is not one Marketside wrote. */
const MAX_ARGON2_MEMORY_KIB = 1_048_576;

interface SealedFields {
  algorithm: 'AES-GCM';
  /** base64 */
  salt: string;
  /** base64, fresh for every encryption */
  iv: string;
  /** base64: AES-GCM output (ciphertext and tag) */
  ciphertext: string;
}

/** Written before Argon2id: opened at the next unlock and converted. */
export interface Pbkdf2Record extends SealedFields {
  version: 1;
  kdf: 'PBKDF2-SHA256';
  iterations: number;
}

export interface Argon2Record extends SealedFields {
  version: 2;
  kdf: 'Argon2id';
  /** Passes over the memory (Argon2's t). */
  iterations: number;
  /** Argon2's m, in KiB. */
  memoryKiB: number;
  /** Lanes (Argon2's p). */
  parallelism: number;
  /** Converted from a PBKDF2 record: its PIN was chosen before new passphrases were checked for strength. */
  unchecked?: true;
}

export type VaultRecord = Pbkdf2Record | Argon2Record;

/** The key derivation of a record: its KDF and that KDF's parameters (the salt aside). */
export type KdfParams =
  | Pick<Pbkdf2Record, 'kdf' | 'iterations'>
  | Pick<Argon2Record, 'kdf' | 'iterations' | 'memoryKiB' | 'parallelism'>;

/** Only the KDF's own fields of a record (or of parameters with more beside them). */
export function kdfParams(r: KdfParams): KdfParams {
  return r.kdf === 'Argon2id'
    ? { kdf: r.kdf, iterations: r.iterations, memoryKiB: r.memoryKiB, parallelism: r.parallelism }
    : { kdf: r.kdf, iterations: r.iterations };
}

export interface VaultSecrets {
  apiKey: string;
  password: string;
}

/** The PIN did not open the record (or the record was altered). Never carries the PIN. */
export class WrongPinError extends Error {
  constructor() {
    super(i18n.t('vaultError.wrongPin'));
    this.name = 'WrongPinError';
  }
}

/** The stored record is not one this version can read. */
export class VaultFormatError extends Error {
  constructor() {
    super(i18n.t('reviewWords.vaultUnreadable'));
    this.name = 'VaultFormatError';
  }
}

export const subtle = () => globalThis.crypto.subtle;

/** A non-extractable AES-GCM key for one operation; the raw bytes never leave this module's callers. */
export function aesKey(keyBytes: Uint8Array<ArrayBuffer>) {
  return subtle().importKey('raw', keyBytes, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

type Head = KdfParams & Pick<VaultRecord, 'version' | 'algorithm' | 'salt'> & { unchecked?: true };

export function additionalData(r: Head) {
  const base = `marketside-vault|${r.version}|${r.algorithm}|${r.kdf}|${r.iterations}|${r.salt}`;
  if (r.kdf !== 'Argon2id') return new TextEncoder().encode(base);
  return new TextEncoder().encode(`${base}|m=${r.memoryKiB}|p=${r.parallelism}${r.unchecked ? '|unchecked' : ''}`);
}

/** Whether the record's passphrase was chosen before new ones were checked for strength. */
export const uncheckedPin = (r: VaultRecord) => r.kdf !== 'Argon2id' || r.unchecked === true;

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

const whole = (x: unknown, min: number, max: number) =>
  Number.isInteger(x) && (x as number) >= min && (x as number) <= max;

/** A stored value checked before use: a record of a known version with sane parameters, or VaultFormatError. */
export function readRecord(value: unknown): VaultRecord {
  const r = value as Record<string, unknown> | null;
  const sealed =
    !!r &&
    r.algorithm === 'AES-GCM' &&
    [r.salt, r.iv, r.ciphertext].every((x) => typeof x === 'string' && /^[A-Za-z0-9+/]+=*$/.test(x));
  const pbkdf2 =
    sealed && r.version === 1 && r.kdf === 'PBKDF2-SHA256' && whole(r.iterations, 1, MAX_PBKDF2_ITERATIONS);
  const argon2 =
    sealed &&
    r.version === 2 &&
    r.kdf === 'Argon2id' &&
    whole(r.iterations, 1, MAX_ARGON2_PASSES) &&
    whole(r.parallelism, 1, MAX_ARGON2_LANES) &&
    whole(r.memoryKiB, 8 * (r.parallelism as number), MAX_ARGON2_MEMORY_KIB) &&
    (r.unchecked === undefined || r.unchecked === true);
  if (!pbkdf2 && !argon2) throw new VaultFormatError();
  return r as unknown as VaultRecord;
}
