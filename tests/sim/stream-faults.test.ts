import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { marketOrder } from './helpers';
import { streamPerTest, subscribe, until } from './stream-helpers';

/** The stream's faults and control through the official client (node 8.0.5): drops, END, maintenance, stall, limits. */
const setup = streamPerTest();
const HB = 'TRADE:HB.U.HEARTBEAT.IP';

describe('recovery and ending', () => {
  it('recovers from every socket being dropped, with its subscriptions back within 5 s', async () => {
    const f = await setup();
    const hb = subscribe(f.ls, 'MERGE', [HB], ['HEARTBEAT']);
    await until('subscribed and beating', () => hb.events.includes('subscribed') && hb.updates.length > 0);
    const before = f.sim.control.state().streaming.sessions.map((s) => s.id);
    expect(f.sim.control.stream.dropSockets()).toBe(1);
    await until('subscribed again', () => hb.events.filter((e) => e === 'subscribed').length >= 2, 5_000);
    const count = hb.updates.length;
    await until('beating again', () => hb.updates.length > count);
    const after = f.sim.control.state().streaming.sessions;
    expect(after).toHaveLength(1);
    expect(before).not.toContain(after[0]?.id);
    expect(after[0]?.subscriptions[0]?.items).toEqual([HB]);
    expect(f.seen.statuses).toContain('DISCONNECTED:TRYING-RECOVERY');
    expect(f.seen.statuses.at(-1)).toBe('CONNECTED:WS-STREAMING');
  });

  it('ends the streaming session with END when the REST session logs out (final: onServerError 31)', async () => {
    const f = await setup();
    const hb = subscribe(f.ls, 'MERGE', [HB], ['HEARTBEAT']);
    await until('beating', () => hb.updates.length > 0);
    expect((await f.rest.req('DELETE', '/session')).status).toBe(204);
    await until('server error', () => f.seen.serverErrors[0]);
    expect(f.seen.serverErrors[0]?.code).toBe(31);
    await until('DISCONNECTED', () => f.ls.getStatus() === 'DISCONNECTED' && true);
    expect(f.sim.control.state().streaming.sessions).toEqual([]);
  });

  it("keeps a connected session streaming past its tokens' expiry (as IG), and refuses new sessions with them", async () => {
    const f = await setup();
    const hb = subscribe(f.ls, 'MERGE', [HB], ['HEARTBEAT']);
    await until('beating', () => hb.updates.length > 0);
    const session = f.sim.control.state().streaming.sessions[0]?.id;
    f.sim.control.expireTokens();
    f.sim.control.advanceClock(7 * 3_600_000);
    const count = hb.updates.length;
    await until('beating after expiry', () => hb.updates.length >= count + 2, 15_000);
    expect(f.seen.serverErrors).toEqual([]);
    expect(f.sim.control.state().streaming.sessions.map((s) => s.id)).toEqual([session]);
    f.ls.disconnect();
    await until('DISCONNECTED', () => f.ls.getStatus() === 'DISCONNECTED' && true);
    f.ls.connect();
    await until('refused', () => f.seen.serverErrors[0]);
    expect(f.seen.serverErrors[0]?.code).toBe(1);
  });

  it('ends sessions through control: END 41 makes the client come back with a new session', async () => {
    const f = await setup();
    const hb = subscribe(f.ls, 'MERGE', [HB], ['HEARTBEAT']);
    await until('subscribed', () => hb.events.includes('subscribed'));
    expect(f.sim.control.stream.endSessions(41, 'Closed for a test')).toBe(1);
    await until('subscribed again', () => hb.events.filter((e) => e === 'subscribed').length >= 2, 15_000);
    expect(f.seen.serverErrors).toEqual([]);
    expect(f.sim.control.state().streaming.sessions).toHaveLength(1);
  });
});

