// Fault: the service says an allowance is used up (403 error.public-api.exceeded-*), injected and from
// the simulated service's own per-minute limits. The client stops and says how long to wait; the
// background backs off, tells the user why in its status, keeps every cached value and every edit the
// user made, and recovers once the allowance has room again.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Client, RateLimitError } from '../../lib/api';
import { toErrorView } from '../../lib/background/routing/error-view';
import type { StatusView, WatchlistView } from '../../lib/messages/contract';
import type { Fresh, MarketQuote, WatchlistSummary } from '../../lib/model';
import { pinnedEpic } from '../../lib/settings/registry';
import { configure, resetBrowser, startBackground } from './background';
import { gatewaySince, logMark, type SimHandle, simClient, startSim, summary } from './helpers';

const CODES = [
  { errorCode: 'error.public-api.exceeded-account-allowance', retryAfterMs: 60_000 },
  { errorCode: 'error.public-api.exceeded-api-key-allowance', retryAfterMs: 60_000 },
  { errorCode: 'error.public-api.exceeded-account-trading-allowance', retryAfterMs: 60_000 },
  { errorCode: 'error.public-api.exceeded-account-historical-data-allowance', retryAfterMs: 7 * 24 * 3_600_000 },
];
const ROUNDS = 8;

let sim: SimHandle;
let epics: string[] = [];

beforeAll(async () => {
  sim = await startSim({ seed: 41, rateLimits: true });
  const client = simClient(sim);
  epics = (await client.markets.search('GBP')).markets.slice(0, 6).map((m) => m.epic);
});
afterAll(() => sim.close());
beforeEach(() => sim.control.reset());

/** Spends the account's per-minute allowance at the service from another session; returns the requests it took. */
async function exhaust(other: Client): Promise<number> {
  for (let sent = 1; sent <= 200; sent++) {
    const refused = await other.positions.list().then(
      () => false,
      (e: unknown) => e instanceof RateLimitError,
    );
    if (refused) return sent;
  }
  throw new Error('The service never refused: its per-minute allowance is not enforced');
}

describe('fault: allowance exceeded, through the client', () => {
  it('an injected exceeded-allowance reply is a RateLimitError with the wait, sent once, shown as rate-limited', async () => {
    const client = simClient(sim);
    await client.login();
    let told = 0;
    let sentOnce = 0;
    for (let round = 0; round < ROUNDS * CODES.length; round++) {
      const { errorCode, retryAfterMs } = CODES[round % CODES.length] as (typeof CODES)[number];
      sim.control.advanceClock(61_000); // stay clear of the service's own per-minute limit
      sim.control.injectFault({
        method: 'GET',
        path: '^/watchlists$',
        action: { kind: 'error', status: 403, errorCode },
      });
      const mark = logMark(sim);
      const error = await client.watchlists.list().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RateLimitError);
      expect(error).toMatchObject({ errorCode, status: 403, retryAfterMs });
      if (gatewaySince(sim, mark).length === 1) sentOnce++;
      const view = toErrorView(error);
      if (view.kind === 'rate-limited' && view.retryAfterMs === retryAfterMs) told++;
      // The next request goes through: nothing stays stuck.
      await expect(client.watchlists.list()).resolves.toHaveProperty('watchlists');
    }
    summary(
      'injected allowance errors (client)',
      `${ROUNDS * CODES.length} refusals, ${sentOnce} sent once (no retry into the limit), ${told} shown as rate-limited with the wait`,
    );
    expect(sentOnce).toBe(ROUNDS * CODES.length);
    expect(told).toBe(ROUNDS * CODES.length);
  }, 30_000);

  it("the service's own per-minute limit: refused with the wait, recovered once the minute has passed", async () => {
    const client = simClient(sim);
    let refusals = 0;
    let recoveries = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const spent = await exhaust(client);
      expect(spent).toBeGreaterThan(1);
      const error = await client.watchlists.list().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RateLimitError);
      expect(error).toMatchObject({ status: 403, retryAfterMs: 60_000 });
      refusals++;
      sim.control.advanceClock(61_000);
      await expect(client.watchlists.list()).resolves.toHaveProperty('watchlists');
      recoveries++;
    }
    summary(
      'per-minute limit of the service (client)',
      `${ROUNDS} exhaustions, ${refusals} refused, ${recoveries} recovered`,
    );
    expect(recoveries).toBe(ROUNDS);
  }, 30_000);
});

