import { ApiError } from './errors';
import type { World } from './world';

const WEEK = 7 * 86_400_000;

export interface AllowanceView {
  remainingAllowance: number;
  totalAllowance: number;
  allowanceExpiry: number;
}

/** The weekly historical-data allowance of an account; the window starts with its first use. */
function windowOf(world: World, accountId: string, now: number) {
  let w = world.allowances.get(accountId);
  if (!w || now >= w.windowStart + WEEK) {
    w = { windowStart: now, used: 0 };
    world.allowances.set(accountId, w);
  }
  return w;
}

export function totalAllowance(world: World): number {
  return world.application(world.credentials.apiKey)?.allowanceAccountHistoricalData ?? 10000;
}

/** Charges `points` price points to the account, or throws the allowance-exceeded error without charging. */
export function chargePoints(world: World, accountId: string, points: number, now: number): AllowanceView {
  const w = windowOf(world, accountId, now);
  const total = totalAllowance(world);
  if (points > 0 && w.used + points > total)
    throw new ApiError(403, 'error.public-api.exceeded-account-historical-data-allowance');
  w.used += points;
  return {
    remainingAllowance: total - w.used,
    totalAllowance: total,
    allowanceExpiry: Math.max(0, Math.floor((w.windowStart + WEEK - now - 1) / 1000)),
  };
}
