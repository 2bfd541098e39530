// How long a permit may last, as the settings offer it.
import { DEFAULT_PERMIT_MS } from '../permit/lifecycle';

export interface DurationChoice {
  id: string;
  label: string;
  /** Null: until the browser closes. */
  ms: number | null;
}

export const DURATIONS: DurationChoice[] = [
  { id: '1h', label: '1 hour', ms: 3600_000 },
  { id: '4h', label: '4 hours', ms: DEFAULT_PERMIT_MS },
  { id: '8h', label: '8 hours', ms: 8 * 3600_000 },
  { id: '24h', label: '24 hours', ms: 24 * 3600_000 },
  { id: 'session', label: 'Until the browser closes', ms: null },
];

export const DEFAULT_DURATION_ID = '4h';
