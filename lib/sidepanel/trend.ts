// The sentiment trend: recorded long percentages over time as a small line.
import type { SentimentPoint } from '../model';

export interface TrendShape {
  /** SVG path in a width x height box, with 0% at the bottom and 100% at the top. */
  path: string;
  first: SentimentPoint;
  last: SentimentPoint;
  min: number;
  max: number;
}

/** Null when there are fewer than two readings to draw a line through. */
export function trendShape(points: SentimentPoint[], width: number, height: number): TrendShape | null {
  const sorted = points.filter((p) => Number.isFinite(p.long) && Number.isFinite(p.t)).sort((a, b) => a.t - b.t);
  if (sorted.length < 2) return null;
  const first = sorted[0]!;
  const last = sorted[sorted.length - 1]!;
  const span = last.t - first.t || 1;
  const x = (t: number) => ((t - first.t) / span) * width;
  const y = (long: number) => height - (Math.min(100, Math.max(0, long)) / 100) * height;
  const path = sorted.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.t).toFixed(1)},${y(p.long).toFixed(1)}`).join('');
  const longs = sorted.map((p) => p.long);
  return { path, first, last, min: Math.min(...longs), max: Math.max(...longs) };
}
