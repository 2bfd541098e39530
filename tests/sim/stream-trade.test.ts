import { describe, expect, it } from 'vitest';
import { marketOrder } from './helpers';
import { streamPerTest, subscribe, until } from './stream-helpers';

/** TRADE, ACCOUNT, CHART and heartbeat items through the official client (node 8.0.5), against REST. */
const setup = streamPerTest();
const EPIC = 'IX.D.FTSE.DAILY.IP';
type Obj = Record<string, unknown>;
const order = marketOrder;
const json = (v: string | null | undefined) => (v ? (JSON.parse(v) as Obj) : undefined);

describe('TRADE:{accountId}', () => {
  it('streams the confirm and position updates of deals made through REST, as JSON with IG field names', async () => {
    const f = await setup();
    const t = subscribe(f.ls, 'DISTINCT', [`TRADE:${f.accountId}`], ['CONFIRMS', 'OPU', 'WOU']);
    await until('end of snapshot', () => t.events.includes('eos'));
    const opened = await f.rest.post('/positions/otc', order({ dealReference: 'STREAM-1' }), { version: 2 });
    expect(opened.status, opened.text).toBe(200);
    const confirm = await until('CONFIRMS', () => t.updates.map((u) => json(u.values.CONFIRMS)).find(Boolean));
    expect(confirm).toMatchObject({ dealReference: 'STREAM-1', dealStatus: 'ACCEPTED', status: 'OPEN', epic: EPIC });
    const rest = (await f.rest.get('/confirms/STREAM-1')).body as Obj;
    expect(confirm).toEqual(rest);
    const opu = await until('OPU', () => t.updates.map((u) => json(u.values.OPU)).find(Boolean));
    expect(opu).toMatchObject({ dealId: rest.dealId, status: 'OPEN', direction: 'BUY', size: 1, epic: EPIC });
    expect(t.updates.find((u) => u.values.OPU)?.values.CONFIRMS).toBeNull();

    const dealId = rest.dealId as string;
    const level = (f.sim.control.state().positions[0]?.level ?? 0) - 500;
    const amend = await f.rest.put(`/positions/otc/${dealId}`, { stopLevel: level, limitLevel: null }, { version: 2 });
    expect(amend.status, amend.text).toBe(200);
    await until('OPU UPDATED', () =>
      t.updates.some((u) => json(u.values.OPU)?.status === 'UPDATED' && json(u.values.OPU)?.stopLevel === level),
    );
    const close = await f.rest.del('/positions/otc', { dealId, direction: 'SELL', size: 1, orderType: 'MARKET' });
    expect(close.status, close.text).toBe(200);
    await until('CONFIRMS CLOSED', () => t.updates.some((u) => json(u.values.CONFIRMS)?.status === 'CLOSED'));
    await until('OPU DELETED', () => t.updates.some((u) => json(u.values.OPU)?.status === 'DELETED'));

    const wo = await f.rest.post(
      '/working-orders/otc',
      { ...order(), level: 1000, type: 'LIMIT', timeInForce: 'GOOD_TILL_CANCELLED', orderType: undefined },
      { version: 2 },
    );
    expect(wo.status, wo.text).toBe(200);
    const wou = await until('WOU', () => t.updates.map((u) => json(u.values.WOU)).find(Boolean));
    expect(wou).toMatchObject({
      status: 'OPEN',
      orderType: 'LIMIT',
      level: 1000,
      epic: EPIC,
      timeInForce: 'GOOD_TILL_CANCELLED',
    });
  }, 40_000);

  it('sends nothing of another account, nor deals made before the stream', async () => {
    const f = await setup({ noConnect: true });
    const before = await f.rest.post('/positions/otc', order({ dealReference: 'BEFORE-1' }), { version: 2 });
    expect(before.status).toBe(200);
    f.ls.connect();
    const t = subscribe(f.ls, 'DISTINCT', [`TRADE:${f.accountId}`], ['CONFIRMS', 'OPU', 'WOU']);
    const other = subscribe(f.ls, 'DISTINCT', ['TRADE:SIMSPB1'], ['CONFIRMS']);
    await until('refused', () => other.errors.length > 0);
    expect(other.errors[0]?.code).toBe(21);
    await until('end of snapshot', () => t.events.includes('eos'));
    const opened = await f.rest.post('/positions/otc', order({ dealReference: 'MINE-1' }), { version: 2 });
    expect(opened.status).toBe(200);
    await until('CONFIRMS', () => t.updates.some((u) => u.values.CONFIRMS));
    expect(t.updates.map((u) => json(u.values.CONFIRMS)?.dealReference).filter(Boolean)).toEqual(['MINE-1']);
  });
});

