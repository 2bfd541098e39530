import { beforeEach, describe, expect, it } from 'vitest';
import type { StreamSubscription, StreamUpdate } from '../../lib/stream/link';
import {
  MAX_FAILURES,
  RETRY_AFTER_REFUSAL_MS,
  RETRY_STREAM_MS,
  type StreamState,
  StreamSupervisor,
  StreamUnavailable,
} from '../../lib/stream/supervisor';
import { FakeClock, FakeLink, flush } from './fakes';

const price: StreamSubscription = {
  id: 'p1',
  mode: 'MERGE',
  items: ['PRICE:ACC:A'],
  fields: ['BIDPRICE1'],
  adapter: 'Pricing',
};

function setup(opts: { unavailable?: boolean } = {}) {
  const clock = new FakeClock();
  const links: FakeLink[] = [];
  const states: StreamState[] = [];
  const updates: StreamUpdate[] = [];
  const relogins: boolean[] = [];
  const sup = new StreamSupervisor({
    createLink: () => {
      const l = new FakeLink();
      links.push(l);
      return l;
    },
    credentials: async (relogin) => {
      relogins.push(relogin);
      if (opts.unavailable) throw new StreamUnavailable('This account has no streaming endpoint');
      return { endpoint: 'http://s', user: 'ACC', password: `CST-c${relogins.length}|XST-x` };
    },
    onState: (s) => states.push(s),
    onUpdate: (u) => updates.push(u),
    now: clock.now,
    setTimer: clock.setTimer,
    clearTimer: clock.clearTimer,
  });
  const last = () => links[links.length - 1] as FakeLink;
  return { clock, links, states, updates, relogins, sup, last };
}

