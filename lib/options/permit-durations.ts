// How long a permit may last, as the settings offer it.
import { i18n } from '#i18n';
import { DEFAULT_PERMIT_MS } from '../permit/lifecycle';

export interface DurationChoice {
  id: string;
  label: () => string;
  /** Null: until the browser closes. */
  ms: number | null;
}

export const DURATIONS: DurationChoice[] = [
  { id: '1h', label: () => hours(1), ms: 3600_000 },
  { id: '4h', label: () => hours(DEFAULT_PERMIT_MS / 3600_000), ms: DEFAULT_PERMIT_MS },
  { id: '8h', label: () => hours(8), ms: 8 * 3600_000 },
  { id: '24h', label: () => hours(24), ms: 24 * 3600_000 },
  { id: 'session', label: () => i18n.t('permit.untilClose'), ms: null },
];

function hours(n: number): string {
  return i18n.t('permit.hours', n, { n: String(n) });
}

export const DEFAULT_DURATION_ID = '4h';
