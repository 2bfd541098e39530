import { gauss, h32, unit } from '../random';
import { openSecondsInDay } from '../universe/hours';
import type { Market } from '../universe/types';

/**
 * Price bars (mid prices) built top-down, so that every resolution agrees exactly:
 * a day is drawn from a multi-scale seeded walk, then split into 24 hours, each hour into 60 minutes and each
 * minute into 60 seconds by a seeded bridge that starts at the parent's open, ends at its close and touches its
 * high and low. Everything is a pure function of (market key, time). Closed time is flat and carries no volume.
 */
export interface Bar {
  /** Start, seconds since 1970. */
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
  /** Seconds of trading time inside the bar. */
  w: number;
}

/** Levels: 0 second, 1 minute, 2 hour, 3 day. */
export const LEVEL_LEN = [1, 60, 3600, 86400] as const;
const FANOUT = [0, 60, 60, 24] as const;
const DAY = 86400;

const cache = new Map<string, Bar[] | Bar>();
const CACHE_MAX = 40_000;

function cached<T extends Bar[] | Bar>(key: string, make: () => T): T {
  const hit = cache.get(key);
  if (hit !== undefined) return hit as T;
  const value = make();
  if (cache.size >= CACHE_MAX) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(key, value);
  return value;
}

function dayWeight(m: Market, j: number): number {
  return openSecondsInDay(m.sessions, j * DAY, (j + 1) * DAY);
}

/** Sum of value-noise octaves with periods 1..2048 days, amplitude growing with the square root of the period. */
function dailyNoise(m: Market, j: number): number {
  let s = 0;
  for (let k = 0; k < 12; k++) {
    const period = 1 << k;
    const i0 = Math.floor(j / period);
    const f = j / period - i0;
    const a = gauss(h32(m.key, k, i0, 1), h32(m.key, k, i0, 2));
    const b = f === 0 ? a : gauss(h32(m.key, k, i0 + 1, 1), h32(m.key, k, i0 + 1, 2));
    s += (a + (b - a) * f) * Math.sqrt(period);
  }
  return s;
}

/** 2026-01-01: the walk is anchored so that prices are near the market's initial price around then. */
const ANCHOR_DAY = 20454;

/** Close of day j: the walk's value on the last trading day at or before j. */
function dayClose(m: Market, j: number): number {
  let k = j;
  for (let i = 0; i < 10 && dayWeight(m, k) === 0; i++) k--;
  const anchor = cached(`${m.key}:anchor`, () => ({
    t: 0,
    o: dailyNoise(m, ANCHOR_DAY),
    h: 0,
    l: 0,
    c: 0,
    v: 0,
    w: 0,
  }));
  return m.p0 * Math.exp((m.vol / 2) * (dailyNoise(m, k) - anchor.o));
}

function dayBar(m: Market, j: number): Bar {
  return cached(`${m.key}:d:${j}`, () => {
    const w = dayWeight(m, j);
    const o = dayClose(m, j - 1);
    const t = j * DAY;
    if (w === 0) return { t, o, h: o, l: o, c: o, v: 0, w: 0 };
    const c = dayClose(m, j);
    const r = m.vol * Math.sqrt(w / DAY);
    const h = Math.max(o, c) * (1 + r * (0.2 + 0.6 * unit(h32(m.key, 7, j, 3))));
    const l = Math.min(o, c) * (1 - r * (0.2 + 0.6 * unit(h32(m.key, 7, j, 4))));
    const v = Math.round(m.baseVolume * (w / DAY) * (0.5 + unit(h32(m.key, 7, j, 5))));
    return { t, o, h, l, c, v, w };
  });
}

