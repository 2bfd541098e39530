// Fault: 5xx replies, timeouts and dropped connections on reads. Reads are retried, never more often
// than the configured attempts; while the service fails, the background serves what it has cached,
// marked stale; a failed reply never reaches the cache.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, NetworkError, TimeoutError } from '../../lib/api';
import { keys } from '../../lib/cache/entry';
import type { CacheStoreName } from '../../lib/messages/contract';
import type { FaultAction } from '../../sim/faults';
import { configure, type FaultBackground, resetBrowser, settled, startBackground } from './background';
import { HELD_MS, heldRequests } from './held';
import { gatewaySince, logMark, type SimHandle, simClient, startSim, summary } from './helpers';

const ATTEMPTS = 3;
// Every request of these clients has this timeout; only a request the service holds meets it (./held.ts), so it
// can be short however loaded the machine.
const TIMEOUT_MS = 50;
// Each read meets each failure count once: 4 reads × 1 .. ATTEMPTS + 1 failures.
const ROUNDS_PER_KIND = 16;

let sim: SimHandle;
let held: ReturnType<typeof heldRequests>;
let epics: string[] = [];
let marketIds: string[] = [];

beforeAll(async () => {
  sim = await startSim({ seed: 31, rateLimits: false });
  held = heldRequests(sim);
  const client = simClient(sim);
  epics = (await client.markets.search('USD')).markets.slice(0, 8).map((m) => m.epic);
  const details = await client.markets.list(epics);
  marketIds = [...new Set(details.marketDetails.map((d) => d.instrument.marketId).filter((id): id is string => !!id))];
});
afterAll(() => sim.close());
beforeEach(() => {
  sim.control.reset();
  held.clear();
});

type Kind = '5xx' | 'timeout' | 'drop-before' | 'drop-after';
const KINDS: Kind[] = ['5xx', 'timeout', 'drop-before', 'drop-after'];

function actionOf(kind: Kind, round: number): FaultAction {
  switch (kind) {
    case '5xx':
      return { kind: 'error', status: [500, 502, 503, 504][round % 4] as number, errorCode: 'system.error' };
    case 'timeout':
      return { kind: 'delay', ms: HELD_MS };
    case 'drop-before':
      return { kind: 'drop-before' };
    case 'drop-after':
      return { kind: 'drop-after' };
  }
}

/** A deterministic spread of failure counts: 1 .. ATTEMPTS + 1 (more than the attempts: the read fails), each
 * count in turn for every read (reads cycle with the round, counts with every fourth round). */
const failuresFor = (round: number) => (Math.floor(round / 4) % (ATTEMPTS + 1)) + 1;

