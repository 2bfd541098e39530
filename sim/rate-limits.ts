import { ApiError } from './errors';
import type { LimitClass } from './http';
import type { World } from './world';

const MINUTE = 60_000;

/** Per-minute request allowances of the application and of each account (sliding one-minute windows). */
export class RateLimiter {
  private readonly windows = new Map<string, number[]>();

  private used(key: string, now: number): number[] {
    let w = this.windows.get(key);
    if (!w) {
      w = [];
      this.windows.set(key, w);
    }
    let drop = 0;
    while (drop < w.length && (w[drop] ?? 0) <= now - MINUTE) drop++;
    if (drop) w.splice(0, drop);
    return w;
  }

  /** Counts a request, or throws the allowance-exceeded error of the first exhausted allowance. */
  take(world: World, apiKey: string, accountId: string, kind: LimitClass, now: number): void {
    if (kind === 'none' || !world.rateLimitsEnabled) return;
    const app = world.application(apiKey);
    if (!app) return;
    const checks: [string, number, string][] =
      kind === 'trading'
        ? [[`trade:${accountId}`, app.allowanceAccountTrading, 'error.public-api.exceeded-account-trading-allowance']]
        : [
            [`acct:${accountId}`, app.allowanceAccountOverall, 'error.public-api.exceeded-account-allowance'],
            [`app:${apiKey}`, app.allowanceApplicationOverall, 'error.public-api.exceeded-api-key-allowance'],
          ];
    const windows = checks.map(([key, limit, code]) => {
      const w = this.used(key, now);
      if (w.length >= limit) throw new ApiError(403, code);
      return w;
    });
    for (const w of windows) w.push(now);
  }

  clear(): void {
    this.windows.clear();
  }
}
