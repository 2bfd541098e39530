// Fault: malformed, truncated and unexpected-shape bodies on every read of the endpoint table. Each is
// a clear ApiError (client.malformed-response), never a crash, and the background's cache keeps its
// last good entry (or stays empty): a broken reply is never cached.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, type Client, type Endpoint, endpoints, MALFORMED_RESPONSE } from '../../lib/api';
import { keys } from '../../lib/cache/entry';
import type { CacheStoreName } from '../../lib/messages/contract';
import { permittedDealing } from '../helpers/api-client';
import { configure, type FaultBackground, resetBrowser, settled, startBackground } from './background';
import { DEAL_EPIC, type SimHandle, simClient, startSim, summary, UNLIMITED } from './helpers';

let sim: SimHandle;

beforeAll(async () => {
  sim = await startSim({ seed: 51, rateLimits: false });
});
afterAll(() => sim.close());

/** Bodies a broken proxy, a cut connection or a changed service could send with a 200. */
const BODIES: { name: string; body?: string }[] = [
  { name: 'truncated' },
  { name: 'cut after a brace', body: '{"' },
  { name: 'html', body: '<html><body><h1>502 Bad Gateway</h1></body></html>' },
  { name: 'empty', body: '' },
  { name: 'null', body: 'null' },
  { name: 'number', body: '42' },
  { name: 'string', body: '"OK"' },
  { name: 'array', body: '[{"unexpected":true}]' },
  {
    name: 'wrong types',
    body: JSON.stringify({
      markets: 7,
      marketDetails: 'none',
      positions: 'none',
      position: 3,
      workingOrders: {},
      watchlists: 'x',
      categories: 1,
      instruments: true,
      prices: 'x',
      instrument: 5,
      snapshot: [],
      dealingRules: 'x',
      clientSentiments: 9,
      marketId: 12,
      longPositionPercentage: 'many',
      dealReference: 8,
      dealStatus: 3,
      costsHistory: 'x',
      accounts: 'x',
      accountId: 1,
      encryptionKey: 4,
      timeStamp: 'yesterday',
      allowanceAccountOverall: 'lots',
      apiKey: 42,
      metadata: 'x',
    }),
  },
];

interface Prepared {
  epic: string;
  marketId: string;
  dealReference: string;
  dealId: string;
  categoryId: string;
  watchlistId: string;
  quoteReference: string;
}

/** Every read of the table (GET, internal ones too, and the unauthenticated key read) with arguments the service accepts. */
function readCalls(client: Client, p: Prepared): Record<string, () => Promise<unknown>> {
  const now = Date.now();
  return {
    'confirmations.get': () => client.confirmations.get(p.dealReference),
    'positions.list': () => client.positions.list(),
    'positions.get': () => client.positions.get(p.dealId),
    'repeat_dealing_window.get': () => client.repeatDealingWindow.get(),
    'working_orders.list': () => client.workingOrders.list(),
    'categories.list': () => client.categories.list(),
    'categories.list_instruments': () => client.categories.listInstruments(p.categoryId),
    'markets.list': () => client.markets.list([p.epic]),
    'markets.search': () => client.markets.search('USD'),
    'markets.get': () => client.markets.get(p.epic),
    'prices.list': () => client.prices.list(p.epic, { resolution: 'HOUR', max: 5 }),
    'prices.list_points': () => client.prices.listPoints(p.epic, 'HOUR', 5),
    'prices.list_date_range': () =>
      client.prices.listDateRange(p.epic, 'HOUR', new Date(now - 6 * 3_600_000), new Date(now - 3_600_000)),
    'indicative_costs.get_durable_medium': () => client.indicativeCosts.getDurableMedium(p.quoteReference),
    'indicative_costs.history': () => client.indicativeCosts.history(new Date(now - 86_400_000), new Date(now)),
    'watchlists.list': () => client.watchlists.list(),
    'watchlists.get': () => client.watchlists.get(p.watchlistId),
    'session.get': () => client.session.get(),
    'session.get_encryption_key': () => client.session.getEncryptionKey(),
    'client_sentiment.list': () => client.clientSentiment.list([p.marketId]),
    'client_sentiment.get': () => client.clientSentiment.get(p.marketId),
    'client_sentiment.related': () => client.clientSentiment.related(p.marketId),
    'applications.list': () => client.applications.list(),
    'accounts.list': () => client.accounts.list(),
    'history.activity': () => client.history.activity({ pageSize: 10 }),
    'history.transactions': () => client.history.transactions({ type: 'ALL' }),
  };
}

/**
 * The repeat-dealing window has no field a reply cannot do without (every one is optional, and a
 * field of the wrong type is dropped by design, lib/api/schemas/kit.ts), so an object of wrong types
 * is an empty window rather than an error. Any other shape must still be refused.
 */
const TOLERATED: Record<string, string> = { 'repeat_dealing_window.get': 'wrong types' };

