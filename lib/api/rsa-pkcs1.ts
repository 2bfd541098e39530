// RSA PKCS#1 v1.5 encryption, which WebCrypto lacks: WebCrypto reads the key (SPKI → JWK n, e) and
// micro-rsa-dsa-dh pads and encrypts. Small enough for the worker, which cannot load code on demand.
import { PKCS1_KEM } from 'micro-rsa-dsa-dh/rsa.js';

const fromBase64 = (b64: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
const fromBase64Url = (b64url: string): Uint8Array =>
  fromBase64(
    b64url
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(b64url.length / 4) * 4, '='),
  );
const toBigInt = (bytes: Uint8Array): bigint =>
  BigInt(`0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('') || '0'}`);

/** Encrypts `plaintext` with the base64 DER SubjectPublicKeyInfo RSA key; base64 out. */
export async function rsaPkcs1Encrypt(spkiBase64: string, plaintext: Uint8Array): Promise<string> {
  const key = await crypto.subtle.importKey(
    'spki',
    fromBase64(spkiBase64),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    true,
    ['encrypt'],
  );
  const jwk = await crypto.subtle.exportKey('jwk', key);
  if (!jwk.n || !jwk.e) throw new Error('not an RSA public key');
  const ciphertext = PKCS1_KEM.encrypt(
    { n: toBigInt(fromBase64Url(jwk.n)), e: toBigInt(fromBase64Url(jwk.e)) },
    plaintext,
  );
  return btoa(String.fromCharCode(...ciphertext));
}