function generate(m: Market, parent: Bar, level: number, idx: number): Bar[] {
  const n = FANOUT[level] ?? 0;
  const len = LEVEL_LEN[level - 1] ?? 1;
  const start = parent.t;
  const full = parent.w === LEVEL_LEN[level];
  const w = new Float64Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) {
    const wi = parent.w === 0 ? 0 : full ? len : openSecondsInDay(m.sessions, start + i * len, start + (i + 1) * len);
    w[i] = wi;
    total += wi;
  }
  const kids: Bar[] = new Array(n);
  if (total === 0) {
    for (let i = 0; i < n; i++)
      kids[i] = { t: start + i * len, o: parent.o, h: parent.o, l: parent.o, c: parent.o, v: 0, w: 0 };
    return kids;
  }
  const salt = 20 + level;
  const cum = new Float64Array(n + 1);
  const x = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) {
    const wi = w[i] ?? 0;
    cum[i + 1] = (cum[i] ?? 0) + wi;
    const step =
      wi > 0 ? gauss(h32(m.key, salt, idx, 2 * i), h32(m.key, salt, idx, 2 * i + 1)) * Math.sqrt(wi / total) : 0;
    x[i + 1] = (x[i] ?? 0) + step;
  }
  const { o: O, c: C, h: H, l: L } = parent;
  const xn = x[n] ?? 0;
  const lin = new Float64Array(n + 1);
  const dev = new Float64Array(n + 1);
  let scale = (H - L) * 0.5;
  for (let k = 1; k < n; k++) {
    const frac = (cum[k] ?? 0) / total;
    const l = O + (C - O) * frac;
    const d = (x[k] ?? 0) - xn * frac;
    lin[k] = l;
    dev[k] = d;
    if (d > 0) scale = Math.min(scale, (0.95 * (H - l)) / d);
    else if (d < 0) scale = Math.min(scale, (0.95 * (l - L)) / -d);
  }
  const p = new Float64Array(n + 1);
  p[0] = O;
  p[n] = C;
  for (let k = 1; k < n; k++) p[k] = (lin[k] ?? 0) + (dev[k] ?? 0) * scale;

  const open: number[] = [];
  for (let i = 0; i < n; i++) if ((w[i] ?? 0) > 0) open.push(i);
  const posH = h32(m.key, 40 + level, idx, 1) % open.length;
  let posL = h32(m.key, 40 + level, idx, 2) % open.length;
  if (posL === posH && open.length > 1) posL = (posH + 1) % open.length;
  const iH = open[posH];
  const iL = open[posL];

  const raw = new Float64Array(n);
  let rawSum = 0;
  for (const i of open) {
    raw[i] = (w[i] ?? 0) * (0.5 + unit(h32(m.key, 60 + level, idx, i)));
    rawSum += raw[i] ?? 0;
  }
  const vols = new Array<number>(n).fill(0);
  let given = 0;
  for (const i of open) {
    const v = Math.floor((parent.v * (raw[i] ?? 0)) / rawSum);
    vols[i] = v;
    given += v;
  }
  for (let k = 0; given < parent.v; k = (k + 1) % open.length, given++) {
    const i = open[k] ?? 0;
    vols[i] = (vols[i] ?? 0) + 1;
  }

  for (let i = 0; i < n; i++) {
    const o = p[i] ?? O;
    const c = p[i + 1] ?? C;
    const t = start + i * len;
    if ((w[i] ?? 0) === 0) {
      kids[i] = { t, o, h: o, l: o, c: o, v: 0, w: 0 };
      continue;
    }
    const hi = Math.max(o, c);
    const lo = Math.min(o, c);
    const u1 = unit(h32(m.key, 80 + level, idx, 2 * i));
    const u2 = unit(h32(m.key, 80 + level, idx, 2 * i + 1));
    const h = i === iH ? H : hi + (H - hi) * (0.03 + 0.3 * u1 * u1);
    const l = i === iL ? L : lo - (lo - L) * (0.03 + 0.3 * u2 * u2);
    kids[i] = { t, o, h, l, c, v: vols[i] ?? 0, w: w[i] ?? 0 };
  }
  return kids;
}

