import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { errorCode, simPerTest } from './helpers';

const setup = simPerTest();

const deal = {
  epic: 'CS.D.BITCOIN.CFD.IP',
  expiry: '-',
  direction: 'BUY',
  size: 0.1,
  orderType: 'MARKET',
  currencyCode: 'USD',
  forceOpen: true,
  guaranteedStop: false,
  dealReference: 'AMBIG-1',
};

describe('fault injection', () => {
  it('answers the next N matching requests with an injected error, then recovers', async () => {
    const { sim, client } = await setup();
    sim.control.injectFault({
      method: 'GET',
      path: '^/markets$',
      count: 2,
      action: { kind: 'error', status: 503, errorCode: 'system.error' },
    });
    const a = await client.get('/markets?searchTerm=gold');
    const b = await client.get('/markets?searchTerm=gold');
    expect([a.status, errorCode(a), b.status]).toEqual([503, 'system.error', 503]);
    expect((await client.get('/markets?searchTerm=gold')).status).toBe(200);
    expect((await client.get('/watchlists')).status).toBe(200);
  });

  it('drops the connection before processing: nothing happens', async () => {
    const { sim, client } = await setup();
    sim.control.injectFault({ path: '^/positions/otc$', action: { kind: 'drop-before' } });
    await expect(client.post('/positions/otc', deal, { version: 2 })).rejects.toThrow();
    expect(sim.control.state().positions).toHaveLength(0);
  });

  it('drops the connection after the deal executed: the confirm reconciles it', async () => {
    const { sim, client } = await setup();
    sim.control.injectFault({ method: 'POST', path: '^/positions/otc$', version: 2, action: { kind: 'drop-after' } });
    await expect(client.post('/positions/otc', deal, { version: 2 })).rejects.toThrow();
    expect(sim.control.state().positions).toHaveLength(1);
    expect(((await client.get('/confirms/AMBIG-1')).body as { dealStatus: string }).dealStatus).toBe('ACCEPTED');
  });

  it('delays and malforms replies', async () => {
    const { sim, client } = await setup();
    sim.control.injectFault({ path: '^/watchlists$', action: { kind: 'malformed' } });
    const broken = await client.get('/watchlists');
    expect(broken.status).toBe(200);
    expect(() => JSON.parse(broken.text)).toThrow();
    sim.control.injectFault({ path: '^/watchlists$', action: { kind: 'malformed', body: '<html>proxy</html>' } });
    expect((await client.get('/watchlists')).text).toBe('<html>proxy</html>');
    sim.control.injectFault({ path: '^/watchlists$', action: { kind: 'delay', ms: 150 } });
    const t = Date.now();
    expect((await client.get('/watchlists')).status).toBe(200);
    expect(Date.now() - t).toBeGreaterThanOrEqual(140);
  });
});

