const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A client-generated deal reference: `MS-` + time + randomness, within `[A-Za-z0-9_-]{1,30}`. */
export function newDealReference(now: number = Date.now()): string {
  const random = crypto.getRandomValues(new Uint8Array(12));
  let tail = '';
  for (const byte of random) tail += ALPHABET[byte % ALPHABET.length];
  return `MS-${now.toString(36).toUpperCase()}-${tail}`;
}
