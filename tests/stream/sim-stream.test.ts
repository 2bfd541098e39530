// The stream part (lightstreamerLink + the supervisor) with the official Lightstreamer client (node 8.0.5,
// the protocol of web 8.0.9) against the simulated stream: real TLCP, no browser.
import { LightstreamerClient, Subscription } from 'lightstreamer-client-node';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../lib/api';
import { streamLogin } from '../../lib/api/stream-login';
import { HEARTBEAT_FIELDS, HEARTBEAT_ITEM, PRICE_ADAPTER, PRICE_FIELDS, priceItem } from '../../lib/stream/items';
import { type LightstreamerLibrary, lightstreamerLink } from '../../lib/stream/lightstreamer-link';
import type { StreamLink, StreamUpdate } from '../../lib/stream/link';
import { type StreamState, StreamSupervisor } from '../../lib/stream/supervisor';
import type { SimHandle } from '../../sim/server';
import { startTestSim } from '../sim/helpers';
import { until } from '../sim/stream-helpers';

const EPICS = ['CS.D.EURUSD.MINI.IP', 'KA.D.VOD.CASH.IP'];
const lib = { LightstreamerClient, Subscription } as unknown as LightstreamerLibrary;

const open: { sim: SimHandle; sup: StreamSupervisor }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) {
    o.sup.stop();
    await o.sim.close();
  }
});

async function setup(opts: { sessionVersion?: 2 | 3; firstPassword?: string } = {}) {
  const { sim } = await startTestSim();
  const client = createClient({
    baseUrl: sim.baseUrl,
    apiKey: sim.apiKey,
    identifier: sim.identifier,
    password: sim.password,
    sessionVersion: opts.sessionVersion ?? 2,
  });
  const states: StreamState[] = [];
  const updates: StreamUpdate[] = [];
  const links: StreamLink[] = [];
  const relogins: boolean[] = [];
  let account = '';
  const sup = new StreamSupervisor({
    createLink: () => {
      const l = lightstreamerLink(lib);
      links.push(l);
      return l;
    },
    credentials: async (relogin) => {
      relogins.push(relogin);
      const login = await streamLogin(client, relogin);
      if (!login) throw new Error('no endpoint');
      account = login.accountId;
      sup.want([
        { id: 'hb', mode: 'MERGE', items: [HEARTBEAT_ITEM], fields: HEARTBEAT_FIELDS },
        {
          id: 'p1',
          mode: 'MERGE',
          items: EPICS.map((e) => priceItem(account, e)),
          fields: [...PRICE_FIELDS],
          adapter: PRICE_ADAPTER,
        },
      ]);
      const password = relogins.length === 1 && opts.firstPassword ? opts.firstPassword : login.password;
      return { endpoint: login.endpoint, user: login.accountId, password };
    },
    onState: (s) => states.push(s),
    onUpdate: (u) => updates.push(u),
    now: Date.now,
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    timing: { silenceMs: 4_000, stuckMs: 6_000, checkEveryMs: 500 },
  });
  open.push({ sim, sup });
  const prices = () => updates.filter((u) => u.subId === 'p1');
  const pricesAfter = async (n: number, what: string) => {
    const from = prices().length;
    await until(what, () => prices().length >= from + n, 20_000);
  };
  return { sim, sup, states, updates, links, relogins, prices, pricesAfter };
}

const WAIT = 20_000;

describe('the stream part against the simulated stream, with the official client', () => {
  it('goes live and streams the PRICE items of both markets, with numbers where prices are', async () => {
    const t = await setup();
    t.sup.start();
    await until('live', () => t.sup.current.mode === 'live', WAIT);
    await until('both markets', () => new Set(t.prices().map((u) => u.item)).size === 2, WAIT);
    const first = t.prices()[0];
    expect(first?.item.startsWith('PRICE:')).toBe(true);
    expect(Number(first?.changed.BIDPRICE1)).toBeGreaterThan(0);
    expect(Number(first?.changed.ASKPRICE1)).toBeGreaterThan(Number(first?.changed.BIDPRICE1));
    await until('a heartbeat', () => t.updates.some((u) => u.subId === 'hb'), WAIT);
  }, 30_000);

  it('a v3 (OAuth) session streams with CST/XST fetched from GET /session', async () => {
    const t = await setup({ sessionVersion: 3 });
    t.sup.start();
    await until('live', () => t.sup.current.mode === 'live', WAIT);
    await t.pricesAfter(1, 'prices');
    const fetched = t.sim.control.requestLog().filter((e) => e.path === '/session' && e.method === 'GET');
    // The request log masks the parameter's value (its name says token).
    expect(fetched.some((e) => 'fetchSessionTokens' in e.query)).toBe(true);
  }, 30_000);

  it('a dropped socket: prices come again', async () => {
    const t = await setup();
    t.sup.start();
    await t.pricesAfter(1, 'first prices');
    expect(t.sim.control.stream.dropSockets()).toBeGreaterThan(0);
    await t.pricesAfter(3, 'prices after the drop');
    await until('live', () => t.sup.current.mode === 'live', WAIT);
    expect(t.states.map((s) => s.mode)).toContain('reconnecting');
  }, 45_000);

  it('a stall (PROBE only): the watchdog replaces the client, and prices come again after it', async () => {
    const t = await setup();
    t.sup.start();
    await t.pricesAfter(1, 'first prices');
    t.sim.control.stream.stall(true);
    await until('reconnecting', () => t.states.some((s) => s.mode === 'reconnecting'), WAIT);
    expect(t.states.find((s) => s.mode === 'reconnecting')).toMatchObject({ reason: 'No prices or heartbeat for 4 s' });
    t.sim.control.stream.stall(false);
    await t.pricesAfter(2, 'prices after the stall');
    await until('live', () => t.sup.current.mode === 'live', WAIT);
    expect(t.links.length).toBeGreaterThan(1);
  }, 45_000);

  it('END from the server: a new session, prices again', async () => {
    const t = await setup();
    t.sup.start();
    await t.pricesAfter(1, 'first prices');
    expect(t.sim.control.stream.endSessions(31)).toBeGreaterThan(0);
    await until('reconnecting', () => t.states.some((s) => s.mode === 'reconnecting'), WAIT);
    await t.pricesAfter(2, 'prices after END');
    expect(t.sup.current.mode).toBe('live');
  }, 45_000);

  it('wrong tokens (CONERR 1): logs in again over REST, then streams', async () => {
    const t = await setup({ firstPassword: 'CST-wrong|XST-wrong' });
    t.sup.start();
    await until('live', () => t.sup.current.mode === 'live', WAIT);
    await t.pricesAfter(1, 'prices');
    expect(t.relogins).toEqual([false, true]);
  }, 30_000);

  it('maintenance (sessions refused): Delayed (polling), with why', async () => {
    const t = await setup();
    t.sim.control.stream.maintenance(true);
    t.sup.start();
    await until('polling', () => t.sup.current.mode === 'polling', WAIT);
    expect(t.sup.current).toMatchObject({ reason: 'The streaming service is not taking connections' });
    expect(t.prices()).toEqual([]);
  }, 30_000);
});