describe('control interface', () => {
  it('logs requests with method, path, version and status, masking secrets', async () => {
    const { sim, client } = await setup();
    await client.get('/markets?searchTerm=gold&password=hunter2');
    await client.del('/watchlists/Popular%20Markets');
    const log = sim.control.requestLog();
    const search = log.find((e) => e.path === '/markets');
    expect(search).toMatchObject({
      method: 'GET',
      version: 1,
      status: 200,
      query: { searchTerm: 'gold', password: '***' },
    });
    expect(log.find((e) => e.method === 'DELETE')).toMatchObject({
      path: '/watchlists/Popular%20Markets',
      status: 400,
    });
    expect(JSON.stringify(log)).not.toContain(sim.password);
    expect(JSON.stringify(log)).not.toContain(client.headers.CST);
  });

  it('resets to the seeded state and is reachable over HTTP', async () => {
    const { sim, client } = await setup();
    await client.post('/watchlists', { name: 'Temp' });
    await client.post('/positions/otc', deal, { version: 2 });
    const base = new URL(sim.baseUrl).origin;
    const state = (await (await fetch(`${base}/__control/state`)).json()) as {
      positions: unknown[];
      watchlists: { name: string }[];
    };
    expect(state.positions).toHaveLength(1);
    expect(state.watchlists.map((w) => w.name)).toContain('Temp');
    await fetch(`${base}/__control/faults`, {
      method: 'POST',
      body: JSON.stringify({ path: '^/session$', action: { kind: 'error', status: 500, errorCode: 'system.error' } }),
    });
    expect((await client.get('/session')).status).toBe(500);
    const clock = (await (
      await fetch(`${base}/__control/clock`, { method: 'POST', body: '{"advanceMs": 5000}' })
    ).json()) as {
      now: number;
    };
    expect(clock.now).toBeGreaterThan(sim.control.now() - 1000);
    await fetch(`${base}/__control/reset`, { method: 'POST' });
    const after = sim.control.state();
    expect(after.positions).toHaveLength(0);
    expect(after.watchlists.map((w) => w.name)).not.toContain('Temp');
    expect(sim.control.requestLog()).toEqual([]);
    expect(errorCode(await client.get('/session'))).toBe('error.security.client-token-invalid');
    const bad = await fetch(`${base}/__control/faults`, { method: 'POST', body: '{"action":{"kind":"explode"}}' });
    expect(bad.status).toBe(400);
  });

  it('forces a price, a status or a name with setMarket', async () => {
    const { sim, client } = await setup();
    sim.control.setMarket('KA.D.VOD.CASH.IP', {
      bid: 70,
      offer: 70.2,
      marketStatus: 'SUSPENDED',
      instrumentName: '<b>Vod</b>',
    });
    const r = (await client.get('/markets/KA.D.VOD.CASH.IP', { version: 3 })).body as {
      instrument: { name: string };
      snapshot: { bid: number; offer: number; marketStatus: string };
    };
    expect(r.instrument.name).toBe('<b>Vod</b>');
    expect(r.snapshot).toMatchObject({ bid: 70, offer: 70.2, marketStatus: 'SUSPENDED' });
  });

  it('answers CORS preflights and exposes the token headers', async () => {
    const { sim } = await setup();
    const r = await fetch(`${sim.baseUrl}/session`, {
      method: 'OPTIONS',
      headers: { Origin: 'chrome-extension://abc', 'Access-Control-Request-Headers': 'x-ig-api-key,authorization' },
    });
    expect(r.status).toBe(204);
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    expect(r.headers.get('access-control-allow-headers')).toContain('Authorization');
    expect(r.headers.get('access-control-expose-headers')).toContain('X-SECURITY-TOKEN');
  });

  it('refuses control requests that do not come from loopback', async () => {
    const { sim } = await setup({ host: '0.0.0.0' });
    const { networkInterfaces } = await import('node:os');
    const external = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
    if (!external) return expect(sim.control.now()).toBeGreaterThan(0);
    const port = new URL(sim.baseUrl).port;
    const status = await new Promise<number>((resolve, reject) => {
      request({ host: external, port, path: '/__control/state', localAddress: external }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
        .on('error', reject)
        .end();
    });
    expect(status).toBe(403);
  });
});

describe('CLI', () => {
  it('prints one JSON line with the base URL and demo credentials when ready', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'sim/main.ts', '--port', '0', '--seed', '7'], {
      cwd: `${__dirname}/../..`,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          if (out.includes('\n')) resolve(out.split('\n')[0] ?? '');
        });
        child.on('exit', (code) => reject(new Error(`exited ${code}`)));
      });
      const info = JSON.parse(line) as { baseUrl: string; apiKey: string; identifier: string; password: string };
      expect(info.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/gateway\/deal$/);
      expect(info.password).toBe('sim-pass-7-Q7xw');
      const login = await fetch(`${info.baseUrl}/session`, {
        method: 'POST',
        headers: { 'X-IG-API-KEY': info.apiKey, Version: '2', 'Content-Type': 'application/json' },
        body: JSON.stringify({ identifier: info.identifier, password: info.password }),
      });
      expect(login.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
