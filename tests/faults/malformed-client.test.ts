// Fault: malformed, truncated and unexpected-shape bodies on every read of the endpoint table, through the
// client. Each is a clear ApiError (client.malformed-response), never a crash, and the next read works.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, type Client, type Endpoint, endpoints, MALFORMED_RESPONSE } from '../../lib/api';
import { permittedDealing } from '../helpers/api-client';
import { DEAL_EPIC, type SimHandle, simClient, startSim, summary, UNLIMITED } from './helpers';
import { BODIES } from './malformed-bodies';

let sim: SimHandle;

beforeAll(async () => {
  sim = await startSim({ seed: 51, rateLimits: false });
});
afterAll(() => sim.close());

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
