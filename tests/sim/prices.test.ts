import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SimHandle } from '../../sim/server';
import { errorCode, startTestSim, type TestClient, WEDNESDAY_1500 } from './helpers';

interface Px {
  bid: number;
  ask: number;
  lastTraded: null;
}
interface Point {
  snapshotTime: string;
  snapshotTimeUTC?: string;
  openPrice: Px;
  closePrice: Px;
  highPrice: Px;
  lowPrice: Px;
  lastTradedVolume: number;
}
interface V3 {
  prices: Point[];
  instrumentType: string;
  metadata: {
    allowance: { remainingAllowance: number; totalAllowance: number; allowanceExpiry: number };
    size: number;
    pageData: { pageSize: number; pageNumber: number; totalPages: number };
  };
}

let sim: SimHandle;
let client: TestClient;
beforeAll(async () => {
  ({ sim, client } = await startTestSim({ historicalAllowance: 1_000_000 }));
});
afterAll(() => sim.close());

const EPIC = 'CS.D.EURUSD.MINI.IP';
const v3 = async (c: TestClient, query: string, epic = EPIC) => {
  const r = await c.get(`/prices/${epic}?${query}`, { version: 3 });
  expect(r.status, r.text).toBe(200);
  return r.body as V3;
};

function expectAggregates(parts: Point[], whole: Point) {
  expect(parts.length).toBeGreaterThan(0);
  expect(parts[0]?.openPrice).toEqual(whole.openPrice);
  expect(parts[parts.length - 1]?.closePrice).toEqual(whole.closePrice);
  expect(Math.max(...parts.map((p) => p.highPrice.bid))).toBe(whole.highPrice.bid);
  expect(Math.min(...parts.map((p) => p.lowPrice.bid))).toBe(whole.lowPrice.bid);
  expect(parts.reduce((s, p) => s + p.lastTradedVolume, 0)).toBe(whole.lastTradedVolume);
}

