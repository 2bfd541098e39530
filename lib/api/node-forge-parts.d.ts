// node-forge's own modules, imported one by one so only RSA and what it needs is bundled; the types
// are those of @types/node-forge.
declare module 'node-forge/lib/forge' {
  import type { asn1, pki, util } from 'node-forge';

  const forge: { asn1: typeof asn1; pki: typeof pki; util: typeof util };
  export default forge;
}
declare module 'node-forge/lib/asn1';
declare module 'node-forge/lib/rsa';
declare module 'node-forge/lib/util';
