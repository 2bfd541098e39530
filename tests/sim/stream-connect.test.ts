import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { streamPerTest, subscribe, until } from './stream-helpers';

/** The official Lightstreamer client (node 8.0.5, the line IG accepts) against the simulated stream. */
const setup = streamPerTest();
const EPIC = 'CS.D.EURUSD.MINI.IP';
const SHARE = 'KA.D.VOD.CASH.IP';
const PRICE_FIELDS = ['BIDPRICE1', 'ASKPRICE1', 'TIMESTAMP', 'DLG_FLAG', 'BIDSIZE1', 'BIDQUOTEID', 'NET_CHG_PCT'];

describe('connecting', () => {
  it('creates the session over HTTP and streams over a WebSocket bound with TLCP-2.1.0', async () => {
    const f = await setup();
    await until('WS-STREAMING', () => f.seen.statuses.includes('CONNECTED:WS-STREAMING'));
    expect(f.seen.statuses.slice(0, 3)).toEqual(['CONNECTING', 'CONNECTED:STREAM-SENSING', 'CONNECTED:WS-STREAMING']);
    const log = f.sim.control.requestLog().filter((e) => e.path.startsWith('/lightstreamer/'));
    const create = log.find((e) => e.path === '/lightstreamer/create_session');
    expect(create?.query.LS_protocol).toBe('TLCP-2.1.0');
    expect(create?.query.LS_password).toBe('***');
    expect(JSON.stringify(log)).not.toContain(f.rest.headers.CST);
    expect(log.some((e) => e.method === 'WS' && e.path === '/lightstreamer/bind_session')).toBe(true);
    expect(f.sim.control.state().streaming.sessions).toEqual([
      expect.objectContaining({ accountId: f.accountId, bound: true, subscriptions: [] }),
    ]);
  });

  it('gives the streaming root URL without a path in the login replies', async () => {
    const f = await setup({ noConnect: true });
    const origin = new URL(f.sim.baseUrl).origin;
    const v2 = await f.rest.loginV2();
    expect((v2.body as { lightstreamerEndpoint: string }).lightstreamerEndpoint).toBe(origin);
    const v3 = await f.rest.loginV3();
    expect((v3.body as { lightstreamerEndpoint: string }).lightstreamerEndpoint).toBe(origin);
  });

  it('refuses a password that is not CST-…|XST-… of a live REST session (onServerError 1)', async () => {
    const f = await setup({ password: 'CST-nope|XST-nope' });
    await until('server error', () => f.seen.serverErrors.length > 0);
    expect(f.seen.serverErrors[0]?.code).toBe(1);
    await until('DISCONNECTED', () => f.ls.getStatus() === 'DISCONNECTED' && true);
    expect(f.sim.control.state().streaming.sessions).toEqual([]);
  });

  it('refuses TLCP-2.5.0 (every 9.x client) with CONERR 65, over a WebSocket and over HTTP', async () => {
    const f = await setup({ noConnect: true });
    const origin = new URL(f.sim.baseUrl).origin;
    const ws = new WebSocket(`${origin.replace('http', 'ws')}/lightstreamer`, 'TLCP-2.5.0.lightstreamer.com');
    const frames: string[] = [];
    ws.on('message', (d) => frames.push(d.toString()));
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    expect(ws.protocol).toBe('TLCP-2.5.0.lightstreamer.com');
    ws.send('wsok');
    const password = `CST-${f.rest.headers.CST}|XST-${f.rest.headers['X-SECURITY-TOKEN']}`;
    ws.send(`create_session\r\nLS_cid=x&LS_user=${f.accountId}&LS_password=${encodeURIComponent(password)}`);
    await until('CONERR', () => frames.join('').includes('CONERR'));
    expect(frames.join('')).toBe('WSOK\r\nCONERR,65,Unsupported protocol version: 2.5.0\r\n');
    ws.close();
    const http = await fetch(`${origin}/lightstreamer/create_session.txt?LS_protocol=TLCP-2.5.0`, {
      method: 'POST',
      body: `LS_user=${f.accountId}&LS_password=${encodeURIComponent(password)}`,
    });
    expect(await http.text()).toBe('CONERR,65,Unsupported protocol version: 2.5.0\r\n');
  });
});

