import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ALLOWANCES, LIVE_ALLOWANCES, RateBudget, RateLimitError } from '../../lib/api';
import { fakeClient } from '../helpers/api-client';
import { FAKE_API_KEY, type FakeIg, startFakeIg } from '../helpers/api-fake-ig';

let fake: FakeIg;
beforeAll(async () => {
  fake = await startFakeIg();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

describe('rate budget', () => {
  it('defaults to the reference allowances', () => {
    expect(LIVE_ALLOWANCES).toEqual({
      tradingPerMinute: 100,
      nonTradingPerMinute: 30,
      appPerMinute: 60,
      historicalPointsPerWeek: 10_000,
    });
    expect(DEMO_ALLOWANCES).toMatchObject({ tradingPerMinute: 33, nonTradingPerMinute: 10, appPerMinute: 20 });
    const s = new RateBudget().state();
    expect([s.trading.limit, s.nonTrading.limit, s.app.limit, s.historical.limit]).toEqual([100, 30, 60, 10_000]);
    expect(s.inUse).toBe(false);
  });

  it('never takes more slots than the allowance inside a minute; the window slides', () => {
    let now = 0;
    const budget = new RateBudget({ now: () => now, allowances: { nonTradingPerMinute: 3 } });
    expect([budget.tryAcquire('nonTrading'), budget.tryAcquire('nonTrading'), budget.tryAcquire('nonTrading')]).toEqual(
      [0, 0, 0],
    );
    now = 10_000;
    expect(budget.tryAcquire('nonTrading')).toBe(50_000);
    expect(budget.state().nonTrading).toMatchObject({ used: 3, remaining: 0 });
    now = 60_000;
    expect(budget.tryAcquire('nonTrading')).toBe(0);
    expect(budget.tryAcquire('trading')).toBe(0);
  });

  it('counts non-trading requests against both the account and the application allowance', () => {
    const budget = new RateBudget({ allowances: { nonTradingPerMinute: 10, appPerMinute: 2 } });
    budget.tryAcquire('nonTrading');
    budget.tryAcquire('nonTrading');
    expect(budget.tryAcquire('nonTrading')).toBeGreaterThan(0);
    expect(budget.state().app.remaining).toBe(0);
  });

  it('waits for room when the wait is short', async () => {
    let now = 0;
    const budget = new RateBudget({ now: () => now, allowances: { tradingPerMinute: 1 }, maxWaitMs: 100 });
    await budget.acquire('trading');
    now = 59_990;
    const waited = budget.acquire('trading');
    expect(budget.state().waiting).toBe(1);
    expect(budget.state().inUse).toBe(true);
    now = 60_001;
    await waited;
    expect(budget.state().trading.used).toBe(1);
  });

  it('refuses with RateLimitError and retry-after when the wait would be long; the client sends nothing', async () => {
    const rateBudget = new RateBudget({ allowances: { nonTradingPerMinute: 3 }, maxWaitMs: 50 });
    const client = fakeClient(fake, { rateBudget });
    await client.positions.list(); // login + request = 2 slots
    await client.watchlists.list();
    const error = await client.markets.search('eur').catch((e) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfterMs).toBeGreaterThan(50_000);
    expect(fake.requests).toHaveLength(3);
  });

  it('tracks the weekly historical points and stops before they run out', () => {
    let now = 0;
    const budget = new RateBudget({ now: () => now, allowances: { historicalPointsPerWeek: 100 } });
    budget.recordHistorical(60);
    budget.checkHistorical();
    budget.recordHistorical(40);
    expect(() => budget.checkHistorical()).toThrow(RateLimitError);
    budget.syncHistorical({ remainingAllowance: 500, totalAllowance: 1000, allowanceExpiry: 10 });
    expect(budget.state().historical).toMatchObject({ limit: 1000, used: 500, remaining: 500 });
    now = 11_000;
    expect(budget.state().historical.used).toBe(0);
  });

  it('adopts the allowances of this API key from applications.list', async () => {
    const client = fakeClient(fake);
    fake.override((r) => r.path === '/operations/application', {
      body: [
        { apiKey: 'someoneElse', allowanceAccountOverall: 1 },
        {
          apiKey: FAKE_API_KEY,
          allowanceAccountOverall: 12,
          allowanceAccountTrading: 40,
          allowanceApplicationOverall: 25,
          allowanceAccountHistoricalData: 5000,
        },
      ],
    });
    await client.applications.list();
    const s = client.budget.state();
    expect([s.nonTrading.limit, s.trading.limit, s.app.limit, s.historical.limit]).toEqual([12, 40, 25, 5000]);
  });
});
