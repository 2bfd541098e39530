import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimHandle } from '../../sim/server';
import { errorCode, startTestSim, type TestClient } from './helpers';

let sim: SimHandle;
let client: TestClient;
beforeAll(async () => {
  ({ sim, client } = await startTestSim());
});
afterAll(() => sim.close());

type Item = Record<string, unknown>;

describe('markets', () => {
  it('has at least 300 markets across six categories, paged per category', async () => {
    const cats = (await client.get('/categories')).body as { categories: { code: string; nonTradeable: boolean }[] };
    const tradeable = cats.categories.filter((c) => !c.nonTradeable).map((c) => c.code);
    expect(tradeable).toEqual(
      expect.arrayContaining(['INDICES', 'CURRENCIES', 'COMMODITIES', 'SHARES', 'RATES', 'CRYPTOCURRENCIES']),
    );
    let total = 0;
    for (const code of tradeable) {
      const r = await client.get(`/categories/${code}/instruments?pageSize=1000`);
      const instruments = (r.body as { instruments: Item[] }).instruments;
      expect(instruments.length).toBeGreaterThan(0);
      total += instruments.length;
    }
    expect(total).toBeGreaterThanOrEqual(300);
    const page = await client.get('/categories/SHARES/instruments?pageSize=10&pageNumber=1');
    expect((page.body as { instruments: Item[]; metadata: Item }).metadata).toEqual({ pageNumber: 1, pageSize: 10 });
    expect((page.body as { instruments: Item[] }).instruments).toHaveLength(10);
    expect(errorCode(await client.get('/categories/SHARES/instruments?pageSize=1001'))).toBe(
      'error.request.invalid.page-size',
    );
  });

  it('searches by name, market id and epic (v1, no Version header)', async () => {
    const r = await client.get('/markets?searchTerm=FTSE');
    const markets = (r.body as { markets: Item[] }).markets;
    expect(markets.map((m) => m.epic)).toContain('IX.D.FTSE.DAILY.IP');
    const first = markets[0] as Item;
    for (const key of ['bid', 'offer', 'instrumentName', 'marketStatus', 'updateTimeUTC', 'streamingPricesAvailable'])
      expect(first).toHaveProperty(key);
    const byId = (await client.get('/markets?searchTerm=eurusd')).body as { markets: Item[] };
    expect(byId.markets[0]?.epic).toMatch(/^CS\.D\.EURUSD\./);
  });

  it('lists markets by epics in request order, at most 50, with SNAPSHOT_ONLY', async () => {
    const r = await client.get('/markets?epics=IX.D.FTSE.DAILY.IP,CS.D.EURUSD.MINI.IP', { version: 2 });
    const details = (r.body as { marketDetails: { instrument: Item }[] }).marketDetails;
    expect(details.map((d) => d.instrument.epic)).toEqual(['IX.D.FTSE.DAILY.IP', 'CS.D.EURUSD.MINI.IP']);
    expect(details[1]?.instrument.marketId).toBe('EURUSD');
    const snap = await client.get('/markets?epics=CS.D.EURUSD.CFD.IP&filter=SNAPSHOT_ONLY', { version: 2 });
    const s = (snap.body as { marketDetails: { instrument: Item; dealingRules: unknown; snapshot: Item }[] })
      .marketDetails[0];
    expect(s?.instrument.name).toBeNull();
    expect(s?.dealingRules).toBeNull();
    expect(typeof s?.snapshot.bid).toBe('number');
    const cats = (await client.get('/categories/SHARES/instruments?pageSize=51')).body as { instruments: Item[] };
    const many = cats.instruments.map((i) => i.epic).join(',');
    const tooMany = await client.get(`/markets?epics=${many}`, { version: 2 });
    expect([tooMany.status, errorCode(tooMany)]).toEqual([400, 'error.public-api.too-many-epics']);
  });

  it('answers GET /markets/{epic} in v1-v3 shape and in the thinner v4 shape', async () => {
    const v3 = (await client.get('/markets/CS.D.EURUSD.MINI.IP', { version: 3 })).body as Record<string, Item>;
    expect(v3.instrument?.marketId).toBe('EURUSD');
    expect(v3.snapshot?.bid).toBeLessThan(v3.snapshot?.offer as number);
    expect(v3.dealingRules?.minDealSize).toEqual({ unit: 'POINTS', value: 1 });
    const v4 = (await client.get('/markets/CS.D.EURUSD.MINI.IP', { version: 4 })).body as Record<string, Item>;
    expect(v4.snapshot).not.toHaveProperty('bid');
    expect(v4.snapshot?.priceLadder).toBeInstanceOf(Array);
    expect(typeof v4.snapshot?.updateTimestampUTC).toBe('number');
    expect(v4.instrument).toHaveProperty('limitAllowed');
    const v1 = await client.get('/markets/CS.D.EURUSD.MINI.IP/');
    expect(v1.status).toBe(200);
    const missing = await client.get('/markets/XX.D.NOPE.CASH.IP', { version: 3 });
    expect([missing.status, errorCode(missing)]).toEqual([404, 'error.public-api.epic-not-found']);
  });

  it('quotes a spread around one underlying shared by the contracts of a market id', async () => {
    const r = await client.get('/markets?epics=CS.D.EURUSD.CFD.IP,CS.D.EURUSD.MINI.IP', { version: 2 });
    const [cfd, mini] = (r.body as { marketDetails: { snapshot: { bid: number; offer: number } }[] }).marketDetails;
    expect(cfd?.snapshot.bid).toBe(mini?.snapshot.bid);
    expect((mini?.snapshot.offer ?? 0) - (mini?.snapshot.bid ?? 0)).toBeGreaterThan(0);
  });

  it('unknown paths and versions answer invalid.url', async () => {
    const r = await client.get('/nothing-here');
    expect([r.status, errorCode(r)]).toEqual([404, 'invalid.url']);
    expect(errorCode(await client.get('/markets/CS.D.EURUSD.MINI.IP', { version: 9 }))).toBe('invalid.url');
  });
});

