// The vault's cryptography with Node's real WebCrypto: what is stored, that only the right PIN opens it,
// and that nothing secret is in the record. Low iteration counts only where a test passes them.
import { describe, expect, it } from 'vitest';
import { fromBase64 } from '../../lib/base64';
import {
  createVault,
  PBKDF2_ITERATIONS,
  readRecord,
  seal,
  unlockVault,
  VaultFormatError,
  WrongPinError,
} from '../../lib/vault/crypto';

const SECRETS = { apiKey: 'api-key-0123456789abcdef', password: 'correct horse battery staple' };
const FAST = { iterations: 1_000 };

describe('vault cryptography', () => {
  it('derives with at least 600,000 PBKDF2 iterations unless told otherwise', async () => {
    expect(PBKDF2_ITERATIONS).toBeGreaterThanOrEqual(600_000);
    const { record } = await createVault(SECRETS, 'a-pin-of-mine');
    expect(record.iterations).toBe(PBKDF2_ITERATIONS);
  });

  it('stores ciphertext, a 16-byte salt, a 12-byte IV and its parameters, and nothing in plain text', async () => {
    const { record, key } = await createVault(SECRETS, 'a-pin-of-mine', FAST);
    expect(Object.keys(record).sort()).toEqual([
      'algorithm',
      'ciphertext',
      'iterations',
      'iv',
      'kdf',
      'salt',
      'version',
    ]);
    expect(record).toMatchObject({ version: 1, algorithm: 'AES-GCM', kdf: 'PBKDF2-SHA256', iterations: 1_000 });
    expect(fromBase64(record.salt)).toHaveLength(16);
    expect(fromBase64(record.iv)).toHaveLength(12);
    expect(key).toHaveLength(32);
    const stored = JSON.stringify(record);
    for (const secret of [SECRETS.apiKey, SECRETS.password, 'a-pin-of-mine', btoa(SECRETS.password)])
      expect(stored).not.toContain(secret);
    expect(readRecord(JSON.parse(stored))).toEqual(record);
  });

  it('opens with the right PIN only', async () => {
    const { record, key } = await createVault(SECRETS, 'a-pin-of-mine', FAST);
    const opened = await unlockVault(record, 'a-pin-of-mine');
    expect(opened.secrets).toEqual(SECRETS);
    expect([...opened.key]).toEqual([...key]);
    await expect(unlockVault(record, 'a-pin-of-minE')).rejects.toBeInstanceOf(WrongPinError);
    const err = (await unlockVault(record, 'another-pin').catch((e: unknown) => e)) as Error;
    expect(String(err.message)).not.toContain('another-pin');
  });

  it('uses a fresh salt per vault and a fresh IV per encryption', async () => {
    const a = await createVault(SECRETS, 'same-pin-here', FAST);
    const b = await createVault(SECRETS, 'same-pin-here', FAST);
    expect(a.record.salt).not.toBe(b.record.salt);
    const again = await seal(SECRETS, a.key, { salt: a.record.salt, iterations: a.record.iterations });
    expect(again.iv).not.toBe(a.record.iv);
    expect(again.ciphertext).not.toBe(a.record.ciphertext);
    expect((await unlockVault(again, 'same-pin-here')).secrets).toEqual(SECRETS);
  });

  it('refuses a record whose parameters or ciphertext were altered', async () => {
    const { record } = await createVault(SECRETS, 'a-pin-of-mine', FAST);
    const fewer = { ...record, iterations: 999 };
    await expect(unlockVault(fewer, 'a-pin-of-mine')).rejects.toBeInstanceOf(WrongPinError);
    const bytes = fromBase64(record.ciphertext);
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    const flipped = { ...record, ciphertext: btoa(String.fromCharCode(...bytes)) };
    await expect(unlockVault(flipped, 'a-pin-of-mine')).rejects.toBeInstanceOf(WrongPinError);
    expect(() => readRecord({ ...record, version: 2 })).toThrow(VaultFormatError);
    expect(() => readRecord({ ...record, iterations: 0 })).toThrow(VaultFormatError);
    expect(() => readRecord({ ...record, salt: 'not base64!' })).toThrow(VaultFormatError);
    expect(() => readRecord(null)).toThrow(VaultFormatError);
  });
});
