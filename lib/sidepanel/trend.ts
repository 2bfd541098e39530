// The sentiment trend: recorded long percentages over time as a small line.
import type { SentimentPoint } from '../model';

export interface TrendShape {
  /** SVG path in a width x height box, from `low`% long at the bottom to `high`% at the top. */
  path: string;
  low: number;
  high: number;
  /** Where 50% long is drawn, when it is inside the box. */
  midY: number | null;
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
  const longs = sorted.map((p) => p.long);
  const min = Math.min(...longs);
  const max = Math.max(...longs);
  // Fit the readings with some room (at least 20 points tall), so small moves stay visible.
  const pad = Math.max(5, (20 - (max - min)) / 2);
  const low = Math.max(0, min - pad);
  const high = Math.min(100, max + pad);
  const x = (t: number) => ((t - first.t) / span) * width;
  const y = (long: number) => height - ((Math.min(high, Math.max(low, long)) - low) / (high - low)) * height;
  const path = sorted.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.t).toFixed(1)},${y(p.long).toFixed(1)}`).join('');
  return { path, first, last, min, max, low, high, midY: low < 50 && high > 50 ? y(50) : null };
}
