import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, MALFORMED_RESPONSE } from '../../lib/api';
import { fakeClient } from '../helpers/api-client';
import { type FakeIg, route, startFakeIg } from '../helpers/api-fake-ig';

let fake: FakeIg;
beforeAll(async () => {
  fake = await startFakeIg();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const marketRoute = route('GET', /^\/markets\/[^/]+$/);

describe('tolerant parsing at the boundary', () => {
  it('keeps unknown fields and accepts null prices', async () => {
    const client = fakeClient(fake);
    fake.override(route('GET', /^\/markets$/), {
      body: {
        markets: [{ epic: 'EA.D.EURN.CASH.IP', bid: null, offer: null, newField: { nested: true } }],
        paging: { next: null },
      },
    });
    const reply = await client.markets.search('euronav');
    expect(reply.markets[0]).toMatchObject({
      epic: 'EA.D.EURN.CASH.IP',
      bid: null,
      offer: null,
      newField: { nested: true },
    });
    expect(reply).toHaveProperty('paging');
  });

  it('GET /markets/{epic} v4: every snapshot and rule field is optional; v4 ladders are kept', async () => {
    const client = fakeClient(fake);
    fake.override(marketRoute, {
      body: {
        instrument: { epic: 'IX.D.FTSE.DAILY.IP', name: 'FTSE 100', limitAllowed: true, stopAllowed: false },
        snapshot: {
          marketStatus: 'TRADEABLE',
          updateTimestampUTC: 1_700_000_000,
          priceLadder: [{ bid: '7500.1', ask: '7501.1' }],
          currencyLadders: [{ currency: 'GBP', bidSizes: [1, 5], askSizes: [1, 5] }],
        },
      },
    });
    const details = await client.markets.get('IX.D.FTSE.DAILY.IP');
    expect(details.instrument.limitAllowed).toBe(true);
    expect(details.snapshot?.bid).toBeUndefined();
    expect(details.snapshot?.priceLadder?.[0]?.bid).toBe('7500.1');
    expect(details.dealingRules).toBeUndefined();
  });

  it('an optional field of an unexpected type is dropped, not fatal', async () => {
    const client = fakeClient(fake);
    fake.override(marketRoute, {
      body: { instrument: { epic: 'IX.D.FTSE.DAILY.IP', lotSize: 'lots' }, snapshot: { bid: 'n/a', offer: 2 } },
    });
    const details = await client.markets.get('IX.D.FTSE.DAILY.IP');
    expect(details.instrument.lotSize).toBeUndefined();
    expect(details.snapshot?.bid).toBeUndefined();
    expect(details.snapshot?.offer).toBe(2);
  });

  it('a reply missing what the request cannot do without is malformed (ApiError), never a crash', async () => {
    const client = fakeClient(fake);
    const bad = [{}, { instrument: null }, { instrument: { name: 'no epic' } }, [], null, 42];
    for (const body of bad) {
      fake.override(marketRoute, body === null ? { raw: 'null' } : { body });
      const error = await client.markets.get('IX.D.FTSE.DAILY.IP').catch((e) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error.errorCode).toBe(MALFORMED_RESPONSE);
      expect(error.message).toContain('markets.get');
    }
  });

  it('tolerates a UTF-8 BOM and comments in a reply', async () => {
    const client = fakeClient(fake);
    fake.override(route('GET', /^\/watchlists$/), { raw: '\uFEFF{"watchlists": [{"id": 5, "name": "x"}]}' });
    await expect(client.watchlists.list()).resolves.toEqual({ watchlists: [{ id: '5', name: 'x' }] });
    fake.override(route('GET', /^\/client-sentiment$/), {
      raw: '{"clientSentiments": [{"marketId": "X", // unknown\n "longPositionPercentage": 0.0, "shortPositionPercentage": 0.0}]}',
    });
    const s = await client.clientSentiment.list(['X']);
    expect(s.clientSentiments[0]).toEqual({ marketId: 'X', longPositionPercentage: 0, shortPositionPercentage: 0 });
  });

  it('deep, odd or huge replies do not crash the parser', async () => {
    const client = fakeClient(fake);
    let deep: unknown = { epic: 'CS.D.EURUSD.CFD.IP' };
    for (let i = 0; i < 2000; i++) deep = { child: deep };
    fake.override(route('GET', /^\/markets$/), { body: { markets: [{ epic: 'CS.D.EURUSD.CFD.IP', extra: deep }] } });
    await expect(client.markets.search('eur')).resolves.toHaveProperty('markets');
    fake.override(route('GET', /^\/markets$/), {
      body: { markets: Array.from({ length: 5000 }, (_, i) => ({ epic: `IX.D.M${i}.IP` })) },
    });
    await expect(client.markets.search('eur')).resolves.toHaveProperty('markets.length', 5000);
  });
});