describe('PRICE items', () => {
  it('sends a snapshot, then live updates carrying unchanged fields over; # is null and $ empty', async () => {
    const f = await setup();
    const s = subscribe(f.ls, 'MERGE', [`PRICE:${f.accountId}:${EPIC}`], PRICE_FIELDS, { adapter: 'Pricing' });
    await until('3 updates', () => s.updates.length >= 3);
    const [first, second] = s.updates;
    expect(first?.snapshot).toBe(true);
    expect(first?.changed.sort()).toEqual([...PRICE_FIELDS].sort());
    expect(first?.values.DLG_FLAG).toBe('DEAL');
    expect(first?.values.BIDSIZE1).toBe('');
    expect(first?.values.BIDQUOTEID).toBeNull();
    expect(Number(first?.values.ASKPRICE1)).toBeGreaterThan(Number(first?.values.BIDPRICE1));
    expect(second?.snapshot).toBe(false);
    expect(second?.changed).toContain('TIMESTAMP');
    expect(second?.changed).not.toContain('DLG_FLAG');
    expect(second?.values.DLG_FLAG).toBe('DEAL');
    expect(second?.values.BIDSIZE1).toBe('');
    expect(Number(second?.values.TIMESTAMP)).toBeGreaterThan(Number(first?.values.TIMESTAMP));
  });

  it('agrees with REST: the streamed bid is the /prices second bar of its TIMESTAMP, and the clock moves both', async () => {
    const f = await setup();
    const s = subscribe(f.ls, 'MERGE', [`PRICE:${f.accountId}:${EPIC}`], PRICE_FIELDS, { adapter: 'Pricing' });
    const live = await until('a live update', () => s.updates.find((u) => !u.snapshot));
    const t = Number(live.values.TIMESTAMP);
    await until('that second to complete', () => f.sim.control.now() > t + 1000 && true);
    const iso = new Date(t).toISOString().slice(0, 19);
    const bars = await f.rest.get(`/prices/${EPIC}?resolution=SECOND&from=${iso}&to=${iso}`, { version: 3 });
    const bar = (bars.body as { prices: { openPrice: { bid: number; ask: number } }[] }).prices[0];
    expect(bar?.openPrice.bid).toBe(Number(live.values.BIDPRICE1));
    expect(bar?.openPrice.ask).toBe(Number(live.values.ASKPRICE1));

    // London shares close at 16:30: two hours on, VOD is closed and frozen; REST and the stream agree on it.
    const vod = subscribe(f.ls, 'MERGE', [`PRICE:${f.accountId}:${SHARE}`], PRICE_FIELDS, { adapter: 'Pricing' });
    await until('VOD snapshot', () => vod.updates.find((u) => u.values.DLG_FLAG === 'DEAL'));
    f.sim.control.advanceClock(2 * 3_600_000);
    const closed = await until('the closed state', () => vod.updates.find((u) => u.values.DLG_FLAG === 'CLOSED'));
    expect(Number(closed.values.TIMESTAMP)).toBeLessThan(f.sim.control.now() - 60_000);
    const market = await f.rest.get(`/markets/${SHARE}`, { version: 3 });
    const snap = (market.body as { snapshot: { bid: number; offer: number; marketStatus: string } }).snapshot;
    expect(snap.marketStatus).toBe('CLOSED');
    expect(Number(closed.values.BIDPRICE1)).toBe(snap.bid);
    expect(Number(closed.values.ASKPRICE1)).toBe(snap.offer);
  });

  it('follows a status forced through control (EDITS_ONLY → EDIT) and refuses PRICE without the Pricing adapter', async () => {
    const f = await setup();
    const s = subscribe(f.ls, 'MERGE', [`PRICE:${f.accountId}:${EPIC}`], ['DLG_FLAG'], { adapter: 'Pricing' });
    await until('snapshot', () => s.updates.length >= 1);
    f.sim.control.setMarket(EPIC, { marketStatus: 'EDITS_ONLY' });
    await until('EDIT', () => s.updates.some((u) => u.values.DLG_FLAG === 'EDIT'));
    const bad = subscribe(f.ls, 'MERGE', [`PRICE:${f.accountId}:${EPIC}`], ['BIDPRICE1']);
    await until('subscription error', () => bad.errors.length > 0);
    expect(bad.errors[0]?.code).toBe(21);
    const market = subscribe(f.ls, 'MERGE', [`MARKET:${EPIC}`], ['BID', 'OFFER']);
    await until('MARKET refused', () => market.errors.length > 0);
    expect(market.errors[0]?.code).toBe(21);
  });
});
