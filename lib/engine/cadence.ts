// How fast the engine may refresh without overdrawing the rate budget. The engine keeps a share of the
// non-trading allowance for what the user does by hand, spreads its own requests over the minute, and
// says why when it has to go slower than the user's cadence. Pure.
import type { RateBudgetState } from '../api/rate-budget';
import type { MarketStatus } from '../model';

/** The part of the per-minute allowance the engine may use; the rest is for the user's own requests. */
export const ENGINE_SHARE = 0.6;
/** Closed markets are checked this often, to see them open. */
export const CLOSED_CHECK_MS = 10 * 60_000;
const MINUTE = 60_000;

export interface TickCost {
  /** Requests one price refresh of the watched markets takes. */
  priceRequests: number;
  /** Sentiment requests per sentiment refresh. */
  sentimentRequests: number;
}

export interface Cadence {
  /** Milliseconds between price refreshes. */
  priceEveryMs: number;
  sentimentEveryMs: number;
  /** Set when the cadence is slower than the user asked for. */
  throttledReason: string | null;
}

export function isClosed(status: MarketStatus | undefined): boolean {
  return status === 'CLOSED' || status === 'OFFLINE';
}

/** The per-minute limit the engine's reads count against: the smaller of the account and app windows. */
export function readLimit(state: RateBudgetState): number {
  return Math.min(state.nonTrading.limit, state.app.limit);
}

export function cadenceFor(
  cost: TickCost,
  wanted: { priceEveryMs: number; sentimentEveryMs: number },
  state: RateBudgetState,
): Cadence {
  const allowed = Math.max(1, readLimit(state) * ENGINE_SHARE);
  const perMinute = (requests: number, everyMs: number) => (requests * MINUTE) / everyMs;
  const wantedRate =
    perMinute(cost.priceRequests, wanted.priceEveryMs) + perMinute(cost.sentimentRequests, wanted.sentimentEveryMs);
  if (wantedRate <= allowed) return { ...wanted, throttledReason: null };
  const factor = wantedRate / allowed;
  const priceEveryMs = Math.ceil(wanted.priceEveryMs * factor);
  const sentimentEveryMs = Math.ceil(wanted.sentimentEveryMs * factor);
  const seconds = Math.round(priceEveryMs / 1000);
  return {
    priceEveryMs,
    sentimentEveryMs,
    throttledReason: `Prices refresh every ${seconds} s instead of ${Math.round(wanted.priceEveryMs / 1000)} s to stay within the service's allowance`,
  };
}

/** Requests the budget can take now for the engine, leaving the user's share free. */
export function roomNow(state: RateBudgetState): number {
  const reserve = Math.ceil(readLimit(state) * (1 - ENGINE_SHARE));
  return Math.max(0, Math.min(state.nonTrading.remaining, state.app.remaining) - reserve);
}

/** Backoff after the service refused for allowance: its retry hint, or doubling from 30 s up to 5 minutes. */
export function backoffMs(failures: number, retryAfterMs: number | undefined): number {
  const doubling = Math.min(5 * MINUTE, 30_000 * 2 ** Math.max(0, failures - 1));
  return Math.max(doubling, retryAfterMs ?? 0);
}
