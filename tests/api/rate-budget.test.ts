import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type BudgetCounts,
  type BudgetStore,
  DEMO_ALLOWANCES,
  LIVE_ALLOWANCES,
  RateBudget,
  RateLimitError,
} from '../../lib/api';
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

describe('rate budget across a worker restart', () => {
  /** A store like storage.session: it outlives the budget (the worker), not the browser. */
  function sessionStore(): BudgetStore & { saved: BudgetCounts | null } {
    const store = {
      saved: null as BudgetCounts | null,
      load: async () => (store.saved ? structuredClone(store.saved) : null),
      save: async (counts: BudgetCounts) => {
        store.saved = structuredClone(counts);
      },
    };
    return store;
  }
  const refusal = (p: Promise<void>) => p.then(() => null).catch((e) => e);

  it('a budget restarted in the middle of a minute does not overspend; the window still slides', async () => {
    let now = 1_000_000;
    const store = sessionStore();
    const options = {
      now: () => now,
      store,
      maxWaitMs: 0,
      allowances: { nonTradingPerMinute: 5, tradingPerMinute: 2 },
    };
    const before = new RateBudget(options);
    for (let i = 0; i < 3; i++) await before.acquire('nonTrading');
    await before.acquire('trading');
    now += 30_000;
    await before.acquire('nonTrading');
    before.recordHistorical(700);
    await before.saved();

    // The worker stops here; the new one builds its budget from the same store.
    now += 10_000;
    const after = new RateBudget(options);
    await after.acquire('nonTrading');
    expect(await refusal(after.acquire('nonTrading'))).toBeInstanceOf(RateLimitError);
    await after.acquire('trading');
    expect(await refusal(after.acquire('trading'))).toBeInstanceOf(RateLimitError);
    expect(after.state()).toMatchObject({
      nonTrading: { used: 5, remaining: 0 },
      trading: { used: 2 },
      historical: { used: 700 },
    });

    // A minute after the first three, their slots are free again; not those of the last minute.
    now += 20_001;
    await after.acquire('nonTrading');
    await after.acquire('nonTrading');
    await after.acquire('nonTrading');
    expect(await refusal(after.acquire('nonTrading'))).toBeInstanceOf(RateLimitError);
  });

  it("keeps the service's own allowances too, and adopting them before a request loses no counts", async () => {
    const now = 2_000_000;
    const store = sessionStore();
    const before = new RateBudget({ now: () => now, store, maxWaitMs: 0 });
    before.applyApplication({ allowanceAccountOverall: 4, allowanceApplicationOverall: 50 });
    for (let i = 0; i < 3; i++) await before.acquire('nonTrading');
    // A restarted worker learns the allowances again before its first request: the counts stay.
    const after = new RateBudget({ now: () => now, store, maxWaitMs: 0 });
    after.applyApplication({ allowanceAccountOverall: 4, allowanceApplicationOverall: 50 });
    await after.saved();
    expect(after.state()).toMatchObject({ nonTrading: { limit: 4, used: 3 }, app: { limit: 50, used: 3 } });
    // One that has not asked the service yet starts from the adopted allowances, not its defaults.
    const fresh = new RateBudget({ now: () => now, store, maxWaitMs: 0 });
    await fresh.acquire('nonTrading');
    expect(await refusal(fresh.acquire('nonTrading'))).toBeInstanceOf(RateLimitError);
    expect(fresh.state().nonTrading).toMatchObject({ limit: 4, used: 4 });
  });

  it('counts are written before the request leaves, and a store that fails does not stop requests', async () => {
    const store = sessionStore();
    const budget = new RateBudget({ store });
    await budget.acquire('nonTrading');
    expect(store.saved?.nonTrading).toHaveLength(1);
    expect(store.saved?.app).toHaveLength(1);
    const broken = new RateBudget({
      store: { load: () => Promise.reject(new Error('gone')), save: () => Promise.reject(new Error('gone')) },
    });
    await expect(broken.acquire('nonTrading')).resolves.toBeUndefined();
    expect(broken.state().nonTrading.used).toBe(1);
  });

  it('requests counted while a write is under way share the next write, and each leaves only once it holds them', async () => {
    const store = sessionStore();
    const writes: BudgetCounts[] = [];
    let release = () => {};
    const save = store.save;
    store.save = async (counts) => {
      writes.push(structuredClone(counts));
      if (writes.length === 1) await new Promise<void>((r) => (release = r));
      await save(counts);
    };
    const budget = new RateBudget({ store });
    const left: number[] = [];
    const first = budget.acquire('nonTrading').then(() => left.push(store.saved?.nonTrading.length ?? 0));
    await vi.waitFor(() => expect(writes).toHaveLength(1));
    const more = [1, 2, 3].map(() =>
      budget.acquire('nonTrading').then(() => left.push(store.saved?.nonTrading.length ?? 0)),
    );
    await Promise.resolve();
    expect(left).toEqual([]);
    release();
    await Promise.all([first, ...more]);
    expect(writes.map((w) => w.nonTrading.length)).toEqual([1, 4]);
    expect(left).toEqual([1, 4, 4, 4]);
    expect(store.saved?.app).toHaveLength(4);
  });

  it('ignores stored counts that are malformed or from the future', async () => {
    const now = 5_000_000;
    const store = sessionStore();
    store.saved = {
      trading: ['x', now + 1000] as unknown as number[],
      nonTrading: [now - 1000, now - 120_000],
      app: null as unknown as number[],
      historical: { used: 9, resetAt: null },
    };
    const budget = new RateBudget({ now: () => now, store });
    await budget.restore();
    expect(budget.state()).toMatchObject({ trading: { used: 0 }, nonTrading: { used: 1 }, app: { used: 0 } });
    expect(budget.state().historical.used).toBe(0);
  });
});