describe('fault: 5xx, timeouts and dropped connections on reads, through the client', () => {
  it('retries within bounds: recovers when a later attempt succeeds, gives up after the configured attempts', async () => {
    const client = simClient(sim, {
      retry: { attempts: ATTEMPTS, baseDelayMs: 2 },
      timeoutMs: TIMEOUT_MS,
      fetch: held.fetch,
    });
    await client.login();
    const reads = [
      { path: '^/positions$', run: () => client.positions.list(), at: '/positions' },
      { path: '^/watchlists$', run: () => client.watchlists.list(), at: '/watchlists' },
      { path: '^/markets$', run: () => client.markets.list(epics), at: '/markets' },
      { path: '^/client-sentiment$', run: () => client.clientSentiment.list(marketIds), at: '/client-sentiment' },
    ];
    const counts: Record<Kind, { rounds: number; recovered: number; failed: number; maxAttempts: number }> = {
      '5xx': { rounds: 0, recovered: 0, failed: 0, maxAttempts: 0 },
      timeout: { rounds: 0, recovered: 0, failed: 0, maxAttempts: 0 },
      'drop-before': { rounds: 0, recovered: 0, failed: 0, maxAttempts: 0 },
      'drop-after': { rounds: 0, recovered: 0, failed: 0, maxAttempts: 0 },
    };
    for (const kind of KINDS) {
      for (let round = 0; round < ROUNDS_PER_KIND; round++) {
        const read = reads[round % reads.length] as (typeof reads)[number];
        const failures = failuresFor(round);
        held.clear();
        held.inject({ method: 'GET', path: read.path, count: failures, action: actionOf(kind, round) });
        const mark = logMark(sim);
        const result = await read.run().then(
          () => null,
          (e: unknown) => e,
        );
        const sent = gatewaySince(sim, mark).filter((e) => e.path === read.at).length;
        const c = counts[kind];
        c.rounds++;
        c.maxAttempts = Math.max(c.maxAttempts, sent);
        expect(sent).toBeLessThanOrEqual(ATTEMPTS);
        if (failures < ATTEMPTS) {
          expect(result).toBeNull();
          expect(sent).toBe(failures + 1);
          c.recovered++;
        } else {
          expect(sent).toBe(ATTEMPTS);
          if (kind === '5xx') expect(result).toMatchObject({ status: expect.any(Number) });
          if (kind === 'timeout') expect(result).toBeInstanceOf(TimeoutError);
          if (kind.startsWith('drop')) expect(result).toBeInstanceOf(NetworkError);
          expect(result).toBeInstanceOf(ApiError);
          c.failed++;
        }
      }
    }
    for (const kind of KINDS) {
      const c = counts[kind];
      summary(
        `${kind} on reads (client)`,
        `${c.rounds} reads, ${c.recovered} recovered by a retry, ${c.failed} gave up, at most ${c.maxAttempts} attempts of ${ATTEMPTS} allowed`,
      );
    }
  }, 120_000);

  it('never retries a mutation: one attempt, whatever the failure', async () => {
    const client = simClient(sim, {
      retry: { attempts: ATTEMPTS, baseDelayMs: 2 },
      timeoutMs: TIMEOUT_MS,
      fetch: held.fetch,
    });
    await client.login();
    let sentTwice = 0;
    for (let round = 0; round < 8; round++) {
      const kind = KINDS[round % KINDS.length] as Kind;
      held.clear();
      held.inject({ method: 'GET', path: '^/session$', count: ATTEMPTS, action: actionOf(kind, round) });
      const mark = logMark(sim);
      // session.get is a read; a switch of account is not, and must leave at most once.
      await client.session.get().catch(() => undefined);
      const reads = gatewaySince(sim, mark).filter((e) => e.method === 'GET' && e.path === '/session').length;
      expect(reads).toBe(ATTEMPTS);
      held.inject({ method: 'PUT', path: '^/session$', count: ATTEMPTS, action: actionOf(kind, round) });
      const before = logMark(sim);
      await client.session.switchAccount(sim.accounts[1]?.accountId ?? '').catch(() => undefined);
      const puts = gatewaySince(sim, before).filter((e) => e.method === 'PUT' && e.path === '/session').length;
      if (puts !== 1) sentTwice++;
    }
    summary('failures on a mutation (client)', `8 account switches failing, ${sentTwice} sent more than once`);
    expect(sentTwice).toBe(0);
  }, 60_000);
});

interface Target {
  name: string;
  store: CacheStoreName;
  keys: () => string[];
  fault: { path: string; version?: number };
  ask: (bg: FaultBackground) => Promise<{ ok: boolean; data?: unknown }>;
  /** Whether the reply shows a value marked stale. */
  staleShown: (data: unknown) => boolean;
}

const allStale = (items: unknown) => Array.isArray(items) && items.length > 0 && items.every((i) => i.stale === true);
const oneStale = (item: unknown) => (item as { stale?: boolean }).stale === true;

const targets: Target[] = [
  {
    name: 'prices',
    store: 'snapshots',
    keys: () => epics,
    fault: { path: '^/markets$', version: 2 },
    ask: (bg) => bg.ask('markets.quotes', { epics }),
    staleShown: allStale,
  },
  {
    name: 'sentiment',
    store: 'sentiment',
    keys: () => marketIds,
    fault: { path: '^/client-sentiment$' },
    ask: (bg) => bg.ask('sentiment.get', { marketIds }),
    staleShown: allStale,
  },
  {
    name: 'watchlists',
    store: 'watchlists',
    keys: () => [keys.watchlistList],
    fault: { path: '^/watchlists$' },
    ask: (bg) => bg.ask('watchlists.list'),
    staleShown: oneStale,
  },
  {
    name: 'search',
    store: 'search',
    keys: () => [keys.search('usd')],
    fault: { path: '^/markets$', version: 1 },
    ask: (bg) => bg.ask('markets.search', { term: 'USD' }),
    staleShown: oneStale,
  },
];