/** The children (one level down) of the bar `idx` at `level` (1 = minute, 2 = hour, 3 = day). */
export function children(m: Market, level: number, idx: number): Bar[] {
  return cached(`${m.key}:${level}:${idx}`, () => generate(m, bar(m, level, idx), level, idx));
}

/** The complete bar `idx` (in units of the level's length since 1970) at `level`. */
export function bar(m: Market, level: number, idx: number): Bar {
  if (level >= 3) return dayBar(m, idx);
  const fan = FANOUT[level + 1] ?? 1;
  const parentIdx = Math.floor(idx / fan);
  const kid = children(m, level + 1, parentIdx)[idx - parentIdx * fan];
  if (!kid) throw new Error('bar index out of range');
  return kid;
}

export function aggregate(bars: Bar[]): Bar | undefined {
  const first = bars[0];
  const last = bars[bars.length - 1];
  if (!first || !last) return undefined;
  let h = first.h;
  let l = first.l;
  let v = 0;
  let w = 0;
  for (const b of bars) {
    if (b.h > h) h = b.h;
    if (b.l < l) l = b.l;
    v += b.v;
    w += b.w;
  }
  return { t: first.t, o: first.o, h, l, c: last.c, v, w };
}

/** The bar `idx` at `level` made only of the seconds before `nowSec` (undefined if none has completed). */
export function partial(m: Market, level: number, idx: number, nowSec: number): Bar | undefined {
  const len = LEVEL_LEN[level] ?? 1;
  const start = idx * len;
  if (start + len <= nowSec) return bar(m, level, idx);
  if (start >= nowSec || level === 0) return undefined;
  const kids = children(m, level, idx);
  const childLen = LEVEL_LEN[level - 1] ?? 1;
  const k = Math.floor((nowSec - start) / childLen);
  const parts = kids.slice(0, k);
  const tail = partial(m, level - 1, idx * (FANOUT[level] ?? 1) + k, nowSec);
  if (tail) parts.push(tail);
  return aggregate(parts);
}

/** Ticks a second (1–4, seeded), evenly spaced: each market ticks every 250–1000 ms. */
function ticksIn(m: Market, sec: number): number {
  return 1 + (h32(m.key, 90, sec) % 4);
}

/** Start (ms) of the tick holding `ms`: the moment the price shown at `ms` was set. */
export function tickStart(m: Market, ms: number): number {
  const sec = Math.floor(ms / 1000);
  const k = ticksIn(m, sec);
  return sec * 1000 + Math.ceil((Math.floor(((ms - sec * 1000) * k) / 1000) * 1000) / k);
}

/**
 * Mid price at a time (ms): the second's open at its first tick, then seeded points between its open and close,
 * so every tick lies inside the second's bar and the next second opens where this one closed.
 */
export function midAt(m: Market, ms: number): number {
  const sec = Math.floor(ms / 1000);
  const b = bar(m, 0, sec);
  const j = Math.floor(((ms - sec * 1000) * ticksIn(m, sec)) / 1000);
  return j === 0 ? b.o : b.o + (b.c - b.o) * unit(h32(m.key, 91, sec, j));
}

/** Number of seconds of trading in day j. */
export function tradingSecondsOfDay(m: Market, j: number): number {
  return dayWeight(m, j);
}

/** The second holding `ms` so far: its ticks up to `ms` (undefined when the market does not trade in it). */
export function secondSoFar(m: Market, ms: number): Bar | undefined {
  const sec = Math.floor(ms / 1000);
  const b = bar(m, 0, sec);
  if (b.w === 0) return undefined;
  const k = ticksIn(m, sec);
  const ticks = Math.floor(((ms - sec * 1000) * k) / 1000) + 1;
  const mids = Array.from({ length: ticks }, (_, j) => midAt(m, sec * 1000 + Math.ceil((j * 1000) / k)));
  const c = mids[mids.length - 1] ?? b.o;
  return { t: sec, o: b.o, h: Math.max(...mids), l: Math.min(...mids), c, v: Math.round((b.v * ticks) / k), w: b.w };
}
