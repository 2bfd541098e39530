// RSA PKCS#1 v1.5 encryption (RFC 8017 §7.2.1), which WebCrypto lacks: WebCrypto reads the key (SPKI → JWK
// n, e), the padding is below and micro-rsa-dsa-dh's integer primitives encrypt. Its rsa.js is not imported:
// it brings SHA-2 and SHA-3, whose constants are computed as the worker's script evaluates, on every wake.
import { I2OSP, OS2IP, pow } from 'micro-rsa-dsa-dh/utils.js';

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

/** EME-PKCS1-v1_5: 0x00 0x02, at least 8 random non-zero bytes, 0x00, the message; `k` bytes in all. */
function pad(message: Uint8Array, k: number): Uint8Array {
  if (message.length > k - 11) throw new Error('message too long');
  const em = new Uint8Array(k);
  em[1] = 0x02;
  const ps = em.subarray(2, k - message.length - 1);
  crypto.getRandomValues(ps);
  for (let i = 0; i < ps.length; i++)
    while (ps[i] === 0) ps[i] = crypto.getRandomValues(new Uint8Array(1))[0] as number;
  em.set(message, k - message.length);
  return em;
}

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
  const modulus = fromBase64Url(jwk.n);
  const n = toBigInt(modulus);
  const k = modulus[0] === 0 ? modulus.length - 1 : modulus.length;
  const ciphertext = I2OSP(pow(OS2IP(pad(plaintext, k)), toBigInt(fromBase64Url(jwk.e)), n), k);
  return btoa(String.fromCharCode(...ciphertext));
}
