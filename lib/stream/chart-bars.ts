// A streamed CHART:{epic}:{scale} candle merged into the chart's last bar (reference/ig-streaming.md §1.4).
// MERGE updates carry only the fields that changed, so the item's fields are kept and each update is laid
// over them; a bar is the mid of the bid and offer candles, as the history's bars are. `UTM` is the bar's
// start (epoch ms); `CONS_END` 1 says the bar is complete. A later `UTM` starts a new bar (the one before
// ends as it last stood, whether or not its close was seen); an earlier one, or one not a time, is refused.
// A malformed price leaves that field as it was, as for streamed prices. Pure.
import type { Candle, Resolution } from '../model';
import { type ChartScale, chartItem } from './items';

const SCALE_OF: Partial<Record<Resolution, ChartScale>> = {
  SECOND: 'SECOND',
  MINUTE: '1MINUTE',
  MINUTE_5: '5MINUTE',
  HOUR: 'HOUR',
};

const RESOLUTION_OF: Record<ChartScale, Resolution> = {
  SECOND: 'SECOND',
  '1MINUTE': 'MINUTE',
  '5MINUTE': 'MINUTE_5',
  HOUR: 'HOUR',
};

/** The stream's scale for a chart resolution, or null where the stream has none (the chart stays as it is). */
export function scaleFor(resolution: Resolution): ChartScale | null {
  return SCALE_OF[resolution] ?? null;
}

export interface ChartKey {
  epic: string;
  resolution: Resolution;
}

/** The CHART item for a chart, or null when its resolution is not streamed. */
export function chartItemFor(key: ChartKey): string | null {
  const scale = scaleFor(key.resolution);
  return scale ? chartItem(key.epic, scale) : null;
}

/** The chart a CHART candle item belongs to, or null for any other item. */
export function chartOfItem(item: string): ChartKey | null {
  const m = /^CHART:(.+):([A-Z0-9]+)$/.exec(item);
  if (!m) return null;
  const resolution = RESOLUTION_OF[m[2] as ChartScale];
  return resolution && m[1] ? { epic: m[1], resolution } : null;
}

export interface BarState {
  /** The item's fields as the service last left them. */
  fields: Record<string, string | null>;
  bar: Candle | null;
}

export const emptyBarState: BarState = { fields: {}, bar: null };

export interface BarMerge {
  state: BarState;
  /** The bar as it stands after this update. */
  bar: Candle;
  /** The service said this bar is complete (CONS_END 1). */
  closed: boolean;
}

const PRICE_PARTS = ['OPEN', 'HIGH', 'LOW', 'CLOSE'] as const;
const NUMERIC = [...PRICE_PARTS.flatMap((p) => [`BID_${p}`, `OFR_${p}`]), 'LTV'];

function number(raw: string | null | undefined): number | null {
  if (raw === null || raw === undefined || raw === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) ? n : null;
}

const malformed = (raw: string | null | undefined) =>
  raw !== null && raw !== undefined && raw !== '' && !Number.isFinite(Number(raw));

function mid(bid: number | null, offer: number | null): number | null {
  if (bid !== null && offer !== null) return (bid + offer) / 2;
  return bid ?? offer;
}

/** The bar after this update, or null when the update is refused (no time, a time gone by). */
export function mergeBar(state: BarState, changed: Record<string, string | null>): BarMerge | null {
  const fields = { ...state.fields };
  for (const [name, raw] of Object.entries(changed)) {
    if (NUMERIC.includes(name) && malformed(raw)) continue;
    fields[name] = raw;
  }
  const utm = fields.UTM;
  const t = utm && /^\d+$/.test(utm) ? Number(utm) : Number.NaN;
  if (!Number.isSafeInteger(t) || t <= 0) return null;
  const previous = state.bar;
  if (previous && t < previous.t) return null;
  const price = (part: (typeof PRICE_PARTS)[number]) =>
    mid(number(fields[`BID_${part}`]), number(fields[`OFR_${part}`]));
  const bar: Candle = {
    t,
    open: price('OPEN'),
    high: price('HIGH'),
    low: price('LOW'),
    close: price('CLOSE'),
    volume: number(fields.LTV),
  };
  const closed = fields.CONS_END === '1';
  return { state: { fields, bar }, bar, closed };
}
