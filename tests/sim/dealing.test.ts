import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SimHandle } from '../../sim/server';
import { errorCode, marketOrder, startTestSim, type TestClient } from './helpers';

let sim: SimHandle;
let client: TestClient;
beforeEach(async () => {
  ({ sim, client } = await startTestSim());
});
afterEach(() => sim.close());

type Obj = Record<string, unknown>;
const EPIC = 'IX.D.FTSE.DAILY.IP';

const order = marketOrder;

async function confirm(ref: string) {
  return (await client.get(`/confirms/${ref}`)).body as Obj;
}

async function open(over: Obj = {}) {
  const r = await client.post('/positions/otc', order(over), { version: 2 });
  expect(r.status, r.text).toBe(200);
  return (r.body as { dealReference: string }).dealReference;
}

describe('positions', () => {
  it('executes a repeated request with the same deal reference only once (a resent POST)', async () => {
    const first = await open({ dealReference: 'MS-RESENT-01' });
    const again = await open({ dealReference: 'MS-RESENT-01' });
    expect(again).toBe(first);
    const list = (await client.get('/positions', { version: 2 })).body as { positions: { position: Obj }[] };
    expect(list.positions.filter((p) => p.position.dealReference === 'MS-RESENT-01')).toHaveLength(1);
    expect(await confirm(first)).toMatchObject({ dealStatus: 'ACCEPTED', dealReference: 'MS-RESENT-01' });
  });

  it('honours the dealReference, fills a BUY at the offer and lists the position (v2 and v1)', async () => {
    sim.control.setMarket(EPIC, { bid: 7600, offer: 7601 });
    const ref = await open({ dealReference: 'MS-TEST-0001' });
    expect(ref).toBe('MS-TEST-0001');
    const c = await confirm(ref);
    expect(c).toMatchObject({
      dealStatus: 'ACCEPTED',
      reason: 'SUCCESS',
      status: 'OPEN',
      level: 7601,
      direction: 'BUY',
    });
    const dealId = c.dealId as string;
    expect(c.affectedDeals).toEqual([{ dealId, status: 'OPENED' }]);
    const v2 = (await client.get('/positions', { version: 2 })).body as { positions: { position: Obj; market: Obj }[] };
    expect(v2.positions[0]?.position).toMatchObject({ dealId, dealReference: ref, size: 1, level: 7601 });
    expect(v2.positions[0]?.market).toMatchObject({ epic: EPIC, bid: 7600, offer: 7601 });
    const v1 = (await client.get('/positions')).body as { positions: { position: Obj }[] };
    expect(v1.positions[0]?.position).toMatchObject({ dealSize: 1, openLevel: 7601 });
    expect(v1.positions[0]?.position).not.toHaveProperty('dealReference');
    const one = (await client.get(`/positions/${dealId}`, { version: 2 })).body as { position: Obj };
    expect(one.position.dealId).toBe(dealId);
    expect(errorCode(await client.get('/positions/DIAAAANOPE', { version: 2 }))).toBe('error.position.notfound');
  });

  it('fills a SELL at the bid and places stops and limits by distance', async () => {
    sim.control.setMarket(EPIC, { bid: 7600, offer: 7601 });
    const c = await confirm(await open({ direction: 'SELL', stopDistance: 20, limitDistance: 40 }));
    expect(c).toMatchObject({ level: 7600, stopLevel: 7620, limitLevel: 7560 });
  });

  it('reports rejections in the confirmation: minimum size, market closed, insufficient funds', async () => {
    const small = await confirm(await open({ size: 0.01 }));
    expect(small).toMatchObject({ dealStatus: 'REJECTED', reason: 'MINIMUM_ORDER_SIZE_ERROR' });
    const rich = await confirm(await open({ size: 5000 }));
    expect(rich).toMatchObject({ dealStatus: 'REJECTED', reason: 'INSUFFICIENT_FUNDS' });
    sim.control.setMarket(EPIC, { marketStatus: 'CLOSED' });
    const closed = await confirm(await open());
    expect(closed).toMatchObject({ dealStatus: 'REJECTED', reason: 'MARKET_CLOSED' });
    expect(sim.control.state().positions).toHaveLength(0);
  });

  it('rejects a CFD expiry on the spread-bet account', async () => {
    const spreadbet = sim.accounts.find((a) => a.accountType === 'SPREADBET')?.accountId ?? '';
    const sw = await client.put('/session', { accountId: spreadbet });
    client.headers['X-SECURITY-TOKEN'] = sw.headers.get('x-security-token') ?? '';
    expect(await confirm(await open())).toMatchObject({ reason: 'REJECT_CFD_ORDER_ON_SPREADBET_ACCOUNT' });
    expect(await confirm(await open({ expiry: 'DFB' }))).toMatchObject({ dealStatus: 'ACCEPTED' });
  });

  it('validates input with field-named codes and sends nothing to the book', async () => {
    expect(errorCode(await client.post('/positions/otc', order({ size: -1 }), { version: 2 }))).toBe(
      'invalid.request.size',
    );
    expect(errorCode(await client.post('/positions/otc', order({ direction: 'UP' }), { version: 2 }))).toBe(
      'invalid.request.direction',
    );
    expect(
      errorCode(await client.post('/positions/otc', order({ stopLevel: 1, stopDistance: 2 }), { version: 2 })),
    ).toBe('validation.mutual-exclusive-value.request');
    expect(errorCode(await client.post('/positions/otc', order({ epic: 'XX.D.NOPE.IP' }), { version: 2 }))).toBe(
      'error.trading.otc.instrument-not-found',
    );
    expect(sim.control.state().positions).toHaveLength(0);
  });

  it('keeps confirmations for about a minute of simulated time', async () => {
    const ref = await open();
    sim.control.advanceClock(55_000);
    expect((await client.get(`/confirms/${ref}`)).status).toBe(200);
    sim.control.advanceClock(10_000);
    const gone = await client.get(`/confirms/${ref}`);
    expect([gone.status, errorCode(gone)]).toEqual([404, 'error.confirms.deal-not-found']);
  });

  it('closes by deal id (partly, then fully) with the opening deal id and profit in the confirmation', async () => {
    sim.control.setMarket(EPIC, { bid: 7600, offer: 7601 });
    const dealId = (await confirm(await open({ size: 3 }))).dealId as string;
    sim.control.setMarket(EPIC, { bid: 7650, offer: 7651 });
    const part = await client.del('/positions/otc', { dealId, direction: 'SELL', size: 1, orderType: 'MARKET' });
    const pc = await confirm((part.body as { dealReference: string }).dealReference);
    expect(pc).toMatchObject({ status: 'PARTIALLY_CLOSED', dealId, level: 7650, profitCurrency: 'EUR' });
    expect(pc.profit as number).toBeGreaterThan(0);
    expect(sim.control.state().positions[0]?.size).toBe(2);
    const rest = await client.req('DELETE', '/positions/otc', {
      body: { dealId, direction: 'SELL', size: 2, orderType: 'MARKET' },
    });
    expect(await confirm((rest.body as { dealReference: string }).dealReference)).toMatchObject({
      status: 'CLOSED',
      affectedDeals: [{ dealId, status: 'FULLY_CLOSED' }],
    });
    expect(sim.control.state().positions).toHaveLength(0);
    const balance = sim.control.state().accounts.find((a) => a.accountType === 'CFD')?.balance ?? 0;
    expect(balance).toBeGreaterThan(10000);
  });

  it('realises exactly the move: nothing when closed where it opened, the balance changed by the profit', async () => {
    sim.control.setMarket(EPIC, { bid: 7600, offer: 7601 });
    const dealId = (await confirm(await open({ size: 2 }))).dealId as string;
    const balance = () => sim.control.state().accounts.find((a) => a.accountType === 'CFD')?.balance ?? 0;
    const before = balance();
    sim.control.setMarket(EPIC, { bid: 7601, offer: 7602 });
    const flat = await client.del('/positions/otc', { dealId, direction: 'SELL', size: 1, orderType: 'MARKET' });
    expect(await confirm((flat.body as { dealReference: string }).dealReference)).toMatchObject({
      level: 7601,
      profit: 0,
    });
    expect(balance()).toBe(before);
    sim.control.setMarket(EPIC, { bid: 7651, offer: 7652 });
    const gain = await client.del('/positions/otc', { dealId, direction: 'SELL', size: 1, orderType: 'MARKET' });
    const won = await confirm((gain.body as { dealReference: string }).dealReference);
    expect(won.profit as number).toBeGreaterThan(0);
    expect(balance()).toBeCloseTo(before + (won.profit as number), 2);
  });

  it('closes by epic and expiry, and refuses to close what is not there', async () => {
    await open({ direction: 'SELL', size: 2 });
    const r = await client.del('/positions/otc', {
      epic: EPIC,
      expiry: '-',
      direction: 'BUY',
      size: 2,
      orderType: 'MARKET',
    });
    expect(await confirm((r.body as { dealReference: string }).dealReference)).toMatchObject({ status: 'CLOSED' });
    const none = await client.del('/positions/otc', {
      dealId: 'DIAAAANOPE',
      direction: 'SELL',
      size: 1,
      orderType: 'MARKET',
    });
    expect(await confirm((none.body as { dealReference: string }).dealReference)).toMatchObject({
      dealStatus: 'REJECTED',
      reason: 'POSITION_NOT_AVAILABLE_TO_CLOSE',
    });
    expect(errorCode(await client.del('/positions/otc', { direction: 'SELL', size: 1 }))).toBe(
      'validation.null-conditional-set-value.request',
    );
  });

  it('amends stops and limits, refusing a stop on the wrong side', async () => {
    sim.control.setMarket(EPIC, { bid: 7600, offer: 7601 });
    const dealId = (await confirm(await open())).dealId as string;
    const r = await client.put(`/positions/otc/${dealId}`, { stopLevel: 7550, limitLevel: 7700 }, { version: 2 });
    const c = await confirm((r.body as { dealReference: string }).dealReference);
    expect(c).toMatchObject({ status: 'AMENDED', stopLevel: 7550, limitLevel: 7700 });
    expect(sim.control.state().positions[0]).toMatchObject({ stopLevel: 7550, limitLevel: 7700 });
    const wrong = await client.put(`/positions/otc/${dealId}`, { stopLevel: 7650 }, { version: 2 });
    expect(await confirm((wrong.body as { dealReference: string }).dealReference)).toMatchObject({
      dealStatus: 'REJECTED',
      reason: 'ATTACHED_ORDER_LEVEL_ERROR',
    });
  });

  it('nets an opposite order when forceOpen is false', async () => {
    await open({ size: 2 });
    const c = await confirm(await open({ direction: 'SELL', size: 2, forceOpen: false }));
    expect(c.status).toBe('CLOSED');
    expect(sim.control.state().positions).toHaveLength(0);
  });

  it('changes nothing when a netting deal is refused for funds: the opposite position and the balance stay', async () => {
    sim.control.setMarket(EPIC, { bid: 7600, offer: 7601 });
    const dealId = (await confirm(await open({ size: 2 }))).dealId as string;
    const before = sim.control.state();
    const c = await confirm(await open({ direction: 'SELL', size: 5000, forceOpen: false }));
    expect(c).toMatchObject({ dealStatus: 'REJECTED', reason: 'INSUFFICIENT_FUNDS' });
    const after = sim.control.state();
    expect(after.positions).toEqual(before.positions);
    expect(after.positions[0]).toMatchObject({ dealId, size: 2 });
    expect(after.accounts).toEqual(before.accounts);
  });

  it('reports the repeat-dealing window', async () => {
    await open({ size: 1 });
    await open({ size: 2 });
    const r = (await client.get('/repeat-dealing-window')).body as {
      repeatDealingEntryList: {
        instrumentValue: string;
        currencyList: { currency: string; buy: { size: number }[] }[];
      }[];
    };
    expect(r.repeatDealingEntryList[0]?.instrumentValue).toBe(EPIC);
    expect(r.repeatDealingEntryList[0]?.currencyList[0]?.buy.map((b) => b.size)).toEqual([1, 2]);
    sim.control.advanceClock(120_000);
    expect(
      ((await client.get('/repeat-dealing-window')).body as { repeatDealingEntryList: [] }).repeatDealingEntryList,
    ).toEqual([]);
  });
});

