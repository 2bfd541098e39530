// Which charts the stream carries: the streamable charts pages show, at most `max` of them, one
// subscription each. Charts already streamed keep their place; a chart beyond the limit is not streamed
// (it stays as it is today, drawn from history alone) until a place frees up. Pure.
import { type ChartKey, chartItemFor } from './chart-bars';
import { CHART_FIELDS } from './items';
import type { StreamSubscription } from './link';

/** The CHART items to stream, in the order their places were taken. */
export function planCharts(current: readonly string[], wanted: readonly ChartKey[], max: number): string[] {
  const want = new Set(wanted.flatMap((k) => chartItemFor(k) ?? []));
  const kept = current.filter((item) => want.has(item));
  const added = [...want].filter((item) => !kept.includes(item));
  return [...kept, ...added].slice(0, Math.max(0, max));
}

/** One MERGE subscription per chart, its id the item itself, so a change touches only that chart. */
export function chartSubscription(item: string): StreamSubscription {
  return { id: item, mode: 'MERGE', items: [item], fields: [...CHART_FIELDS] };
}
