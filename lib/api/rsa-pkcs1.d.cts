/** Encrypts `bytes` (a binary string) with the base64 DER SubjectPublicKeyInfo RSA key; base64 out. */
export function rsaPkcs1Encrypt(spkiBase64: string, bytes: string): string;
