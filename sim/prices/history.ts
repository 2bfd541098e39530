import { openSeconds } from '../universe/hours';
import type { Market } from '../universe/types';
import { barStart, nextStart, prevStart, type Resolution } from './resolutions';
import { aggregate, type Bar, LEVEL_LEN, partial, secondSoFar } from './series';

/** True when the bar starting at `start` had trading time up to and including the second `nowSec`. */
function traded(m: Market, r: Resolution, start: number, nowSec: number): boolean {
  return openSeconds(m.sessions, start, Math.min(nextStart(r, start), nowSec + 1)) > 0;
}

/** Starts of the bars with trading time whose start lies in [fromSec, toSec], oldest first (at most `cap`). */
export function barsInRange(
  m: Market,
  r: Resolution,
  fromSec: number,
  toSec: number,
  nowSec: number,
  cap: number,
): number[] {
  const out: number[] = [];
  const earliest = Math.max(fromSec, nowSec - r.depth);
  let s = barStart(r, earliest);
  if (s < earliest) s = nextStart(r, s);
  const last = Math.min(toSec, nowSec);
  for (; s <= last && out.length < cap; s = nextStart(r, s)) if (traded(m, r, s, nowSec)) out.push(s);
  return out;
}

/** Starts of the last `count` bars with trading time that start at or before `toSec`, oldest first. */
export function lastBars(m: Market, r: Resolution, count: number, toSec: number, nowSec: number): number[] {
  const out: number[] = [];
  const limit = nowSec - r.depth;
  let s = barStart(r, Math.min(toSec, nowSec));
  for (; s >= limit && out.length < count; s = prevStart(r, s)) if (traded(m, r, s, nowSec)) out.push(s);
  return out.reverse();
}

/** The bar of resolution `r` starting at `start` as it stands at `nowMs`: its current bar ends at the current tick. */
export function barAt(m: Market, r: Resolution, start: number, nowMs: number): Bar | undefined {
  const nowSec = Math.floor(nowMs / 1000);
  const len = LEVEL_LEN[r.level] ?? 1;
  const end = nextStart(r, start);
  const parts: Bar[] = [];
  for (let t = start; t < end && t < nowSec; t += len) {
    const b = partial(m, r.level, t / len, nowSec);
    if (b) parts.push(b);
  }
  const current = start <= nowSec && nowSec < end && openSeconds(m.sessions, nowSec, nowSec + 1) > 0;
  const tail = current ? secondSoFar(m, nowMs) : undefined;
  if (tail) parts.push(tail);
  return aggregate(parts);
}
