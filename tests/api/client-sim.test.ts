// The client against the simulated trading service over real HTTP.

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AmbiguousExecutionError,
  ApiError,
  type Client,
  createClient,
  MALFORMED_RESPONSE,
  memoryLockStore,
  RateBudget,
  RateLimitError,
  reconcile,
} from '../../lib/api';
import { type SimHandle, startSim } from '../../sim/server';
import { permittedDealing } from '../helpers/api-client';

let sim: SimHandle;

const clientFor = (sessionVersion: 2 | 3, extra = {}) =>
  createClient({
    baseUrl: sim.baseUrl,
    apiKey: sim.apiKey,
    identifier: sim.identifier,
    password: sim.password,
    sessionVersion,
    retry: { attempts: 2, baseDelayMs: 10 },
    confirm: { attempts: 5, delayMs: 50 },
    ...extra,
  });

const gatewayLog = () => sim.control.requestLog().filter((e) => !e.path.startsWith('/__control'));

/** Logs in; a dealing client for the account and a buy of one contract of a tradeable EUR/USD market. */
async function readyToDeal(client: Client) {
  await client.login();
  const accountId = client.accountId() ?? '';
  const dealing = permittedDealing(client, accountId);
  const { markets } = await client.markets.search('EUR/USD');
  const market = markets.find((m) => m.marketStatus === 'TRADEABLE') ?? markets[0];
  const account = client.sessionInfo()?.accounts.find((a) => a.accountId === accountId);
  const buyOne = {
    epic: market?.epic ?? '',
    direction: 'BUY' as const,
    size: 1,
    currencyCode: 'USD',
    expiry: account?.accountType === 'SPREADBET' ? 'DFB' : (market?.expiry ?? '-'),
  };
  return { dealing, buyOne };
}