describe('price history', () => {
  it('returns the last 10 MINUTE bars by default with allowance and paging metadata', async () => {
    const body = await v3(client, '');
    expect(body.prices).toHaveLength(10);
    expect(body.instrumentType).toBe('CURRENCIES');
    expect(body.metadata.pageData).toEqual({ pageSize: 20, pageNumber: 1, totalPages: 1 });
    expect(body.metadata.size).toBe(10);
    const p = body.prices[9] as Point;
    expect(p.snapshotTimeUTC).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00$/);
    expect(p.openPrice.ask).toBeGreaterThan(p.openPrice.bid);
    expect(p.openPrice.lastTraded).toBeNull();
  });

  it('agrees across resolutions: minutes make the hour, hours make the day, days make the week', async () => {
    const hour = (await v3(client, 'resolution=HOUR&from=2026-11-17T10:00:00&to=2026-11-17T10:00:00'))
      .prices[0] as Point;
    const minutes = (await v3(client, 'resolution=MINUTE&from=2026-11-17T10:00:00&to=2026-11-17T10:59:00&pageSize=0'))
      .prices;
    expect(minutes).toHaveLength(60);
    expectAggregates(minutes, hour);
    const fives = (await v3(client, 'resolution=MINUTE_5&from=2026-11-17T10:00:00&to=2026-11-17T10:55:00&pageSize=0'))
      .prices;
    expectAggregates(fives, hour);
    const day = (await v3(client, 'resolution=DAY&from=2026-11-17T00:00:00&to=2026-11-17T00:00:00')).prices[0] as Point;
    const hours = (await v3(client, 'resolution=HOUR&from=2026-11-17T00:00:00&to=2026-11-17T23:00:00&pageSize=0'))
      .prices;
    expectAggregates(hours, day);
    const h4 = (await v3(client, 'resolution=HOUR_4&from=2026-11-17T00:00:00&to=2026-11-17T20:00:00&pageSize=0'))
      .prices;
    expect(h4).toHaveLength(6);
    expectAggregates(h4, day);
    const week = (await v3(client, 'resolution=WEEK&from=2026-11-09T00:00:00&to=2026-11-09T00:00:00'))
      .prices[0] as Point;
    const days = (await v3(client, 'resolution=DAY&from=2026-11-09T00:00:00&to=2026-11-15T00:00:00&pageSize=0')).prices;
    expect(days).toHaveLength(5);
    expectAggregates(days, week);
    const seconds = (await v3(client, 'resolution=SECOND&from=2026-11-18T14:58:00&to=2026-11-18T14:58:59&pageSize=0'))
      .prices;
    const minute = (await v3(client, 'resolution=MINUTE&from=2026-11-18T14:58:00&to=2026-11-18T14:58:00')).prices[0];
    expectAggregates(seconds, minute as Point);
  });

  it('keeps completed bars stable as time passes, and the current bar ends at the current price', async () => {
    const query = 'resolution=HOUR&from=2026-11-16T00:00:00&to=2026-11-17T23:00:00&pageSize=0';
    const before = await v3(client, query);
    sim.control.advanceClock(3 * 3_600_000);
    await client.loginV2();
    const after = await v3(client, query);
    expect(after.prices).toEqual(before.prices);
    // One instant for both reads: the simulator ticks several times a second, and real time runs between them.
    const frozen = vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    try {
      const last = (await v3(client, 'resolution=MINUTE&max=1')).prices[0] as Point;
      const snap = (await client.get(`/markets/${EPIC}`, { version: 3 })).body as { snapshot: { bid: number } };
      expect(last.closePrice.bid).toBe(snap.snapshot.bid);
    } finally {
      frozen.mockRestore();
    }
  });

  it('is a pure function of the seed', async () => {
    const query = 'resolution=DAY&from=2026-10-01T00:00:00&to=2026-10-31T00:00:00&pageSize=0';
    const same = await startTestSim({ seed: 1, historicalAllowance: 1_000_000 });
    const other = await startTestSim({ seed: 2, historicalAllowance: 1_000_000 });
    try {
      const a = await v3(client, query);
      expect((await v3(same.client, query)).prices).toEqual(a.prices);
      expect((await v3(other.client, query)).prices).not.toEqual(a.prices);
    } finally {
      await same.sim.close();
      await other.sim.close();
    }
  });

  it('has no bars while a market is closed: five DAY bars a week for FX, seven for crypto', async () => {
    const range = 'resolution=DAY&from=2026-11-02T00:00:00&to=2026-11-15T00:00:00&pageSize=0';
    expect((await v3(client, range)).prices).toHaveLength(10);
    expect((await v3(client, range, 'CS.D.BITCOIN.CFD.IP')).prices).toHaveLength(14);
  });

  it('pages v3 results', async () => {
    const page2 = await v3(
      client,
      'resolution=HOUR&from=2026-11-16T00:00:00&to=2026-11-16T23:00:00&pageSize=10&pageNumber=2',
    );
    expect(page2.metadata.size).toBe(24);
    expect(page2.metadata.pageData).toEqual({ pageSize: 10, pageNumber: 2, totalPages: 3 });
    expect(page2.prices[0]?.snapshotTimeUTC).toBe('2026-11-16T10:00:00');
  });

  it('answers the v2 and v1 forms in their own shapes', async () => {
    const points = await client.get(`/prices/${EPIC}/HOUR/5`, { version: 2 });
    const pb = points.body as { prices: Point[]; allowance: object; metadata?: object };
    expect(pb.prices).toHaveLength(5);
    expect(pb.allowance).toHaveProperty('remainingAllowance');
    expect(pb).not.toHaveProperty('metadata');
    expect(pb.prices[0]).not.toHaveProperty('snapshotTimeUTC');
    expect(pb.prices[0]?.snapshotTime).toMatch(/^\d{4}\/\d\d\/\d\d \d\d:\d\d:\d\d$/);
    const range = await client.get(`/prices/${EPIC}/DAY/2026-11-09%2000:00:00/2026-11-13%2000:00:00`, { version: 2 });
    expect((range.body as { prices: Point[] }).prices).toHaveLength(5);
    const v1 = await client.get(`/prices/${EPIC}/DAY?startdate=2026:11:09-00:00:00&enddate=2026:11:13-00:00:00`);
    const p1 = (v1.body as { prices: Point[] }).prices;
    expect(p1).toHaveLength(5);
    expect(p1[0]?.snapshotTime).toBe('2026:11:09-00:00:00');
    const v1points = await client.get(`/prices/${EPIC}/MINUTE/3`);
    expect((v1points.body as { prices: Point[] }).prices).toHaveLength(3);
  });

  it('rejects bad input with the gateway codes', async () => {
    expect(errorCode(await client.get(`/prices/${EPIC}?resolution=FORTNIGHT`, { version: 3 }))).toBe(
      'invalid.request.resolution',
    );
    expect(
      errorCode(
        await client.get(`/prices/${EPIC}?resolution=DAY&from=2026-11-10T00:00:00&to=2026-11-01T00:00:00`, {
          version: 3,
        }),
      ),
    ).toBe('error.invalid.daterange');
    expect(errorCode(await client.get(`/prices/${EPIC}?from=yesterday`, { version: 3 }))).toBe('error.malformed.date');
    expect(errorCode(await client.get(`/prices/${EPIC}/SECOND/5`, { version: 2 }))).toBe('invalid.request.resolution');
    expect(errorCode(await client.get(`/prices/${EPIC}/MINUTE/3.14159`, { version: 2 }))).toBe(
      'Unable to convert value=3.14159 to type= Integer int',
    );
    const missing = await client.get('/prices/XX.D.NOPE.CASH.IP', { version: 3 });
    expect([missing.status, errorCode(missing)]).toEqual([404, 'error.public-api.epic-not-found']);
  });
});

describe('historical-data allowance', () => {
  it('counts points per week and refuses requests beyond it', async () => {
    const { sim: s, client: c } = await startTestSim({ historicalAllowance: 30, startTime: WEDNESDAY_1500 });
    try {
      const first = await v3(c, 'resolution=MINUTE&max=20&pageSize=0');
      expect(first.metadata.allowance).toEqual({ remainingAllowance: 10, totalAllowance: 30, allowanceExpiry: 604799 });
      const refused = await c.get(`/prices/${EPIC}?resolution=MINUTE&max=11`, { version: 3 });
      expect([refused.status, errorCode(refused)]).toEqual([
        403,
        'error.public-api.exceeded-account-historical-data-allowance',
      ]);
      s.control.advanceClock(3_600_000);
      await c.loginV2();
      const second = await v3(c, 'resolution=MINUTE&max=10');
      expect(second.metadata.allowance.remainingAllowance).toBe(0);
      expect(second.metadata.allowance.allowanceExpiry).toBe(604799 - 3600);
      s.control.advanceClock(7 * 86_400_000);
      await c.loginV2();
      expect((await v3(c, 'resolution=MINUTE&max=5')).metadata.allowance.remainingAllowance).toBe(25);
    } finally {
      await s.close();
    }
  });
});