describe('the stream supervisor', () => {
  let t: ReturnType<typeof setup>;
  beforeEach(() => {
    t = setup();
  });

  it('connects with the credentials, subscribes once live, and says Live', async () => {
    t.sup.want([price]);
    t.sup.start();
    await flush();
    expect(t.last().connected).toEqual({ endpoint: 'http://s', user: 'ACC', password: 'CST-c1|XST-x' });
    expect(t.sup.current).toEqual({ mode: 'connecting' });
    expect(t.last().subs.size).toBe(0);
    t.last().goLive();
    expect(t.sup.current).toEqual({ mode: 'live' });
    expect([...t.last().subs.keys()]).toEqual(['p1']);
    t.last().push('p1', 'PRICE:ACC:A', { BIDPRICE1: '1' });
    expect(t.updates).toHaveLength(1);
  });

  it('changes only the subscriptions that changed while live', async () => {
    t.sup.want([price]);
    t.sup.start();
    await flush();
    t.last().goLive();
    t.last().log.length = 0;
    t.sup.want([price, { ...price, id: 'p2', items: ['PRICE:ACC:B'] }]);
    expect(t.last().log).toEqual(['sub p2']);
    t.sup.want([{ ...price, id: 'p2', items: ['PRICE:ACC:B'] }]);
    expect(t.last().log).toEqual(['sub p2', 'unsub p1']);
  });

  it('30 s without an update or a heartbeat tears the client down and reconnects with a new one', async () => {
    t.sup.want([price]);
    t.sup.start();
    await flush();
    t.last().goLive();
    await t.clock.advance(20_000);
    t.last().push('p1', 'PRICE:ACC:A', { BIDPRICE1: '1' });
    await t.clock.advance(25_000);
    expect(t.links).toHaveLength(1);
    await t.clock.advance(10_000);
    expect(t.links[0]?.disconnected).toBe(true);
    expect(t.sup.current).toEqual({ mode: 'reconnecting', reason: 'No prices or heartbeat for 30 s' });
    await t.clock.advance(1_000);
    expect(t.links).toHaveLength(2);
    t.last().goLive();
    expect(t.sup.current).toEqual({ mode: 'live' });
    expect([...t.last().subs.keys()]).toEqual(['p1']);
  });

  it('a dropped connection the client recovers by itself shows Reconnecting… then Live', async () => {
    t.sup.start();
    await flush();
    t.last().goLive();
    t.last().setStatus('DISCONNECTED:TRYING-RECOVERY');
    expect(t.sup.current).toEqual({ mode: 'reconnecting', reason: 'The connection dropped' });
    t.last().setStatus('CONNECTING');
    t.last().goLive();
    expect(t.sup.current).toEqual({ mode: 'live' });
    expect(t.links).toHaveLength(1);
  });

  it('a client stuck in DISCONNECTED:WILL-RETRY is replaced', async () => {
    t.sup.start();
    await flush();
    t.last().goLive();
    t.last().setStatus('DISCONNECTED:WILL-RETRY');
    await t.clock.advance(25_000);
    expect(t.links[0]?.disconnected).toBe(true);
    expect(t.sup.current.mode).toBe('reconnecting');
  });

  it('a client going round CONNECTING, STREAM-SENSING and WILL-RETRY without ever streaming is replaced', async () => {
    t.sup.start();
    await flush();
    for (let i = 0; i < 8; i++) {
      t.last().setStatus('CONNECTING');
      t.last().setStatus('CONNECTED:STREAM-SENSING');
      t.last().setStatus('DISCONNECTED:WILL-RETRY');
      await t.clock.advance(3_000);
    }
    expect(t.links[0]?.disconnected).toBe(true);
    expect(t.sup.current).toMatchObject({ mode: 'reconnecting', reason: 'The stream is not connecting' });
  });

  it('updates from a torn-down client are ignored', async () => {
    t.sup.start();
    await flush();
    const first = t.last();
    first.goLive();
    first.setStatus('DISCONNECTED:TRYING-RECOVERY');
    await t.clock.advance(25_000);
    first.push('p1', 'PRICE:ACC:A', { BIDPRICE1: '9' });
    first.goLive();
    expect(t.updates).toHaveLength(0);
    expect(t.sup.current.mode).toBe('reconnecting');
  });

  it('backs off between attempts and falls back to polling after repeated failures, then tries again', async () => {
    t.sup.start();
    await flush();
    for (let i = 0; i < MAX_FAILURES - 1; i++) {
      await t.clock.advance(20_000);
      expect(t.sup.current.mode).toBe('reconnecting');
      expect(t.links).toHaveLength(i + 1);
      await t.clock.advance(2 ** i * 1000 - 1);
      expect(t.links).toHaveLength(i + 1);
      await t.clock.advance(1);
      expect(t.links).toHaveLength(i + 2);
    }
    await t.clock.advance(20_000);
    const state = t.sup.current;
    expect(state).toMatchObject({ mode: 'polling', reason: 'The stream is not connecting' });
    const links = t.links.length;
    await t.clock.advance(RETRY_STREAM_MS - 1_000);
    expect(t.links).toHaveLength(links);
    await t.clock.advance(2_000);
    expect(t.links).toHaveLength(links + 1);
    // Still polling (what the user sees) until the stream is live again.
    expect(t.sup.current.mode).toBe('polling');
    t.last().goLive();
    expect(t.sup.current).toEqual({ mode: 'live' });
  });

  it('CONERR 1 logs in again over REST first, then connects with the new tokens', async () => {
    t.sup.start();
    await flush();
    t.last().refuse(1, 'User/password check failed');
    await flush();
    expect(t.relogins).toEqual([false, true]);
    expect(t.last().connected?.password).toBe('CST-c2|XST-x');
    t.last().goLive();
    expect(t.sup.current.mode).toBe('live');
  });

  it('CONERR 1 again after a new login falls back to polling and says why', async () => {
    t.sup.start();
    await flush();
    t.last().refuse(1);
    await flush();
    t.last().refuse(1);
    expect(t.sup.current).toMatchObject({ mode: 'polling', reason: 'The streaming service refused the session' });
  });

  it('CONERR 65 falls back to polling at once and tries streaming again much later', async () => {
    t.sup.start();
    await flush();
    t.last().refuse(65, 'Unsupported protocol version');
    expect(t.sup.current).toMatchObject({
      mode: 'polling',
      reason: 'The streaming service refused this client version',
      retryAt: t.clock.t + RETRY_AFTER_REFUSAL_MS,
    });
    await t.clock.advance(RETRY_STREAM_MS + 1000);
    expect(t.links).toHaveLength(1);
    await t.clock.advance(RETRY_AFTER_REFUSAL_MS);
    expect(t.links).toHaveLength(2);
  });

  it('another server error (END) reconnects with back-off', async () => {
    t.sup.start();
    await flush();
    t.last().goLive();
    t.last().refuse(31, 'closed');
    expect(t.sup.current).toEqual({
      mode: 'reconnecting',
      reason: 'The streaming service closed the connection (code 31)',
    });
    await t.clock.advance(1_000);
    expect(t.links).toHaveLength(2);
  });

  it('with no streaming endpoint it polls and says so', async () => {
    const u = setup({ unavailable: true });
    u.sup.start();
    await flush();
    expect(u.sup.current).toMatchObject({ mode: 'polling', reason: 'This account has no streaming endpoint' });
    expect(u.links).toHaveLength(0);
  });

  it('signed out: the stream is off, with nothing to say', async () => {
    const clock = new FakeClock();
    const states: StreamState[] = [];
    const sup = new StreamSupervisor({
      createLink: () => new FakeLink(),
      credentials: async () => {
        throw new StreamUnavailable('Signed out', true);
      },
      onState: (s) => states.push(s),
      onUpdate: () => {},
      now: clock.now,
      setTimer: clock.setTimer,
      clearTimer: clock.clearTimer,
    });
    sup.start();
    await flush();
    expect(sup.current).toEqual({ mode: 'off' });
    expect(states.map((s) => s.mode)).toEqual(['connecting', 'off']);
  });

  it('stop closes the client and says off', async () => {
    t.sup.start();
    await flush();
    t.last().goLive();
    t.sup.stop();
    expect(t.last().disconnected).toBe(true);
    expect(t.sup.current).toEqual({ mode: 'off' });
    await t.clock.advance(60_000);
    expect(t.links).toHaveLength(1);
  });
});

describe('a server that is not taking sessions', () => {
  it('CONERR 10 (maintenance) falls back to polling at once and says why', async () => {
    const t = setup();
    t.sup.start();
    await flush();
    t.last().refuse(10, 'Server busy');
    expect(t.sup.current).toMatchObject({ mode: 'polling', reason: 'The streaming service is not taking connections' });
  });
});
