import { describe, expect, it } from 'vitest';
import { errorCode, TestClient } from './helpers';
import { streamPerTest, subscribe, until } from './stream-helpers';

/** IG's weekend maintenance in the simulator: REST answers the error, every token dies, the stream ends. */
const setup = streamPerTest();
const HOUR = 3_600_000;
const HB = 'TRADE:HB.U.HEARTBEAT.IP';

describe('weekend maintenance', () => {
  it('kills every token, answers logins with the maintenance error for the window, and ends the stream', async () => {
    const f = await setup();
    const v3 = new TestClient(f.sim);
    const refresh = (await v3.loginV3()).body as { oauthToken: { refresh_token: string } };
    const hb = subscribe(f.ls, 'MERGE', [HB], ['HEARTBEAT']);
    await until('beating', () => hb.updates.length > 0);
    const start = f.sim.control.now();
    f.sim.control.maintenanceWindow({ from: start + HOUR, to: start + 40 * HOUR });

    f.sim.control.advanceClock(2 * HOUR);
    await until('the stream ended', () => f.seen.serverErrors[0]);
    expect(f.seen.serverErrors[0]?.code).toBe(31);
    expect(f.sim.control.state().streaming.sessions).toEqual([]);
    // The tokens died: a request carrying one is refused as IG refuses a dead token; a login gets the error.
    expect(errorCode(await f.rest.get('/session'))).toBe('error.security.client-token-invalid');
    expect(errorCode(await f.rest.get('/markets?searchTerm=EUR'))).toBe('error.security.client-token-invalid');
    expect(errorCode(await v3.get('/session'))).toBe('error.security.oauth-token-invalid');
    const relogin = new TestClient(f.sim);
    for (const version of [2, 3]) {
      const r = await relogin.post(
        '/session',
        { identifier: f.sim.identifier, password: f.sim.password },
        { version, auth: false },
      );
      expect([r.status, errorCode(r)]).toEqual([500, 'system.error']);
    }
    const refreshed = await v3.post(
      '/session/refresh-token',
      { refresh_token: refresh.oauthToken.refresh_token },
      {
        auth: false,
      },
    );
    expect([refreshed.status, errorCode(refreshed)]).toEqual([500, 'system.error']);
    f.ls.connect();
    await until('refused', () => f.seen.serverErrors[1]);
    expect(f.seen.serverErrors[1]?.code).toBe(10);

    f.sim.control.advanceClock(39 * HOUR);
    expect(errorCode(await f.rest.get('/session'))).toBe('error.security.client-token-invalid');
    expect(errorCode(await v3.get('/session'))).toBe('error.security.oauth-token-invalid');
    const renewed = await v3.post(
      '/session/refresh-token',
      { refresh_token: refresh.oauthToken.refresh_token },
      {
        auth: false,
      },
    );
    expect(errorCode(renewed)).toBe('error.security.oauth-token-invalid');
    await f.rest.loginV2();
    expect((await f.rest.get('/session')).status).toBe(200);
  });

  it('takes the status and errorCode to answer, and refuses a window that ends before it starts', async () => {
    const f = await setup({ noConnect: true });
    const now = f.sim.control.now();
    f.sim.control.maintenanceWindow({ from: now - 1, to: now + HOUR, status: 503, errorCode: 'service.unavailable' });
    const r = await new TestClient(f.sim).post(
      '/session',
      { identifier: f.sim.identifier, password: f.sim.password },
      { version: 2, auth: false },
    );
    expect([r.status, errorCode(r)]).toEqual([503, 'service.unavailable']);
    expect(() => f.sim.control.maintenanceWindow({ from: now, to: now })).toThrow(/from < to/);
    f.sim.control.reset();
    expect(f.sim.control.maintenanceWindows()).toEqual([]);
  });
});

describe('a v3 login answered in the v2 shape (seen on live)', () => {
  it('carries CST/X-SECURITY-TOKEN headers and a v2 body, and those tokens work', async () => {
    const f = await setup({ noConnect: true });
    f.sim.control.setV3LoginShape('v2');
    const c = new TestClient(f.sim);
    const r = await c.post(
      '/session',
      { identifier: f.sim.identifier, password: f.sim.password },
      {
        version: 3,
        auth: false,
      },
    );
    expect(r.status).toBe(200);
    expect(r.body).not.toHaveProperty('oauthToken');
    expect(r.body).toMatchObject({ currentAccountId: f.sim.accounts[0]?.accountId });
    const cst = r.headers.get('cst') ?? '';
    const xst = r.headers.get('x-security-token') ?? '';
    expect(cst).toMatch(/^SIMCST/);
    c.headers = { CST: cst, 'X-SECURITY-TOKEN': xst };
    expect((await c.get('/session')).status).toBe(200);
  });
});
