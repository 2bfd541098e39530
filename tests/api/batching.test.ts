import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeClient } from '../helpers/api-client';
import { type FakeIg, route, startFakeIg } from '../helpers/api-fake-ig';

let fake: FakeIg;
beforeAll(async () => {
  fake = await startFakeIg();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const epics = (n: number) => Array.from({ length: n }, (_, i) => `IX.D.MKT${String(i).padStart(3, '0')}.IP`);

describe('batching and paging', () => {
  it('markets.list sends 120 epics as 3 requests of at most 50 and merges the replies in order', async () => {
    const client = fakeClient(fake);
    const list = epics(120);
    const reply = await client.markets.list(list);
    const sent = fake.calls().filter((r) => r.path === '/markets');
    expect(sent).toHaveLength(3);
    const sizes = sent.map((r) => (r.query.epics ?? '').split(',').length).sort((a, b) => b - a);
    expect(sizes).toEqual([50, 50, 20]);
    expect(sent.every((r) => r.headers.version === '2')).toBe(true);
    expect(reply.marketDetails.map((m) => m.instrument.epic)).toEqual(list);
  });

  it('markets.list asks for each epic once and sends nothing for an empty list', async () => {
    const client = fakeClient(fake);
    await client.markets.list([]);
    expect(fake.requests).toHaveLength(0);
    const reply = await client.markets.list(['CS.D.EURUSD.CFD.IP', 'CS.D.EURUSD.CFD.IP']);
    expect(fake.calls()[0]?.query.epics).toBe('CS.D.EURUSD.CFD.IP');
    expect(reply.marketDetails).toHaveLength(1);
  });

  it('client sentiment for many market ids is batched by 500', async () => {
    const client = fakeClient(fake);
    const ids = Array.from({ length: 750 }, (_, i) => `MKT${i}`);
    const reply = await client.clientSentiment.list(ids);
    expect(fake.calls()).toHaveLength(2);
    expect(reply.clientSentiments.map((s) => s.marketId)).toEqual(ids);
  });

  it('prices.list walks every page and merges the points', async () => {
    const client = fakeClient(fake);
    const page = (n: number) => ({
      body: {
        prices: [{ snapshotTime: `2024/01/0${n} 00:00:00`, closePrice: { bid: n, ask: n + 1, lastTraded: null } }],
        metadata: {
          pageData: { pageNumber: n, pageSize: 1, totalPages: 3 },
          allowance: { remainingAllowance: 9990 - n, totalAllowance: 10000, allowanceExpiry: 1000 },
        },
      },
    });
    fake.override(route('GET', /^\/prices\/[^/]+$/), (r) => page(Number(r.query.pageNumber)), 3);
    const reply = await client.prices.list('IX.D.FTSE.DAILY.IP', { resolution: 'DAY', pageSize: 1 });
    const sent = fake.calls();
    expect(sent.map((r) => r.query.pageNumber)).toEqual(['1', '2', '3']);
    expect(sent.every((r) => r.headers.version === '3' && r.query.resolution === 'DAY')).toBe(true);
    expect(reply.prices.map((p) => p.closePrice?.bid)).toEqual([1, 2, 3]);
    expect(client.budget.state().historical.remaining).toBe(9987);
  });

  it('categories.listInstruments sends page_size as pageSize', async () => {
    const client = fakeClient(fake);
    await client.categories.listInstruments('FX', { page_size: 500, page_number: 2 });
    expect(fake.calls()[0]?.query).toEqual({ pageSize: '500', pageNumber: '2' });
  });

  it('URL-encodes path parameters (watchlist ids contain spaces)', async () => {
    const client = fakeClient(fake);
    await client.watchlists.get('Popular Markets');
    await client.watchlists.get('a&b?c');
    expect(fake.calls().map((r) => r.path)).toEqual(['/watchlists/Popular%20Markets', '/watchlists/a%26b%3Fc']);
  });
});
