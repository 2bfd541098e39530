// The encrypted password's padding, read back with the private key and no padding removed: RFC 8017 §7.2.1's
// 0x00 0x02, random non-zero bytes, 0x00, the password, the length of the key.
import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rsaPkcs1Encrypt } from '../../lib/api/rsa-pkcs1';

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const spki = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
const open = (cipher: string) =>
  privateDecrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, Buffer.from(cipher, 'base64'));

describe('rsaPkcs1Encrypt', () => {
  it('pads as PKCS #1 v1.5 with non-zero random bytes, differently each time', async () => {
    const password = new TextEncoder().encode('secret|1700000000000');
    const ems = await Promise.all(Array.from({ length: 20 }, () => rsaPkcs1Encrypt(spki, password).then(open)));
    for (const em of ems) {
      expect(em).toHaveLength(256);
      expect([em[0], em[1]]).toEqual([0, 2]);
      const separator = em.indexOf(0, 2);
      expect(separator).toBe(256 - password.length - 1);
      expect(em.subarray(separator + 1)).toEqual(Buffer.from(password));
    }
    expect(new Set(ems.map((em) => em.toString('hex'))).size).toBe(ems.length);
  });

  it('refuses a message longer than the key allows', async () => {
    await expect(rsaPkcs1Encrypt(spki, new Uint8Array(246))).rejects.toThrow('message too long');
  });
});
