// The vault's cryptography with Node's real WebCrypto and hash-wasm's Argon2id: what is stored, that only
// the right passphrase opens it, that nothing secret is in the record, and that a record written by the
// version before Argon2id (PBKDF2, tests/fixtures/vault/pbkdf2-v1.json) still opens. Light Argon2id
// parameters only where a test passes them.
import { describe, expect, it } from 'vitest';
import { fromBase64 } from '../../lib/base64';
import { argon2InThread } from '../../lib/vault/argon2';
import {
  ARGON2ID,
  createVault,
  type KdfParams,
  readRecord,
  seal,
  unlockVault,
  VaultFormatError,
  type VaultRecord,
  WrongPinError,
  weakerThan,
} from '../../lib/vault/crypto';
import oldRecord from '../fixtures/vault/pbkdf2-v1.json';

const SECRETS = { apiKey: 'api-key-0123456789abcdef', password: 'correct horse battery staple' };
const LIGHT: KdfParams = { kdf: 'Argon2id', iterations: 1, memoryKiB: 64, parallelism: 1 };
const HERE = { argon2: argon2InThread };
const FAST = { kdf: LIGHT, ...HERE };
/** What the fixture, written by the PBKDF2 version's createVault, holds and was made with. */
const OLD_PIN = '482913';
const OLD_SECRETS = { apiKey: 'old-vault-api-key-7f3a9c', password: 'old-vault-password-Qx81' };

describe('vault cryptography', () => {
  it('derives new keys with Argon2id, 64 MiB, 3 passes, 4 lanes unless told otherwise, and opens with them', async () => {
    expect(ARGON2ID).toEqual({ kdf: 'Argon2id', iterations: 3, memoryKiB: 65_536, parallelism: 4 });
    const { record, key } = await createVault(SECRETS, 'a passphrase of mine', HERE);
    expect(record).toMatchObject({ version: 2, kdf: 'Argon2id', iterations: 3, memoryKiB: 65_536, parallelism: 4 });
    const opened = await unlockVault(record, 'a passphrase of mine', HERE);
    expect(opened.secrets).toEqual(SECRETS);
    expect([...opened.key]).toEqual([...key]);
  });

  it('stores ciphertext, a 16-byte salt, a 12-byte IV and the KDF with its parameters, and nothing in plain text', async () => {
    const { record, key } = await createVault(SECRETS, 'a-pin-of-mine', FAST);
    expect(Object.keys(record).sort()).toEqual([
      'algorithm',
      'ciphertext',
      'iterations',
      'iv',
      'kdf',
      'memoryKiB',
      'parallelism',
      'salt',
      'version',
    ]);
    expect(record).toMatchObject({ version: 2, algorithm: 'AES-GCM', kdf: 'Argon2id', iterations: 1, memoryKiB: 64 });
    expect(fromBase64(record.salt)).toHaveLength(16);
    expect(fromBase64(record.iv)).toHaveLength(12);
    expect(key).toHaveLength(32);
    const stored = JSON.stringify(record);
    for (const secret of [SECRETS.apiKey, SECRETS.password, 'a-pin-of-mine', btoa(SECRETS.password)])
      expect(stored).not.toContain(secret);
    expect(readRecord(JSON.parse(stored))).toEqual(record);
  });

  it('opens with the right passphrase only', async () => {
    const { record, key } = await createVault(SECRETS, 'a-pin-of-mine', FAST);
    const opened = await unlockVault(record, 'a-pin-of-mine', HERE);
    expect(opened.secrets).toEqual(SECRETS);
    expect([...opened.key]).toEqual([...key]);
    await expect(unlockVault(record, 'a-pin-of-minE', HERE)).rejects.toBeInstanceOf(WrongPinError);
    const err = (await unlockVault(record, 'another-pin', HERE).catch((e: unknown) => e)) as Error;
    expect(String(err.message)).not.toContain('another-pin');
  });

  it('uses a fresh salt per vault and a fresh IV per encryption', async () => {
    const a = await createVault(SECRETS, 'same-pin-here', FAST);
    const b = await createVault(SECRETS, 'same-pin-here', FAST);
    expect(a.record.salt).not.toBe(b.record.salt);
    const again = await seal(SECRETS, a.key, { ...LIGHT, salt: a.record.salt });
    expect(again.iv).not.toBe(a.record.iv);
    expect(again.ciphertext).not.toBe(a.record.ciphertext);
    expect((await unlockVault(again, 'same-pin-here', HERE)).secrets).toEqual(SECRETS);
  });

  it('refuses a record whose KDF parameters or ciphertext were altered', async () => {
    const { record } = await createVault(SECRETS, 'a-pin-of-mine', FAST);
    const key = (await unlockVault(record, 'a-pin-of-mine', HERE)).key;
    // Same key, parameters claimed otherwise: the additional data no longer matches.
    for (const altered of [{ memoryKiB: 32 }, { parallelism: 2, memoryKiB: 64 }, { iterations: 2 }]) {
      const changed = { ...record, ...altered } as VaultRecord;
      const { open } = await import('../../lib/vault/record');
      await expect(open(changed, key)).rejects.toBeInstanceOf(WrongPinError);
    }
    const bytes = fromBase64(record.ciphertext);
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    const flipped = { ...record, ciphertext: btoa(String.fromCharCode(...bytes)) };
    await expect(unlockVault(flipped, 'a-pin-of-mine', HERE)).rejects.toBeInstanceOf(WrongPinError);
    expect(() => readRecord({ ...record, version: 3 })).toThrow(VaultFormatError);
    expect(() => readRecord({ ...record, version: 1 })).toThrow(VaultFormatError);
    expect(() => readRecord({ ...record, iterations: 0 })).toThrow(VaultFormatError);
    expect(() => readRecord({ ...record, memoryKiB: 4 })).toThrow(VaultFormatError);
    expect(() => readRecord({ ...record, memoryKiB: 4_194_304 })).toThrow(VaultFormatError);
    expect(() => readRecord({ ...record, parallelism: 0 })).toThrow(VaultFormatError);
    expect(() => readRecord({ ...record, salt: 'not base64!' })).toThrow(VaultFormatError);
    expect(() => readRecord(null)).toThrow(VaultFormatError);
  });
});

