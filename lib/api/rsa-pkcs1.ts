// RSA PKCS#1 v1.5 encryption, which WebCrypto lacks, from node-forge (its RSA part and what that needs).
// login-encryption.ts imports it dynamically; the extension's service worker cannot load code on demand
// (Chromium refuses import() and late importScripts() there), so the worker's bundle carries it inline.
import forge from 'node-forge/lib/forge';
import 'node-forge/lib/asn1';
import 'node-forge/lib/util';
import 'node-forge/lib/rsa';

/** Encrypts `bytes` (a binary string) with the base64 DER SubjectPublicKeyInfo RSA key; base64 out. */
export function rsaPkcs1Encrypt(spkiBase64: string, bytes: string): string {
  const key = forge.pki.publicKeyFromAsn1(forge.asn1.fromDer(forge.util.decode64(spkiBase64)));
  return forge.util.encode64(key.encrypt(bytes, 'RSAES-PKCS1-V1_5'));
}