const snapshotOf = (bg: FaultBackground, t: Target) =>
  Promise.all(
    t.keys().map(async (k) => {
      const e = await bg.cache.get<unknown>(t.store, k);
      return e ? { value: e.value, fetchedAt: e.fetchedAt } : null;
    }),
  );

describe('fault: 5xx, timeouts and dropped connections on reads, through the background', () => {
  beforeEach(async () => {
    resetBrowser();
    await configure(sim);
  });

  it('shows the cached data marked stale while revalidation fails, retries within bounds, caches nothing from a failed reply', async () => {
    const bg = await startBackground({
      retry: { attempts: ATTEMPTS, baseDelayMs: 2 },
      timeoutMs: TIMEOUT_MS,
      fetch: held.fetch,
    });
    for (const t of targets) expect((await t.ask(bg)).ok).toBe(true);
    let rounds = 0;
    let staleShown = 0;
    let untouched = 0;
    let overAttempts = 0;
    let errorsReported = 0;
    // Every kind of failure on every target once; more rounds would repeat them exactly.
    for (let round = 0; round < targets.length; round++) {
      for (const kind of KINDS) {
        const t = targets[(round + KINDS.indexOf(kind)) % targets.length] as Target;
        // Six minutes later every kind of entry is stale: shown at once, revalidated behind.
        bg.clock.advance(6 * 60_000);
        const before = await snapshotOf(bg, t);
        held.clear();
        held.inject({ method: 'GET', ...t.fault, count: ATTEMPTS, action: actionOf(kind, round) });
        const mark = logMark(sim);
        const reply = await t.ask(bg);
        expect(reply.ok).toBe(true);
        if (reply.ok && t.staleShown(reply.data)) staleShown++;
        await settled(bg);
        const sent = gatewaySince(sim, mark).filter(
          (e) => e.method === 'GET' && new RegExp(t.fault.path).test(e.path),
        ).length;
        if (sent > ATTEMPTS) overAttempts++;
        expect(sent).toBe(ATTEMPTS);
        const after = await snapshotOf(bg, t);
        if (JSON.stringify(after) === JSON.stringify(before)) untouched++;
        expect(after).toEqual(before);
        const status = await bg.ask<{ lastError: { kind: string } | null }>('status.get');
        if (status.ok && status.data.lastError) errorsReported++;
        rounds++;
      }
    }
    // The service is back: the next look revalidates and the entries are fresh again.
    held.clear();
    bg.clock.advance(6 * 60_000);
    for (const t of targets) {
      const before = await snapshotOf(bg, t);
      await t.ask(bg);
      await settled(bg);
      const after = await snapshotOf(bg, t);
      expect(after.every((e, i) => e && e.fetchedAt > (before[i]?.fetchedAt ?? 0))).toBe(true);
      const again = await t.ask(bg);
      expect(again.ok && t.staleShown(again.data)).toBe(false);
    }
    bg.stop();
    summary(
      'failed revalidation (background)',
      `${rounds} reads while the service failed, ${staleShown} showed stale data, ${untouched} left the cache untouched, ` +
        `${overAttempts} exceeded ${ATTEMPTS} attempts, ${errorsReported} reported in the status`,
    );
    expect(staleShown).toBe(rounds);
    expect(untouched).toBe(rounds);
    expect(overAttempts).toBe(0);
    expect(errorsReported).toBe(rounds);
  }, 180_000);

  it('with nothing cached, a failed read is an error for the page and leaves no entry behind', async () => {
    const bg = await startBackground({
      retry: { attempts: ATTEMPTS, baseDelayMs: 2 },
      timeoutMs: TIMEOUT_MS,
      fetch: held.fetch,
    });
    let errors = 0;
    let entriesLeft = 0;
    for (const [i, kind] of KINDS.entries()) {
      for (const t of targets) {
        held.clear();
        held.inject({ method: 'GET', ...t.fault, count: ATTEMPTS, action: actionOf(kind, i) });
        const reply = await t.ask(bg);
        await settled(bg);
        if (!reply.ok) errors++;
        entriesLeft += (await snapshotOf(bg, t)).filter((e) => e !== null).length;
      }
    }
    bg.stop();
    summary(
      'failed cold reads (background)',
      `${KINDS.length * targets.length} reads, ${errors} errors shown, ${entriesLeft} entries cached`,
    );
    expect(errors).toBe(KINDS.length * targets.length);
    expect(entriesLeft).toBe(0);
  }, 120_000);
});