const pathPattern = (e: Endpoint) => `^${e.path.replace(/\{[a-z_]+\}/g, '[^/]+')}$`;

describe('fault: malformed bodies on every read, through the client', () => {
  beforeEach(() => sim.control.reset());

  it('every read label, every broken body: a clear malformed-response error, then the next read works', async () => {
    const client = simClient(sim);
    const info = await client.login();
    const dealing = permittedDealing(client, info.accountId);
    const details = await client.markets.get(DEAL_EPIC);
    await dealing.positions.create({
      epic: DEAL_EPIC,
      direction: 'BUY',
      size: 1,
      currencyCode: 'USD',
      expiry: '-',
      forceOpen: true,
      dealReference: 'FAULTMALFORMED1',
    });
    const confirmation = await client.confirmations.get('FAULTMALFORMED1');
    const quote = await client.indicativeCosts.quoteOpen({
      epic: DEAL_EPIC,
      direction: 'BUY',
      size: 1,
      dealCurrencyCode: 'USD',
      bid: details.snapshot?.bid ?? 1,
      ask: details.snapshot?.offer ?? 1,
    });
    const prepared: Prepared = {
      epic: DEAL_EPIC,
      marketId: details.instrument.marketId ?? '',
      dealReference: 'FAULTMALFORMED1',
      dealId: confirmation.dealId ?? '',
      categoryId: (await client.categories.list()).categories[0]?.code ?? '',
      watchlistId: (await client.watchlists.list()).watchlists[0]?.id ?? '',
      quoteReference: quote.indicativeQuoteReference ?? '',
    };
    const calls = readCalls(client, prepared);
    // Every GET, the spec's and the internal account list, and the unauthenticated key read.
    const reads = endpoints.filter((e) => e.method === 'GET' || e.label.startsWith('session.get'));
    expect(Object.keys(calls).sort()).toEqual(reads.map((e) => e.label).sort());

    // Each read works before it is broken.
    for (const e of reads) {
      client.budget.setAllowances(UNLIMITED); // applications.list adopts the key's real allowances
      await (calls[e.label] as () => Promise<unknown>)();
    }

    const accepted: string[] = [];
    let clear = 0;
    for (const e of reads) {
      const call = calls[e.label] as () => Promise<unknown>;
      for (const b of BODIES.filter((x) => !(e.label in TOLERATED && TOLERATED[e.label] === x.name))) {
        sim.control.clearFaults();
        sim.control.injectFault({
          method: 'GET',
          path: pathPattern(e),
          version: e.version,
          action: b.body === undefined ? { kind: 'malformed' } : { kind: 'malformed', body: b.body },
        });
        client.budget.setAllowances(UNLIMITED); // applications.list adopts the key's real allowances
        const result = await call().then(
          (value) => ({ value }),
          (error: unknown) => ({ error }),
        );
        if ('value' in result) accepted.push(`${e.label} accepted the ${b.name} body`);
        else if (result.error instanceof ApiError && result.error.errorCode === MALFORMED_RESPONSE) {
          expect(result.error.label).toBe(e.label);
          expect(result.error.message).toMatch(/^Malformed response to /);
          clear++;
        } else accepted.push(`${e.label} with the ${b.name} body: ${String(result.error)}`);
      }
      sim.control.clearFaults();
      client.budget.setAllowances(UNLIMITED);
      await call();
    }
    const total = reads.length * BODIES.length - Object.keys(TOLERATED).length;
    summary(
      'malformed bodies on reads (client)',
      `${reads.length} read labels × ${BODIES.length} bodies (less ${Object.keys(TOLERATED).length} tolerated) = ${total} replies, ${clear} clear malformed-response errors, ` +
        `${accepted.length} accepted or unclear, 0 crashes`,
    );
    expect(accepted).toEqual([]);
    expect(clear).toBe(total);
  }, 60_000);
});

interface Target {
  name: string;
  store: CacheStoreName;
  key: string;
  fault: { path: string; version: number };
  ask: (bg: FaultBackground) => Promise<{ ok: boolean }>;
}