// The spec's path spellings and IG's (reference §0.1): the client reads and deals with either gateway.
describe.each(['ig', 'spec'] as const)('client against the simulated service (--dialect %s)', (dialect) => {
  beforeAll(async () => {
    sim = await startSim({ port: 0, seed: 7, rateLimits: false, dialect });
  });
  afterAll(() => sim.close());
  beforeEach(() => sim.control.reset());

  for (const sessionVersion of [2, 3] as const) {
    it(`logs in with v${sessionVersion} lazily and reads positions, with the account of the login`, async () => {
      const client = clientFor(sessionVersion);
      await expect(client.positions.list()).resolves.toHaveProperty('positions');
      const logins = gatewayLog().filter((e) => e.method === 'POST' && e.path === '/session');
      expect(logins).toHaveLength(1);
      expect(logins[0]?.version).toBe(sessionVersion);
      expect(sim.accounts.map((a) => a.accountId)).toContain(client.accountId());
    });

    it(`v${sessionVersion}: recovers once tokens expire`, async () => {
      const client = clientFor(sessionVersion);
      await client.watchlists.list();
      sim.control.expireTokens();
      await expect(client.watchlists.list()).resolves.toHaveProperty('watchlists');
      const log = gatewayLog();
      if (sessionVersion === 3) expect(log.filter((e) => e.path === '/session/refresh-token')).toHaveLength(1);
      else expect(log.filter((e) => e.method === 'POST' && e.path === '/session')).toHaveLength(2);
    });
  }

  it('searches markets and reads one', async () => {
    const client = clientFor(2);
    const found = await client.markets.search('EUR');
    expect(found.markets.length).toBeGreaterThan(0);
    const epic = found.markets[0]?.epic ?? '';
    const details = await client.markets.get(epic);
    expect(details.instrument.epic).toBe(epic);
  });

  it('markets.list with 120 epics sends 3 requests and returns every market', async () => {
    const client = clientFor(2);
    const { categories } = await client.categories.list();
    const epics: string[] = [];
    for (const c of categories.filter((x) => !x.nonTradeable)) {
      const { instruments } = await client.categories.listInstruments(c.code, { page_size: 1000 });
      epics.push(...instruments.map((i) => i.epic));
    }
    const wanted = [...new Set(epics)].slice(0, 120);
    expect(wanted).toHaveLength(120);
    sim.control.clearLog();
    const list = await client.markets.list(wanted);
    const sent = gatewayLog().filter((e) => e.method === 'GET' && e.path === '/markets');
    expect(sent).toHaveLength(3);
    expect(sent.every((e) => e.version === 2)).toBe(true);
    expect(new Set(list.marketDetails.map((m) => m.instrument.epic))).toEqual(new Set(wanted));
  });

  it('open_and_confirm opens a position and confirms it by deal reference', async () => {
    const client = clientFor(2);
    const { dealing, buyOne } = await readyToDeal(client);
    const outcome = await dealing.positions.openAndConfirm(buyOne);
    expect(outcome.status).toBe('accepted');
    const dealId = outcome.status === 'accepted' ? outcome.dealId : null;
    const { positions } = await client.positions.list();
    expect(positions.some((p) => p.position.dealId === dealId)).toBe(true);
    const confirms = gatewayLog().filter((e) => e.path === `/confirms/${outcome.dealReference}`);
    expect(confirms.length).toBeGreaterThan(0);
  });

  it('a connection dropped after the deal executed is ambiguous; reconcile settles it by the confirmation', async () => {
    const lockStore = memoryLockStore();
    const client = clientFor(2, { lockStore });
    const { dealing, buyOne } = await readyToDeal(client);
    sim.control.injectFault({ method: 'POST', path: '^/positions/otc$', action: { kind: 'drop-after' } });
    const error = await dealing.positions.create({ ...buyOne, dealReference: 'SIM_AMBIGUOUS_1' }).catch((e) => e);
    expect(error).toBeInstanceOf(AmbiguousExecutionError);
    expect(await lockStore.get()).toMatchObject({ dealReference: 'SIM_AMBIGUOUS_1' });
    const result = await reconcile(client);
    expect(result).toMatchObject({ outcome: 'accepted', via: 'confirm' });
    expect(await lockStore.get()).toBeNull();
    const { positions } = await client.positions.list();
    expect(positions.filter((p) => p.position.dealReference === 'SIM_AMBIGUOUS_1')).toHaveLength(1);
  });

  it('reads sentiment and places, lists and deletes a working order', async () => {
    const client = clientFor(2);
    const { dealing, buyOne } = await readyToDeal(client);
    const market = await client.markets.get(buyOne.epic);
    const marketId = market.instrument.marketId ?? '';
    const one = await client.clientSentiment.get(marketId);
    expect((one.longPositionPercentage ?? 0) + (one.shortPositionPercentage ?? 0)).toBeCloseTo(100);
    const many = await client.clientSentiment.list([marketId]);
    expect(many.clientSentiments).toHaveLength(1);
    const bid = market.snapshot?.bid ?? market.snapshot?.priceLadder?.[0]?.bid ?? 1;
    const placed = await dealing.workingOrders.create({
      ...buyOne,
      type: 'LIMIT',
      level: Number(bid) * 0.9,
      timeInForce: 'GOOD_TILL_CANCELLED',
      guaranteedStop: false,
    });
    expect(placed.dealReference).toBeTruthy();
    const { workingOrders } = await client.workingOrders.list();
    expect(workingOrders).toHaveLength(1);
    const dealId = workingOrders[0]?.workingOrderData.dealId ?? '';
    await dealing.workingOrders.delete(dealId);
    expect((await client.workingOrders.list()).workingOrders).toHaveLength(0);
    const answered = gatewayLog().filter((e) => /sentiment|orders/.test(e.path) && e.status < 400);
    const spelled = dialect === 'ig' ? /^\/(clientsentiment|workingorders)/ : /^\/(client-sentiment|working-orders)/;
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.every((e) => spelled.test(e.path))).toBe(true);
  });

  it('a malformed reply from the service is an ApiError', async () => {
    const client = clientFor(2);
    await client.login();
    sim.control.injectFault({ method: 'GET', path: '^/watchlists$', action: { kind: 'malformed' } });
    const error = await client.watchlists.list().catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.errorCode).toBe(MALFORMED_RESPONSE);
  });
});

describe('rate budget against the simulated service with its allowances on', () => {
  it('refuses locally before the service would answer with an exceeded-allowance error', async () => {
    const limited = await startSim({ port: 0, seed: 3 });
    try {
      const client = createClient({
        baseUrl: limited.baseUrl,
        apiKey: limited.apiKey,
        identifier: limited.identifier,
        password: limited.password,
        sessionVersion: 2,
        rateBudget: new RateBudget({ maxWaitMs: 0 }),
      });
      const results = await Promise.allSettled(Array.from({ length: 40 }, () => client.watchlists.list()));
      const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason);
      expect(refused.length).toBeGreaterThan(0);
      expect(refused.every((e) => e instanceof RateLimitError && e.errorCode === 'client.rate-budget-exhausted')).toBe(
        true,
      );
      const log = limited.control.requestLog();
      expect(log.filter((e) => e.status === 403)).toHaveLength(0);
      expect(log.length).toBeLessThanOrEqual(30);
    } finally {
      await limited.close();
    }
  });
});