describe('maintenance, stall and limits', () => {
  it('refuses new sessions during maintenance (onServerError 10) and accepts them after', async () => {
    const f = await setup({ noConnect: true });
    f.sim.control.stream.maintenance(true);
    f.ls.connect();
    await until('refused', () => f.seen.serverErrors[0]);
    expect(f.seen.serverErrors[0]?.code).toBe(10);
    expect(f.sim.control.state().streaming).toMatchObject({ maintenance: true, sessions: [] });
    f.sim.control.stream.maintenance(false);
    f.ls.connect();
    await until('WS-STREAMING', () => f.ls.getStatus() === 'CONNECTED:WS-STREAMING' && true);
  });

  it('sends only PROBE while stalled, and the withheld updates when the stall ends', async () => {
    const f = await setup({ noConnect: true, streamKeepaliveMs: 1000 });
    const ws = new WebSocket(
      `${new URL(f.sim.baseUrl).origin.replace('http', 'ws')}/lightstreamer`,
      'TLCP-2.1.0.lightstreamer.com',
    );
    const frames: string[] = [];
    ws.on('message', (d) => frames.push(d.toString()));
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const password = encodeURIComponent(`CST-${f.rest.headers.CST}|XST-${f.rest.headers['X-SECURITY-TOKEN']}`);
    ws.send(`create_session\r\nLS_user=${f.accountId}&LS_password=${password}&LS_cid=test`);
    ws.send(
      `control\r\nLS_reqId=1&LS_op=add&LS_subId=1&LS_mode=MERGE&LS_group=${encodeURIComponent(HB)}&LS_schema=HEARTBEAT&LS_snapshot=true`,
    );
    ws.send(
      `control\r\nLS_reqId=2&LS_op=add&LS_subId=2&LS_mode=DISTINCT&LS_group=TRADE:${f.accountId}&LS_schema=CONFIRMS%20OPU%20WOU&LS_snapshot=true`,
    );
    const lines = () => frames.join('').split('\r\n').filter(Boolean);
    await until('two heartbeats', () => lines().filter((l) => l.startsWith('U,1,1,')).length >= 2);
    expect(lines().slice(0, 2)).toEqual([
      expect.stringMatching(/^CONOK,S\w+,50000,1000,\*$/),
      'SERVNAME,Lightstreamer HTTP Server',
    ]);
    expect(lines()).toContain('REQOK,1');
    expect(lines()).toContain('SUBOK,1,1,1');
    await until('TRADE end of snapshot', () => lines().includes('EOS,2,1'));
    expect(lines()).toContain('SUBOK,2,1,3');
    f.sim.control.stream.stall(true);
    expect(f.sim.control.state().streaming.stalled).toBe(true);
    await until('a PROBE', () => lines().at(-1) === 'PROBE');
    const mark = lines().length;
    await until('two more PROBEs', () => lines().slice(mark).length >= 2);
    expect(lines().slice(mark)).toEqual(['PROBE', 'PROBE']);
    const deal = await f.rest.post('/positions/otc', marketOrder(), { version: 2 });
    expect(deal.status, deal.text).toBe(200);
    await until('another PROBE', () => lines().slice(mark).length >= 3);
    expect(lines().slice(mark)).toEqual(['PROBE', 'PROBE', 'PROBE']);
    f.sim.control.stream.stall(false);
    await until('beating again', () =>
      lines()
        .slice(mark)
        .some((l) => l.startsWith('U,1,1,')),
    );
    // The confirm held during the stall, its JSON commas percent-encoded and other fields null.
    const confirm = await until('the held confirm', () => lines().find((l) => l.startsWith('U,2,1,')));
    expect(confirm).toMatch(/^U,2,1,\{"date":"[^,]+%2C"status":"OPEN"%2C.*\}\|#\|#$/);
    ws.close();
  }, 40_000);

  it('allows 40 subscriptions a session and refuses the 41st', async () => {
    const f = await setup();
    const subs = Array.from({ length: 41 }, () => subscribe(f.ls, 'MERGE', [HB], ['HEARTBEAT']));
    await until('40 subscribed and 1 refused', () => {
      const ok = subs.filter((s) => s.events.includes('subscribed')).length;
      const refused = subs.filter((s) => s.errors.length > 0).length;
      return ok === 40 && refused === 1;
    });
    expect(subs.find((s) => s.errors.length > 0)?.errors[0]?.code).toBe(-40);
    expect(f.sim.control.state().streaming.sessions[0]?.subscriptions).toHaveLength(40);
  });

  it('unsubscribes (UNSUB) and disconnects (destroy), leaving no session behind', async () => {
    const f = await setup();
    const hb = subscribe(f.ls, 'MERGE', [HB], ['HEARTBEAT']);
    await until('subscribed', () => hb.events.includes('subscribed'));
    f.ls.unsubscribe(hb.sub);
    await until('unsubscribed', () => hb.events.includes('unsubscribed'));
    expect(f.sim.control.state().streaming.sessions[0]?.subscriptions).toEqual([]);
    f.ls.disconnect();
    await until('DISCONNECTED', () => f.ls.getStatus() === 'DISCONNECTED' && true);
    await until('no session', () => f.sim.control.state().streaming.sessions.length === 0);
    const ops = f.sim.control
      .requestLog()
      .filter((e) => e.path === '/lightstreamer/control')
      .map((e) => e.query.LS_op);
    expect(ops).toEqual(['add', 'delete', 'destroy']);
  });

  it('serves the same control over HTTP at /__control/stream/*', async () => {
    const f = await setup();
    const hb = subscribe(f.ls, 'MERGE', [HB], ['HEARTBEAT']);
    await until('subscribed', () => hb.events.includes('subscribed'));
    const origin = new URL(f.sim.baseUrl).origin;
    const post = async (path: string, body: unknown = {}) =>
      (await fetch(`${origin}/__control/stream${path}`, { method: 'POST', body: JSON.stringify(body) })).json();
    const state = (await (await fetch(`${origin}/__control/stream`)).json()) as {
      sessions: { subscriptions: unknown[] }[];
    };
    expect(state.sessions[0]?.subscriptions).toEqual([
      { subId: expect.any(Number), mode: 'MERGE', items: [HB], fields: ['HEARTBEAT'] },
    ]);
    expect(await post('/maintenance', { on: true })).toMatchObject({ maintenance: true });
    expect(await post('/stall', { on: true })).toMatchObject({ stalled: true });
    expect(await post('/stall', { on: false })).toMatchObject({ stalled: false });
    expect(await post('/maintenance', { on: false })).toMatchObject({ maintenance: false });
    expect(await post('/drop')).toEqual({ dropped: 1 });
    await until('subscribed again', () => hb.events.filter((e) => e === 'subscribed').length >= 2, 15_000);
    expect(await post('/end', { code: 31 })).toEqual({ ended: 1 });
    await until('ended', () => f.seen.serverErrors[0]);
    expect(f.seen.serverErrors[0]?.code).toBe(31);
  });
});