describe('market hours', () => {
  const status = async (c: TestClient, epic: string) =>
    ((await c.get(`/markets/${epic}`, { version: 3 })).body as { snapshot: { marketStatus: string } }).snapshot
      .marketStatus;

  it('closes everything but crypto at the weekend and prices do not move while closed', async () => {
    const saturday = Date.UTC(2026, 10, 21, 12, 0, 0);
    const { sim: s, client: c } = await startTestSim({ startTime: saturday });
    try {
      expect(await status(c, 'CS.D.EURUSD.MINI.IP')).toBe('CLOSED');
      expect(await status(c, 'IX.D.FTSE.DAILY.IP')).toBe('CLOSED');
      expect(await status(c, 'CS.D.BITCOIN.CFD.IP')).toBe('TRADEABLE');
      const before = (await c.get('/markets/CS.D.EURUSD.MINI.IP', { version: 3 })).body as { snapshot: Item };
      s.control.advanceClock(3_600_000);
      const after = (await c.get('/markets/CS.D.EURUSD.MINI.IP', { version: 3 })).body as { snapshot: Item };
      expect(after.snapshot.bid).toBe(before.snapshot.bid);
    } finally {
      await s.close();
    }
  });

  it('shows London shares in auction before the open and closed in the evening', async () => {
    const { sim: s, client: c } = await startTestSim({ startTime: Date.UTC(2026, 10, 18, 7, 55) });
    try {
      expect(await status(c, 'KA.D.VOD.CASH.IP')).toBe('ON_AUCTION');
      s.control.advanceClock(10 * 60_000);
      expect(await status(c, 'KA.D.VOD.CASH.IP')).toBe('TRADEABLE');
      s.control.advanceClock(12 * 3_600_000);
      await c.loginV2(); // idle v2 tokens last 6 hours
      expect(await status(c, 'KA.D.VOD.CASH.IP')).toBe('CLOSED');
      expect(await status(c, 'IX.D.FTSE.DAILY.IP')).toBe('TRADEABLE');
    } finally {
      await s.close();
    }
  });

  it('prices move while the market trades', async () => {
    const bidAt = async () =>
      ((await client.get('/markets/CS.D.BITCOIN.CFD.IP', { version: 3 })).body as { snapshot: { bid: number } })
        .snapshot.bid;
    const first = await bidAt();
    const seen = new Set([first]);
    for (let i = 0; i < 5; i++) {
      sim.control.advanceClock(60_000);
      seen.add(await bidAt());
    }
    expect(seen.size).toBeGreaterThan(1);
  });
});
