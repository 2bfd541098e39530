// RSA PKCS#1 v1.5 encryption, which WebCrypto lacks, from node-forge (its RSA part and what that needs).
// CommonJS on purpose: the extension's service worker cannot load code on demand (Chromium refuses
// import() and late importScripts() there), so the worker's bundle carries this; requiring node-forge
// inside the function keeps it from running until the first encrypted login.

/** Encrypts `bytes` (a binary string) with the base64 DER SubjectPublicKeyInfo RSA key; base64 out. */
exports.rsaPkcs1Encrypt = (spkiBase64, bytes) => {
  const forge = require('node-forge/lib/forge');
  require('node-forge/lib/asn1');
  require('node-forge/lib/util');
  require('node-forge/lib/rsa');
  const key = forge.pki.publicKeyFromAsn1(forge.asn1.fromDer(forge.util.decode64(spkiBase64)));
  return forge.util.encode64(key.encrypt(bytes, 'RSAES-PKCS1-V1_5'));
};
