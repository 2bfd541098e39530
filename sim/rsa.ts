import { generateKeyPair, type KeyObject } from 'node:crypto';

/**
 * The login encryption key: a real 2048-bit RSA key pair, made once per process.
 * Node 20 refuses RSA PKCS#1 v1.5 private decryption (CVE-2023-46809), so decryption is done here with BigInt.
 */
export interface EncryptionKey {
  /** Base64 of the DER SubjectPublicKeyInfo. */
  publicKeyBase64: string;
  decrypt(ciphertext: Buffer): Buffer | undefined;
}

let pending: Promise<EncryptionKey> | undefined;

export function encryptionKey(): Promise<EncryptionKey> {
  pending ??= new Promise((resolve, reject) => {
    generateKeyPair('rsa', { modulusLength: 2048 }, (err, publicKey, privateKey) => {
      if (err) reject(err);
      else resolve(makeKey(publicKey, privateKey));
    });
  });
  return pending;
}

function b64urlToBigInt(s: string): bigint {
  return BigInt(`0x${Buffer.from(s, 'base64url').toString('hex')}`);
}

function modPow(base: bigint, exp: bigint, mod: bigint): bigint {
  let result = 1n;
  let b = base % mod;
  let e = exp;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % mod;
    b = (b * b) % mod;
    e >>= 1n;
  }
  return result;
}

function makeKey(publicKey: KeyObject, privateKey: KeyObject): EncryptionKey {
  const jwk = privateKey.export({ format: 'jwk' });
  const n = b64urlToBigInt(jwk.n ?? '');
  const p = b64urlToBigInt(jwk.p ?? '');
  const q = b64urlToBigInt(jwk.q ?? '');
  const dp = b64urlToBigInt(jwk.dp ?? '');
  const dq = b64urlToBigInt(jwk.dq ?? '');
  const qi = b64urlToBigInt(jwk.qi ?? '');
  const k = 256;
  return {
    publicKeyBase64: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
    decrypt(ciphertext) {
      if (ciphertext.length !== k) return undefined;
      const c = BigInt(`0x${ciphertext.toString('hex')}`);
      if (c >= n) return undefined;
      // CRT: m = m2 + q * (qi * (m1 - m2) mod p)
      const m1 = modPow(c, dp, p);
      const m2 = modPow(c, dq, q);
      const h = (qi * ((m1 - m2 + p) % p)) % p;
      const m = m2 + h * q;
      const em = Buffer.from(m.toString(16).padStart(k * 2, '0'), 'hex');
      // EM = 0x00 || 0x02 || PS (>= 8 non-zero bytes) || 0x00 || M
      if (em[0] !== 0 || em[1] !== 2) return undefined;
      const sep = em.indexOf(0, 2);
      if (sep < 10) return undefined;
      return em.subarray(sep + 1);
    },
  };
}
