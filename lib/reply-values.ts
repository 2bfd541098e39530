// Single values read from the trading service's replies (as lib/api parses them), tolerant of missing,
// null or unexpected ones. Pure.
import type { MarketStatus } from './model';

const STATUSES = new Set<string>([
  'TRADEABLE',
  'CLOSED',
  'EDITS_ONLY',
  'OFFLINE',
  'ON_AUCTION',
  'ON_AUCTION_NO_EDITS',
  'SUSPENDED',
  'CLOSINGS_ONLY',
  'DEAL_NO_EDIT',
]);

/** A status this extension knows, or UNKNOWN. */
export function marketStatus(value: string | null | undefined): MarketStatus {
  return value && STATUSES.has(value) ? (value as MarketStatus) : 'UNKNOWN';
}

/** The number if it is a finite one, else null. */
export const finite = (x: number | null | undefined): number | null =>
  typeof x === 'number' && Number.isFinite(x) ? x : null;

/** A positive finite number, also from a numeric string (IG sends contractSize either way); else null. */
export function positive(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : null;
}