describe('fault: allowance exceeded, through the background', () => {
  beforeEach(async () => {
    resetBrowser();
    await configure(sim);
  });

  it('backs off with a reason in the status, keeps cached data and edits, and recovers', async () => {
    const bg = await startBackground();
    const other = simClient(sim);
    const [pinned, extra] = epics as [string, string];
    await pinnedEpic.setValue(pinned);
    const first = await bg.engine.backgroundTick();
    expect(first?.quotes.map((q) => q.value.epic)).toContain(pinned);
    const created = await bg.ask<WatchlistSummary>('watchlists.create', { name: 'Fault watch', epics: [pinned] });
    if (!created.ok) throw new Error(created.error.message);
    const listId = created.data.id;
    const before = await bg.ask<Fresh<WatchlistView>>('watchlists.get', { id: listId });
    if (!before.ok) throw new Error(before.error.message);

    let throttledWithReason = 0;
    let backedOff = 0;
    let cachedKept = 0;
    let pagesTold = 0;
    let editsKept = 0;
    let recovered = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const cached = await bg.cache.get<MarketQuote>('snapshots', pinned);
      await exhaust(other);
      bg.clock.advance(5 * 60_000);
      const tick = await bg.engine.backgroundTick();
      expect(tick?.quotes).toEqual([]);
      const status = await bg.ask<StatusView>('status.get');
      const throttled = status.ok ? status.data.budget.throttled : null;
      if (throttled && throttled.reason.length > 0 && throttled.until > bg.clock.now()) throttledWithReason++;
      // Backing off: a refresh due during the wait sends nothing.
      const waitMark = logMark(sim);
      await bg.engine.backgroundTick();
      if (gatewaySince(sim, waitMark).length === 0) backedOff++;

      // No data lost: the cached quote is still there, and a page sees it (stale) instead of an error.
      const kept = await bg.cache.get<MarketQuote>('snapshots', pinned);
      if (kept && cached && kept.fetchedAt === cached.fetchedAt) cachedKept++;
      const shown = await bg.ask<Fresh<MarketQuote>[]>('markets.quotes', { epics: [pinned] });
      expect(shown).toMatchObject({ ok: true, data: [{ stale: true, value: { epic: pinned } }] });
      // What is not cached cannot be shown: the page is told why and for how long.
      const uncached = await bg.ask('markets.quotes', { epics: [`${extra}`] });
      if (!uncached.ok && uncached.error.kind === 'rate-limited' && uncached.error.retryAfterMs === 60_000) pagesTold++;
      // An edit refused for the allowance loses nothing: the watchlist is as it was.
      const edit = await bg.ask('watchlists.addMarket', { id: listId, epic: extra });
      expect(edit).toMatchObject({ ok: false, error: { kind: 'rate-limited' } });
      const after = await bg.cache.get<WatchlistView>('watchlists', `wl:${listId}`);
      if (after && JSON.stringify(after.value.epics) === JSON.stringify(before.data.value.epics)) editsKept++;

      // The minute passes (at the service and for the background's backoff): refreshing resumes.
      sim.control.advanceClock(61_000);
      bg.clock.advance(throttled ? throttled.until - bg.clock.now() + 1 : 61_000);
      const resumed = await bg.engine.backgroundTick();
      const fresh = await bg.ask<StatusView>('status.get');
      if (resumed?.quotes.some((q) => q.value.epic === pinned) && fresh.ok && fresh.data.budget.throttled === null) {
        recovered++;
      }
    }
    // After the last recovery the edit the user retries goes through.
    const retried = await bg.ask('watchlists.addMarket', { id: listId, epic: extra });
    expect(retried.ok ? null : retried.error).toBeNull();
    expect(sim.control.state().watchlists.find((w) => w.id === listId)?.epics).toContain(extra);
    bg.stop();
    summary(
      'allowance exceeded (background)',
      `${ROUNDS} exhaustions, ${throttledWithReason} throttled with a reason, ${backedOff} backed off, ${cachedKept} kept the cache, ` +
        `${pagesTold} told the page rate-limited, ${editsKept} kept the watchlist, ${recovered} recovered`,
    );
    expect(throttledWithReason).toBe(ROUNDS);
    expect(backedOff).toBe(ROUNDS);
    expect(cachedKept).toBe(ROUNDS);
    expect(pagesTold).toBe(ROUNDS);
    expect(editsKept).toBe(ROUNDS);
    expect(recovered).toBe(ROUNDS);
  }, 60_000);
});