describe('working orders', () => {
  const wo = (over: Obj = {}): Obj => ({
    epic: EPIC,
    expiry: '-',
    direction: 'BUY',
    size: 1,
    level: 7500,
    type: 'LIMIT',
    currencyCode: 'GBP',
    guaranteedStop: false,
    timeInForce: 'GOOD_TILL_CANCELLED',
    ...over,
  });

  it('creates, lists (v2 and legacy v1 path), amends and deletes', async () => {
    sim.control.setMarket(EPIC, { bid: 7600, offer: 7601 });
    const r = await client.post('/working-orders/otc', wo({ dealReference: 'WO-1', stopDistance: 30 }), { version: 2 });
    const c = await confirm((r.body as { dealReference: string }).dealReference);
    expect(c).toMatchObject({ dealStatus: 'ACCEPTED', status: 'OPEN', dealReference: 'WO-1' });
    const dealId = c.dealId as string;
    const list = (await client.get('/working-orders', { version: 2 })).body as {
      workingOrders: { workingOrderData: Obj; marketData: Obj }[];
    };
    expect(list.workingOrders[0]?.workingOrderData).toMatchObject({
      dealId,
      orderType: 'LIMIT',
      orderLevel: 7500,
      orderSize: 1,
    });
    expect(list.workingOrders[0]?.marketData).toHaveProperty('exchangeId');
    const legacy = (await client.get('/workingorders')).body as { workingOrders: { workingOrderData: Obj }[] };
    expect(legacy.workingOrders[0]?.workingOrderData).toMatchObject({ requestType: 'LIMIT_ORDER', goodTill: 'GTC' });
    const amended = await client.put(`/workingorders/otc/${dealId}`, { level: 7450, type: 'LIMIT' }, { version: 2 });
    expect(await confirm((amended.body as { dealReference: string }).dealReference)).toMatchObject({
      status: 'AMENDED',
    });
    expect(sim.control.state().workingOrders[0]?.level).toBe(7450);
    const del = await client.del(`/working-orders/otc/${dealId}`, {}, { version: 2 });
    expect(await confirm((del.body as { dealReference: string }).dealReference)).toMatchObject({
      status: 'DELETED',
      affectedDeals: [{ dealId, status: 'DELETED' }],
    });
    expect(sim.control.state().workingOrders).toHaveLength(0);
  });

  it('refuses orders on the wrong side of the market and dates in the past', async () => {
    sim.control.setMarket(EPIC, { bid: 7600, offer: 7601 });
    const wrong = await client.post('/working-orders/otc', wo({ level: 7700 }), { version: 2 });
    expect(await confirm((wrong.body as { dealReference: string }).dealReference)).toMatchObject({
      reason: 'LIMIT_ORDER_WRONG_SIDE_OF_MARKET',
    });
    const past = await client.post(
      '/working-orders/otc',
      wo({ timeInForce: 'GOOD_TILL_DATE', goodTillDate: '2020/01/01 10:00:00' }),
      { version: 2 },
    );
    expect(await confirm((past.body as { dealReference: string }).dealReference)).toMatchObject({
      reason: 'GOOD_TILL_DATE_IN_THE_PAST',
    });
  });

  it('fills into a position when the market reaches the level', async () => {
    sim.control.setMarket(EPIC, { bid: 7600, offer: 7601 });
    await client.post('/working-orders/otc', wo({ level: 7550, limitDistance: 100 }), { version: 2 });
    sim.control.setMarket(EPIC, { bid: 7548, offer: 7549 });
    const positions = (await client.get('/positions', { version: 2 })).body as { positions: { position: Obj }[] };
    expect(positions.positions[0]?.position).toMatchObject({ level: 7550, limitLevel: 7650 });
    expect(sim.control.state().workingOrders).toHaveLength(0);
  });
});
