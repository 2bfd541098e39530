// The encrypted password of a login (reference §1.6): RSA PKCS#1 v1.5 over base64(`password|timeStamp`)
// with the key of GET /session/encryptionKey, sent with `encryptedPassword: true`.
import { ApiError } from './errors';
import { rsaPkcs1Encrypt } from './rsa-pkcs1';

export interface EncryptionKeyReply {
  encryptionKey: string;
  timeStamp: number;
}

/** The ciphertext to send as the password; a key that cannot be used is a clear error naming no secret. */
export async function encryptPassword(password: string, key: EncryptionKeyReply, label: string): Promise<string> {
  const utf8 = String.fromCharCode(...new TextEncoder().encode(`${password}|${key.timeStamp}`));
  try {
    return await rsaPkcs1Encrypt(key.encryptionKey, new TextEncoder().encode(btoa(utf8)));
  } catch {
    throw new ApiError(`${label} failed: the service's encryption key could not be used`, {
      errorCode: 'client.encryption-key-invalid',
      label,
    });
  }
}
