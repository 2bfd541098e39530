// A v3 login that the gateway answers in the v2 shape (reported on live: CST/X-SECURITY-TOKEN headers and
// a v2 body, no oauthToken): the client uses that session as a v2 one, reads work, the stream gets its
// password with no extra request, and a restarted worker reuses the stored tokens instead of logging in again.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient, memoryTokenStore } from '../../lib/api';
import { streamLogin } from '../../lib/api/stream-login';
import { type SimHandle, startSim } from '../../sim/server';

let sim: SimHandle;
beforeAll(async () => {
  sim = await startSim({ seed: 3, rateLimits: false });
});
afterAll(() => sim.close());
beforeEach(() => {
  sim.control.reset();
  sim.control.setV3LoginShape('v2');
});

const logins = () => sim.control.requestLog().filter((e) => e.method === 'POST' && e.path === '/session');
const v3Client = (tokenStore = memoryTokenStore()) =>
  createClient({
    baseUrl: sim.baseUrl,
    apiKey: sim.apiKey,
    identifier: sim.identifier,
    password: sim.password,
    sessionVersion: 3,
    tokenStore,
  });

describe('a v3 login answered in the v2 shape', () => {
  it('logs in, reads, and streams with the CST/X-SECURITY-TOKEN it was given', async () => {
    const client = v3Client();
    await client.login();
    expect(client.accountId()).toBe(sim.accounts[0]?.accountId);
    const { markets } = await client.markets.search('EUR/USD');
    expect(markets.length).toBeGreaterThan(0);
    const stream = await streamLogin(client);
    expect(stream?.password).toMatch(/^CST-SIMCST[0-9a-f]+\|XST-SIMXST[0-9a-f]+$/);
    expect(stream?.accountId).toBe(sim.accounts[0]?.accountId);
    expect(logins().map((e) => e.version)).toEqual([3]);
    const fetched = sim.control.requestLog().filter((e) => e.method === 'GET' && e.path === '/session');
    expect(fetched).toEqual([]);
  });

  it('a restarted client reuses the stored session instead of logging in again', async () => {
    const store = memoryTokenStore();
    await v3Client(store).login();
    const again = v3Client(store);
    const { markets } = await again.markets.search('GBP');
    expect(markets.length).toBeGreaterThan(0);
    expect(logins()).toHaveLength(1);
  });
});
