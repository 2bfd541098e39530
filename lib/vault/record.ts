// The remembered credentials' record as stored, and opening it with the key derived from the PIN: what a
// worker needs on every wake while they are unlocked (the API key goes with every request). Making a
// record, deriving a key and sealing are in crypto.ts. AES-256-GCM; the record's parameters are bound to
// the ciphertext (additional data), so a record whose iterations or salt were changed does not open.
import { fromBase64 } from '../base64';

export const VAULT_VERSION = 1;
export const MIN_PIN_LENGTH = 6;
const MAX_ITERATIONS = 10_000_000;

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

export const subtle = () => globalThis.crypto.subtle;

/** A non-extractable AES-GCM key for one operation; the raw bytes never leave this module's callers. */
export function aesKey(keyBytes: Uint8Array<ArrayBuffer>) {
  return subtle().importKey('raw', keyBytes, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

export function additionalData(r: Pick<VaultRecord, 'version' | 'algorithm' | 'kdf' | 'iterations' | 'salt'>) {
  return new TextEncoder().encode(`marketside-vault|${r.version}|${r.algorithm}|${r.kdf}|${r.iterations}|${r.salt}`);
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
