/** Deterministic hashing and pseudo-random numbers: the world is a pure function of the seed. */

function fmix(x: number): number {
  let h = x >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A 32-bit hash of up to four integers. */
export function h32(a: number, b: number, c = 0, d = 0): number {
  let h = fmix((a ^ Math.imul(b | 0, 0x9e3779b1)) >>> 0);
  h = fmix((h ^ Math.imul(c | 0, 0x85ebca77)) >>> 0);
  return fmix((h ^ Math.imul(d | 0, 0xc2b2ae3d)) >>> 0);
}

/** FNV-1a hash of a string. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Uniform in [0, 1) from a hash. */
export function unit(h: number): number {
  return h / 4294967296;
}

/** Approximately standard normal from two hashes (sum of four 16-bit uniforms). */
export function gauss(h1: number, h2: number): number {
  const s = (h1 & 0xffff) + (h1 >>> 16) + (h2 & 0xffff) + (h2 >>> 16);
  return (s / 65536 - 2) * Math.sqrt(3);
}

/** Sequential generator (mulberry32) for ids and other per-world sequences. */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** A string of `n` characters drawn from `alphabet`. */
  chars(n: number, alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'): string {
    let s = '';
    for (let i = 0; i < n; i++) s += alphabet[Math.floor(this.next() * alphabet.length)];
    return s;
  }
}