describe('ACCOUNT:{accountId}', () => {
  it('moves with open positions and agrees with /accounts while the price is held', async () => {
    const f = await setup();
    f.sim.control.setMarket(EPIC, { bid: 7600, offer: 7601 });
    const fields = ['PNL', 'DEPOSIT', 'FUNDS', 'AVAILABLE_TO_DEAL', 'EQUITY', 'MARGIN'];
    const a = subscribe(f.ls, 'MERGE', [`ACCOUNT:${f.accountId}`], fields);
    const first = await until('snapshot', () => a.updates[0]);
    expect(first.values.DEPOSIT).toBe('0');
    expect((await f.rest.post('/positions/otc', order({ size: 2 }), { version: 2 })).status).toBe(200);
    f.sim.control.setMarket(EPIC, { bid: 7620, offer: 7621 });
    const moved = await until('margin and profit', () =>
      a.updates.find((u) => Number(u.values.DEPOSIT) > 0 && Number(u.values.PNL) > 0),
    );
    const accounts = (await f.rest.get('/accounts')).body as {
      accounts: {
        accountId: string;
        balance: { balance: number; deposit: number; profitLoss: number; available: number };
      }[];
    };
    const b = accounts.accounts.find((x) => x.accountId === f.accountId)?.balance;
    expect(Number(moved.values.FUNDS)).toBe(b?.balance);
    expect(Number(moved.values.DEPOSIT)).toBe(b?.deposit);
    expect(Number(moved.values.PNL)).toBe(b?.profitLoss);
    expect(Number(moved.values.AVAILABLE_TO_DEAL)).toBe(b?.available);
  });
});

describe('CHART and heartbeat', () => {
  it('streams SECOND candles equal to the /prices SECOND bars and a 1MINUTE candle with the minute bar open', async () => {
    const f = await setup();
    const fields = [
      'UTM',
      'BID_OPEN',
      'BID_HIGH',
      'BID_LOW',
      'BID_CLOSE',
      'OFR_OPEN',
      'OFR_CLOSE',
      'LTP_CLOSE',
      'CONS_END',
    ];
    const sec = subscribe(f.ls, 'MERGE', [`CHART:${EPIC}:SECOND`], fields);
    const min = subscribe(f.ls, 'MERGE', [`CHART:${EPIC}:1MINUTE`], fields);
    const candle = await until('a live second candle', () => sec.updates.find((u) => !u.snapshot));
    const minute = await until('a minute candle', () => min.updates[0]);
    expect(candle.values.CONS_END).toBe('1');
    expect(candle.values.LTP_CLOSE).toBeNull();
    type Px = { bid: number; ask: number };
    type Point = { openPrice: Px; highPrice: Px; lowPrice: Px; closePrice: Px };
    const bars = async (resolution: string, utm: string | null | undefined) => {
      const iso = new Date(Number(utm)).toISOString().slice(0, 19);
      const r = await f.rest.get(`/prices/${EPIC}?resolution=${resolution}&from=${iso}&to=${iso}`, { version: 3 });
      return (r.body as { prices: Point[] }).prices[0];
    };
    const s = await bars('SECOND', candle.values.UTM);
    expect(
      [candle.values.BID_OPEN, candle.values.BID_HIGH, candle.values.BID_LOW, candle.values.BID_CLOSE].map(Number),
    ).toEqual([s?.openPrice.bid, s?.highPrice.bid, s?.lowPrice.bid, s?.closePrice.bid]);
    expect(Number(candle.values.OFR_CLOSE)).toBe(s?.closePrice.ask);
    const m = await bars('MINUTE', minute.values.UTM);
    expect(Number(minute.values.BID_OPEN)).toBe(m?.openPrice.bid);
    expect(Number(minute.values.OFR_OPEN)).toBe(m?.openPrice.ask);
  });

  it('streams CHART ticks in DISTINCT mode after the end of the snapshot', async () => {
    const f = await setup();
    const t = subscribe(f.ls, 'DISTINCT', [`CHART:${EPIC}:TICK`], ['BID', 'OFR', 'UTM', 'LTP']);
    await until('end of snapshot', () => t.events.includes('eos'));
    await until('2 live ticks', () => t.updates.filter((u) => !u.snapshot).length >= 2);
    const live = t.updates.filter((u) => !u.snapshot);
    expect(Number(live[1]?.values.UTM)).toBeGreaterThan(Number(live[0]?.values.UTM));
    expect(Number(live[0]?.values.OFR)).toBeGreaterThan(Number(live[0]?.values.BID));
    expect(live[0]?.values.LTP).toBeNull();
  });

  it('beats TRADE:HB.U.HEARTBEAT.IP about every second', async () => {
    const f = await setup();
    const hb = subscribe(f.ls, 'MERGE', ['TRADE:HB.U.HEARTBEAT.IP'], ['HEARTBEAT']);
    await until('3 heartbeats', () => hb.updates.length >= 3);
    const beats = hb.updates.map((u) => Number(u.values.HEARTBEAT));
    expect(beats[1]).toBeGreaterThan(beats[0] ?? 0);
    expect(beats[2]).toBeGreaterThan(beats[1] ?? 0);
  });
});