describe('a record made before Argon2id', () => {
  it('opens with its PIN through PBKDF2-SHA256 at 600,000 iterations, and not with another', async () => {
    const record = readRecord(oldRecord);
    expect(record).toMatchObject({ version: 1, kdf: 'PBKDF2-SHA256', iterations: 600_000 });
    expect((await unlockVault(record, OLD_PIN, HERE)).secrets).toEqual(OLD_SECRETS);
    await expect(unlockVault(record, '482914', HERE)).rejects.toBeInstanceOf(WrongPinError);
    await expect(unlockVault({ ...record, iterations: 599_999 }, OLD_PIN, HERE)).rejects.toBeInstanceOf(WrongPinError);
  });

  it('converted, keeps the mark of a PIN never checked for strength, bound to the ciphertext', async () => {
    const old = readRecord(oldRecord);
    const { secrets } = await unlockVault(old, OLD_PIN, HERE);
    const { record, key } = await createVault(secrets, OLD_PIN, FAST, true);
    expect(record).toMatchObject({ version: 2, kdf: 'Argon2id', unchecked: true });
    expect(readRecord(JSON.parse(JSON.stringify(record)))).toEqual(record);
    expect((await unlockVault(record, OLD_PIN, HERE)).secrets).toEqual(OLD_SECRETS);
    const { unchecked: _, ...unmarked } = record as VaultRecord & { unchecked?: true };
    const { open } = await import('../../lib/vault/record');
    await expect(open(unmarked as VaultRecord, key)).rejects.toBeInstanceOf(WrongPinError);
    expect(() => readRecord({ ...record, unchecked: false })).toThrow(VaultFormatError);
  });

  it('counts as weaker than Argon2id, as does an Argon2id record with less memory or fewer passes', () => {
    const record = readRecord(oldRecord);
    expect(weakerThan(record, ARGON2ID)).toBe(true);
    const argon = { ...record, ...ARGON2ID, version: 2 } as VaultRecord;
    expect(weakerThan(argon, ARGON2ID)).toBe(false);
    expect(weakerThan({ ...argon, memoryKiB: 19_456 } as VaultRecord, ARGON2ID)).toBe(true);
    expect(weakerThan({ ...argon, iterations: 2 } as VaultRecord, ARGON2ID)).toBe(true);
    // A record stronger than the target is left as it is.
    expect(weakerThan(argon, LIGHT)).toBe(false);
  });
});
