// The gateway's spellings (reference §0.1): IG's hosts get IG's spelling first, other gateways the spec's;
// a read refused with 404 invalid.url tries the other spelling once and the answer is remembered per
// gateway; a mutation never guesses.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, defaultSpelling, memorySpellingStore, type SpellingStore } from '../../lib/api';
import { type SimHandle, startSim } from '../../sim/server';
import { simClient } from '../faults/helpers';
import { fakeClient, permittedDealing } from '../helpers/api-client';
import { type FakeIg, route, startFakeIg } from '../helpers/api-fake-ig';

const IG_DEMO = 'https://demo-api.ig.com/gateway/deal';
const sims: Record<'ig' | 'spec', SimHandle> = {} as Record<'ig' | 'spec', SimHandle>;
let fake: FakeIg;
beforeAll(async () => {
  sims.ig = await startSim({ port: 0, seed: 11, rateLimits: false, dialect: 'ig' });
  sims.spec = await startSim({ port: 0, seed: 11, rateLimits: false, dialect: 'spec' });
  fake = await startFakeIg();
});
afterAll(async () => {
  await Promise.all([sims.ig.close(), sims.spec.close(), fake.close()]);
});
beforeEach(() => {
  sims.ig.control.reset();
  sims.spec.control.reset();
  fake.reset();
});

/** A client of `sim`; `asIgDemo` makes it believe it talks to demo-api.ig.com (the requests still go to the sim). */
function clientOf(sim: SimHandle, spellingStore: SpellingStore, asIgDemo = false) {
  return simClient(sim, {
    spellingStore,
    ...(asIgDemo
      ? {
          baseUrl: IG_DEMO,
          fetch: (url: RequestInfo | URL, init?: RequestInit) =>
            globalThis.fetch(String(url).replace(IG_DEMO, sim.baseUrl), init),
        }
      : {}),
  });
}

const paths = (sim: SimHandle, pattern: RegExp) =>
  sim.control
    .requestLog()
    .filter((e) => pattern.test(e.path))
    .map((e) => `${e.method} ${e.path} ${e.status}`);

async function firstMarketId(client: ReturnType<typeof clientOf>): Promise<{ epic: string; marketId: string }> {
  const { markets } = await client.markets.search('EUR/USD');
  const epic = markets[0]?.epic ?? '';
  const details = await client.markets.get(epic);
  return { epic, marketId: details.instrument.marketId ?? '' };
}

describe('path spellings', () => {
  it("IG's hosts default to IG's spelling, any other gateway to the spec's", () => {
    expect(defaultSpelling('https://demo-api.ig.com/gateway/deal')).toBe('ig');
    expect(defaultSpelling('https://api.ig.com/gateway/deal')).toBe('ig');
    expect(defaultSpelling('http://127.0.0.1:8787/gateway/deal')).toBe('spec');
  });

  it("a read refused with invalid.url tries IG's spelling once, then remembers it for the gateway", async () => {
    const store = memorySpellingStore();
    const client = clientOf(sims.ig, store);
    const { marketId } = await firstMarketId(client);
    await client.clientSentiment.get(marketId);
    await client.clientSentiment.get(marketId);
    expect(paths(sims.ig, /sentiment/)).toEqual([
      `GET /client-sentiment/${marketId} 404`,
      `GET /clientsentiment/${marketId} 200`,
      `GET /clientsentiment/${marketId} 200`,
    ]);
    expect(await store.load(sims.ig.baseUrl)).toBe('ig');
    expect(await store.load('http://elsewhere.example/gateway/deal')).toBeNull();
    // A new client (a restarted worker) with the same store goes straight to the proven spelling.
    sims.ig.control.clearLog();
    await clientOf(sims.ig, store).workingOrders.list();
    expect(paths(sims.ig, /orders/)).toEqual(['GET /workingorders 200']);
  });

  it("on IG's host, a gateway that answers only the spec's spelling is found the same way", async () => {
    const store = memorySpellingStore();
    const client = clientOf(sims.spec, store, true);
    await client.workingOrders.list();
    await client.workingOrders.list();
    expect(paths(sims.spec, /orders/)).toEqual([
      'GET /workingorders 404',
      'GET /working-orders 200',
      'GET /working-orders 200',
    ]);
    expect(await store.load(IG_DEMO)).toBe('spec');
  });

  it('a gateway that answers neither spelling is a clear error after one try of each', async () => {
    const client = fakeClient(fake);
    fake.override(route('GET', /sentiment/), { status: 404, body: { errorCode: 'invalid.url' } }, Infinity);
    const error = await client.clientSentiment.get('EURUSD').catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, errorCode: 'invalid.url', label: 'client_sentiment.get' });
    expect(fake.calls().map((r) => r.path)).toEqual(['/client-sentiment/EURUSD', '/clientsentiment/EURUSD']);
  });

  it("a resource's own not-found is not a spelling problem: no second try", async () => {
    const client = fakeClient(fake);
    fake.override(route('GET', /sentiment/), { status: 404, body: { errorCode: 'error.public-api.epic-not-found' } });
    await expect(client.clientSentiment.get('NOPE')).rejects.toMatchObject({ status: 404 });
    expect(fake.calls().map((r) => r.path)).toEqual(['/client-sentiment/NOPE']);
  });

  it("a mutation never guesses: before any read it uses the host's default, after a read the proven spelling", async () => {
    const client = clientOf(sims.ig, memorySpellingStore());
    await client.login();
    const dealing = permittedDealing(client, client.accountId() ?? '');
    const { epic } = await firstMarketId(client);
    const order = {
      epic,
      direction: 'BUY' as const,
      size: 1,
      type: 'LIMIT' as const,
      level: 0.5,
      currencyCode: 'USD',
      expiry: '-',
      timeInForce: 'GOOD_TILL_CANCELLED' as const,
      guaranteedStop: false,
    };
    const refused = await dealing.workingOrders.create(order).catch((e) => e);
    expect(refused).toMatchObject({ status: 404, errorCode: 'invalid.url' });
    expect(paths(sims.ig, /orders/)).toEqual(['POST /working-orders/otc 404']);
    await client.workingOrders.list();
    sims.ig.control.clearLog();
    await expect(dealing.workingOrders.create(order)).resolves.toHaveProperty('dealReference');
    expect(paths(sims.ig, /orders/)).toEqual(['POST /workingorders/otc 200']);
  });
});

describe('the simulated gateway in each dialect', () => {
  it("answers only its own spellings, with IG's 404 invalid.url body for the others", async () => {
    const get = async (sim: SimHandle, path: string) => {
      const res = await fetch(`${sim.baseUrl}${path}`, { headers: { 'X-IG-API-KEY': sim.apiKey } });
      return { status: res.status, body: await res.json().catch(() => null) };
    };
    expect(await get(sims.ig, '/working-orders')).toEqual({ status: 404, body: { errorCode: 'invalid.url' } });
    expect(await get(sims.spec, '/workingorders')).toEqual({ status: 404, body: { errorCode: 'invalid.url' } });
    expect((await get(sims.ig, '/workingorders')).status).toBe(401);
    expect((await get(sims.spec, '/working-orders')).status).toBe(401);
  });
});
