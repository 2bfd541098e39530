import { describe, expect, it } from 'vitest';
import type { RateBudgetState } from '../../lib/api';
import { backoffMs, cadenceFor, ENGINE_SHARE, isClosed, roomNow } from '../../lib/engine/cadence';
import { unionOfVisible } from '../../lib/engine/watch-set';

function budget(limit: number, used = 0): RateBudgetState {
  const w = { limit, used, remaining: limit - used, resetInMs: used ? 30_000 : 0 };
  return {
    trading: { limit: 100, used: 0, remaining: 100, resetInMs: 0 },
    nonTrading: w,
    app: { ...w, limit: 60, remaining: 60 - used },
    historical: { limit: 10_000, used: 0, remaining: 10_000, resetAt: null },
    waiting: 0,
    inUse: used > 0,
  };
}

describe('engine cadence', () => {
  const wanted = { priceEveryMs: 5_000, sentimentEveryMs: 5 * 60_000 };

  it('keeps the user cadence when it fits the engine share of the allowance', () => {
    // One price request every 5 s is 12 a minute, within 60% of 30.
    const c = cadenceFor({ priceRequests: 1, sentimentRequests: 1 }, wanted, budget(30));
    expect(c).toEqual({ ...wanted, throttledReason: null });
  });

  it('slows down, and says why, when a large watchlist would overdraw the allowance', () => {
    // 500 markets: 10 requests every 5 s would be 120 a minute.
    const c = cadenceFor({ priceRequests: 10, sentimentRequests: 10 }, wanted, budget(30));
    const perMinute = (10 * 60_000) / c.priceEveryMs + (10 * 60_000) / c.sentimentEveryMs;
    expect(perMinute).toBeLessThanOrEqual(30 * ENGINE_SHARE + 0.01);
    expect(c.priceEveryMs).toBeGreaterThan(wanted.priceEveryMs);
    expect(c.throttledReason).toMatch(/every \d+ s instead of 5 s/);
  });

  it('leaves room for what the user does by hand', () => {
    expect(roomNow(budget(30))).toBe(30 - Math.ceil(30 * (1 - ENGINE_SHARE)));
    expect(roomNow(budget(30, 25))).toBe(0);
  });

  it('backs off after allowance errors, doubling up to five minutes or the service hint', () => {
    expect(backoffMs(1, undefined)).toBe(30_000);
    expect(backoffMs(2, undefined)).toBe(60_000);
    expect(backoffMs(10, undefined)).toBe(300_000);
    expect(backoffMs(1, 90_000)).toBe(90_000);
  });

  it('treats closed and offline markets as closed', () => {
    expect(isClosed('CLOSED')).toBe(true);
    expect(isClosed('OFFLINE')).toBe(true);
    expect(isClosed('TRADEABLE')).toBe(false);
    expect(isClosed('EDITS_ONLY')).toBe(false);
  });

  it('watches the union of visible pages only', () => {
    const u = unionOfVisible([
      { kind: 'watch', epics: ['A.B.C.D.IP', 'X.Y.Z.W.IP'], marketIds: ['AB'], visible: true },
      { kind: 'watch', epics: ['A.B.C.D.IP', 'Q.Q.Q.Q.IP'], marketIds: ['CD'], visible: true },
      { kind: 'watch', epics: ['HIDDEN.X.IP'], marketIds: ['ZZ'], visible: false },
    ]);
    expect(u.epics.sort()).toEqual(['A.B.C.D.IP', 'Q.Q.Q.Q.IP', 'X.Y.Z.W.IP']);
    expect(u.marketIds.sort()).toEqual(['AB', 'CD']);
  });
});