describe('fault: malformed bodies on every read, through the background', () => {
  let targets: Target[] = [];

  beforeAll(async () => {
    const client = simClient(sim);
    const details = await client.markets.get(DEAL_EPIC);
    const marketId = details.instrument.marketId ?? '';
    const watchlistId = (await client.watchlists.list()).watchlists[0]?.id ?? '';
    const to = Date.now();
    const from = to - 6 * 3_600_000;
    targets = [
      {
        name: 'prices',
        store: 'snapshots',
        key: DEAL_EPIC,
        fault: { path: '^/markets$', version: 2 },
        ask: (bg) => bg.ask('markets.quotes', { epics: [DEAL_EPIC] }),
      },
      {
        name: 'market facts',
        store: 'details',
        key: DEAL_EPIC,
        fault: { path: '^/markets$', version: 2 },
        ask: (bg) => bg.ask('markets.facts', { epic: DEAL_EPIC }),
      },
      {
        name: 'search',
        store: 'search',
        key: keys.search('xrp'),
        fault: { path: '^/markets$', version: 1 },
        ask: (bg) => bg.ask('markets.search', { term: 'XRP' }),
      },
      {
        name: 'sentiment',
        store: 'sentiment',
        key: marketId,
        fault: { path: '^/client-sentiment$', version: 1 },
        ask: (bg) => bg.ask('sentiment.get', { marketIds: [marketId] }),
      },
      {
        name: 'related sentiment',
        store: 'sentiment',
        key: keys.related(marketId),
        fault: { path: '^/client-sentiment/related/[^/]+$', version: 1 },
        ask: (bg) => bg.ask('sentiment.related', { marketId }),
      },
      {
        name: 'watchlists',
        store: 'watchlists',
        key: keys.watchlistList,
        fault: { path: '^/watchlists$', version: 1 },
        ask: (bg) => bg.ask('watchlists.list'),
      },
      {
        name: 'watchlist',
        store: 'watchlists',
        key: keys.watchlist(watchlistId),
        fault: { path: '^/watchlists/[^/]+$', version: 1 },
        ask: (bg) => bg.ask('watchlists.get', { id: watchlistId }),
      },
      {
        name: 'categories',
        store: 'details',
        key: keys.categories,
        fault: { path: '^/categories$', version: 1 },
        ask: (bg) => bg.ask('categories.list'),
      },
      {
        name: 'price history',
        store: 'prices',
        key: keys.prices(DEAL_EPIC, 'HOUR'),
        fault: { path: '^/prices/[^/]+$', version: 3 },
        ask: (bg) => bg.ask('prices.history', { epic: DEAL_EPIC, resolution: 'HOUR', from, to: bg.clock.now() }),
      },
    ];
  });

  beforeEach(async () => {
    sim.control.reset();
    resetBrowser();
    await configure(sim);
  });

  it('no poisoned cache: a broken reply leaves the last good entry, or nothing, and the page gets a clear error', async () => {
    const bg = await startBackground();
    let coldErrors = 0;
    let coldEntries = 0;
    let warmKept = 0;
    let warmRounds = 0;
    let errorsShown = 0;
    const problems: string[] = [];
    for (const t of targets) {
      // Cold: nothing cached (an earlier target may have filled this entry), the broken reply is the only answer.
      await bg.cache.remove(t.store, [t.key]);
      for (const b of BODIES) {
        sim.control.clearFaults();
        sim.control.injectFault({
          method: 'GET',
          ...t.fault,
          count: 3,
          action: b.body === undefined ? { kind: 'malformed' } : { kind: 'malformed', body: b.body },
        });
        const reply = await t.ask(bg);
        await settled(bg);
        if (!reply.ok) coldErrors++;
        else problems.push(`${t.name}: the ${b.name} body was shown as data`);
        if (await bg.cache.get(t.store, t.key)) {
          coldEntries++;
          problems.push(`${t.name}: the ${b.name} body was cached`);
          await bg.cache.remove(t.store, [t.key]);
        }
      }
      // Warm: a good entry, then broken replies while revalidating it.
      sim.control.clearFaults();
      expect((await t.ask(bg)).ok).toBe(true);
      await settled(bg);
      for (const b of BODIES) {
        const good = await bg.cache.get<unknown>(t.store, t.key);
        expect(good, `${t.name} cached after a good reply`).toBeDefined();
        bg.clock.advance(25 * 3_600_000);
        sim.control.clearFaults();
        sim.control.injectFault({
          method: 'GET',
          ...t.fault,
          count: 3,
          action: b.body === undefined ? { kind: 'malformed' } : { kind: 'malformed', body: b.body },
        });
        const reply = await t.ask(bg);
        await settled(bg);
        warmRounds++;
        const after = await bg.cache.get<unknown>(t.store, t.key);
        if (
          after &&
          good &&
          after.fetchedAt === good.fetchedAt &&
          JSON.stringify(after.value) === JSON.stringify(good.value)
        )
          warmKept++;
        else problems.push(`${t.name}: the entry changed after the ${b.name} body`);
        const status = await bg.ask<{ lastError: { kind: string; code?: string } | null }>('status.get');
        const shown = !reply.ok || (status.ok && status.data.lastError?.code === MALFORMED_RESPONSE);
        if (shown) errorsShown++;
        else problems.push(`${t.name}: the ${b.name} body went unreported`);
      }
    }
    bg.stop();
    summary(
      'malformed bodies (background cache)',
      `${targets.length} cached reads × ${BODIES.length} bodies: cold ${coldErrors} errors and ${coldEntries} entries cached; ` +
        `warm ${warmKept}/${warmRounds} kept the last good entry, ${errorsShown} reported`,
    );
    expect(problems).toEqual([]);
    expect(coldErrors).toBe(targets.length * BODIES.length);
    expect(coldEntries).toBe(0);
    expect(warmKept).toBe(warmRounds);
  }, 90_000);
});
