import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type RateBudgetState, RateLimitError } from '../../lib/api';
import { MarketWatch } from '../../lib/background/sources/market-watch';
import { CacheWriterImpl, isolatedStores } from '../../lib/cache/writer';
import { CLOSED_CHECK_MS } from '../../lib/engine/cadence';
import type { RefreshUpdate } from '../../lib/engine/hooks';
import { RefreshEngine } from '../../lib/engine/refresh-engine';
import type { BudgetView, MarketQuote } from '../../lib/model';
import { defaultPrefs, type Prefs } from '../../lib/settings/registry';
import { epicOf, FakeMarketData, quoteOf } from '../background/fake-market-data';

let n = 0;
function setup(
  over: {
    prefs?: Partial<Prefs>;
    budget?: RateBudgetState | null;
    pinned?: string | null;
    streamed?: ReadonlySet<string>;
  } = {},
) {
  const clock = { t: Date.UTC(2026, 0, 7, 12) };
  const data = new FakeMarketData();
  const cache = new CacheWriterImpl({ now: () => clock.t, open: isolatedStores(`engine-${n++}`) });
  const streamed = () => over.streamed ?? new Set<string>();
  const markets = new MarketWatch({ data: async () => data, cache, now: () => clock.t, streamed });
  const badge: (MarketQuote | null)[] = [];
  const throttles: BudgetView['throttled'][] = [];
  const updates: RefreshUpdate[] = [];
  const errors: unknown[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const engine = new RefreshEngine({
    markets,
    prefs: async () => ({ ...defaultPrefs, ...over.prefs }),
    budget: () => (over.budget === undefined ? data.budget() : over.budget),
    pinnedEpic: async () => over.pinned ?? null,
    showPinned: async (q) => {
      badge.push(q);
    },
    throttleChanged: (t) => throttles.push(t),
    reportError: (e) => errors.push(e),
    hooks: [
      {
        extraTargets: async () => ({ epics: [epicOf(99)], marketIds: [] }),
        afterRefresh: async (u) => {
          updates.push(u);
        },
      },
    ],
    streamed,
    now: () => clock.t,
    setTimer: (fn, ms) => {
      timers.push({ fn, ms });
      return timers.length;
    },
    clearTimer: () => {},
  });
  return { clock, data, engine, badge, throttles, updates, errors, timers, markets, cache };
}

beforeEach(() => fakeBrowser.reset());

describe('refresh engine', () => {
  it('leaves streamed markets to the stream: no price request for them, yet the hooks (alerts) see their prices', async () => {
    const streamedSet = new Set<string>();
    const { clock, data, engine, updates } = setup({ streamed: streamedSet });
    engine.watchChanged({ epics: [epicOf(1), epicOf(2)], marketIds: [] });
    await engine.tick();
    expect(data.count('markets')).toBe(1);
    for (const e of [epicOf(1), epicOf(2), epicOf(99)]) streamedSet.add(e);
    clock.t += 10 * 60_000;
    const later = await engine.tick();
    expect(data.count('markets')).toBe(1);
    expect(later.quotes.map((q) => q.value.epic).sort()).toEqual([epicOf(1), epicOf(2), epicOf(99)].sort());
    expect(updates.at(-1)?.quotes).toHaveLength(3);
    // Sentiment is not streamed: it is still fetched at its cadence.
    expect(data.count('sentiment')).toBe(2);
  });

  it('reads once the market id of a streamed market the cache holds without one, so its sentiment is read', async () => {
    // A watchlist's rows come without market ids, and the stream carries prices only.
    const { data, engine, cache } = setup({ streamed: new Set([epicOf(1)]) });
    const { marketId: _, ...withoutId } = quoteOf(epicOf(1), 100);
    await cache.put('snapshots', epicOf(1), withoutId);
    engine.watchChanged({ epics: [epicOf(1)], marketIds: [] });
    const first = await engine.tick();
    expect(data.count('markets')).toBe(1);
    expect(first.sentiment.map((s) => s.value.marketId)).toContain(quoteOf(epicOf(1), 100).marketId);
    await engine.tick();
    expect(data.count('markets')).toBe(1);
  });

  it('refreshes what visible pages show at the user cadence, and nothing in between', async () => {
    const { clock, data, engine, updates } = setup();
    engine.watchChanged({ epics: [epicOf(1), epicOf(2)], marketIds: [] });
    const first = await engine.tick();
    expect(first.nextInMs).toBe(5_000);
    expect(first.quotes.map((q) => q.value.epic).sort()).toEqual([epicOf(1), epicOf(2), epicOf(99)].sort());
    expect(data.count('markets')).toBe(1);
    expect(data.count('sentiment')).toBe(1);
    clock.t += 2_000;
    await engine.tick();
    expect(data.count('markets')).toBe(1);
    clock.t += 3_000;
    await engine.tick();
    expect(data.count('markets')).toBe(2);
    // Sentiment follows its own, slower cadence.
    expect(data.count('sentiment')).toBe(1);
    expect(updates).toHaveLength(3);
  });

  it('polls a closed market only for the slow check', async () => {
    const { clock, data, engine } = setup();
    engine.watchChanged({ epics: [epicOf(1)], marketIds: [] });
    await engine.tick();
    data.calls.length = 0;
    // Mark the market closed in the cache by refreshing it with a closed status.
    const original = data.markets.bind(data);
    data.markets = async (epics) =>
      (await original(epics)).map((d) => ({ ...d, quote: { ...d.quote, marketStatus: 'CLOSED' as const } }));
    clock.t += 6_000;
    await engine.tick();
    const afterClose = data.count('markets');
    clock.t += 6_000;
    await engine.tick();
    clock.t += 6_000;
    await engine.tick();
    // The open extra target still refreshes; the closed market rides along only after the slow check.
    const epicsAsked = data.calls.filter((c) => c.op === 'markets').flatMap((c) => c.args[0] as string[]);
    expect(epicsAsked.filter((e) => e === epicOf(1))).toHaveLength(1);
    clock.t += CLOSED_CHECK_MS;
    await engine.tick();
    expect(data.count('markets')).toBeGreaterThan(afterClose);
    const later = data.calls.filter((c) => c.op === 'markets').flatMap((c) => c.args[0] as string[]);
    expect(later.filter((e) => e === epicOf(1))).toHaveLength(2);
  });

  it('slows down visibly for a watchlist the allowance cannot keep up with', async () => {
    const { engine, throttles } = setup();
    engine.watchChanged({ epics: Array.from({ length: 500 }, (_, i) => epicOf(i)), marketIds: [] });
    const r = await engine.tick();
    expect(r.nextInMs).toBeGreaterThan(5_000);
    expect(throttles.at(-1)?.reason).toMatch(/instead of 5 s/);
    expect(engine.throttle).not.toBeNull();
  });

  it('waits for room instead of sending past the allowance', async () => {
    const used: RateBudgetState = {
      ...new FakeMarketData().budgetState,
      nonTrading: { limit: 30, used: 29, remaining: 1, resetInMs: 20_000 },
    };
    const { data, engine, throttles } = setup({ budget: used });
    engine.watchChanged({ epics: [epicOf(1)], marketIds: [] });
    const r = await engine.tick();
    expect(data.count('markets')).toBe(0);
    expect(r.nextInMs).toBe(20_000);
    expect(throttles.at(-1)?.reason).toMatch(/Waiting for room/);
  });

  it('backs off when the service refuses for allowance, and recovers', async () => {
    const { clock, data, engine, throttles } = setup();
    engine.watchChanged({ epics: [epicOf(1)], marketIds: [] });
    data.failNext = new RateLimitError('exceeded', {
      errorCode: 'error.public-api.exceeded-account-allowance',
      retryAfterMs: 0,
    });
    const r = await engine.tick();
    expect(r.nextInMs).toBe(30_000);
    expect(throttles.at(-1)?.reason).toMatch(/allowance is used up/);
    clock.t += 10_000;
    await engine.tick();
    expect(data.count('markets')).toBe(1);
    clock.t += 21_000;
    const ok = await engine.tick();
    expect(ok.quotes.length).toBeGreaterThan(0);
    expect(engine.throttle).toBeNull();
  });

  it('updates the badge from the pinned market and, with no page open, on the alarm', async () => {
    const { engine, badge, data } = setup({ pinned: epicOf(5) });
    await engine.backgroundTick();
    expect(badge.at(-1)?.epic).toBe(epicOf(5));
    expect(data.count('markets')).toBe(1);
    engine.watchChanged({ epics: [epicOf(1)], marketIds: [] });
    expect(await engine.backgroundTick()).toBeNull();
  });

  it('stops when the last page hides or closes', async () => {
    const { engine, timers } = setup();
    engine.watchChanged({ epics: [epicOf(1)], marketIds: [] });
    expect(engine.active).toBe(true);
    expect(timers).toHaveLength(1);
    engine.watchChanged({ epics: [], marketIds: [] });
    expect(engine.active).toBe(false);
  });
});
