// Where the API key, password and tokens may go: the transport asks the host gate before every request
// and the stream's login before it hands its tokens to the streaming endpoint the service named.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, HostNotGrantedError, hostGate } from '../../lib/api';
import { streamLogin } from '../../lib/api/stream-login';
import { type SimHandle, startSim } from '../../sim/server';

const SECRETS = { apiKey: 'key-0f-the-user', identifier: 'trader', password: 'pw-0f-the-user' };

/** A fetch that records every request and answers none (nothing may reach it in these tests). */
function recordingFetch() {
  const urls: string[] = [];
  const fetch: typeof globalThis.fetch = async (input) => {
    urls.push(String(input));
    throw new TypeError('fetch failed: nothing should have been sent');
  };
  return { urls, fetch };
}

describe('the host gate', () => {
  const asked: string[] = [];
  const gate = hostGate(async (pattern) => {
    asked.push(pattern);
    return pattern === 'https://granted.example/*';
  });

  it("lets IG's REST and streaming hosts through without asking the browser", async () => {
    asked.length = 0;
    await gate('https://api.ig.com/gateway/deal');
    await gate('https://demo-api.ig.com/gateway/deal');
    await gate('https://apd.marketdatasystems.com');
    await gate('https://demo-apd.marketdatasystems.com');
    expect(asked).toEqual([]);
  });

  it('lets a host the user granted through, on any port', async () => {
    await gate('https://granted.example:8443/gateway/deal');
  });

  it('refuses any other host, naming it', async () => {
    for (const url of [
      'http://localhost:8123/gateway/deal',
      'https://api.ig.com.evil.example/gateway/deal',
      'http://api.ig.com/gateway/deal',
      'https://evil-marketdatasystems.com',
      'not a url',
    ]) {
      const refused = await gate(url).catch((e: unknown) => e);
      expect(refused, url).toBeInstanceOf(HostNotGrantedError);
    }
    const refused = (await gate('http://localhost:8123/gateway/deal').catch((e) => e)) as HostNotGrantedError;
    expect(refused.host).toBe('localhost:8123');
    expect(refused.message).toContain('localhost:8123');
    expect(refused.message).toContain('Nothing was sent');
    expect(refused.kind).toBe('validation');
  });

  it('refuses when the browser cannot answer', async () => {
    const broken = hostGate(() => Promise.reject(new Error('no permissions API')));
    await expect(broken('https://granted.example/gateway/deal')).rejects.toBeInstanceOf(HostNotGrantedError);
  });
});

describe('the transport refuses an ungranted host', () => {
  it('sends nothing: no login, no API key, no password', async () => {
    const rec = recordingFetch();
    const client = createClient({
      baseUrl: 'https://gateway.attacker.example/gateway/deal',
      ...SECRETS,
      sessionVersion: 2,
      fetch: rec.fetch,
      retry: { attempts: 3, baseDelayMs: 1 },
      hostGate: hostGate(async () => false),
    });
    const login = await client.login().catch((e: unknown) => e);
    expect(login).toBeInstanceOf(HostNotGrantedError);
    expect((login as Error).message).toContain('gateway.attacker.example');
    expect(JSON.stringify(login)).not.toContain(SECRETS.password);
    const read = await client.watchlists.list().catch((e: unknown) => e);
    expect(read).toBeInstanceOf(HostNotGrantedError);
    expect(rec.urls).toEqual([]);
  });

  it('stops at once when the grant is withdrawn between requests', async () => {
    let granted = true;
    const rec = recordingFetch();
    const client = createClient({
      baseUrl: 'https://granted.example/gateway/deal',
      ...SECRETS,
      sessionVersion: 2,
      fetch: rec.fetch,
      retry: { attempts: 1, baseDelayMs: 1 },
      hostGate: hostGate(async () => granted),
    });
    await expect(client.login()).rejects.toThrow(/nothing should have been sent|could not be reached/);
    expect(rec.urls).toHaveLength(1);
    granted = false;
    await expect(client.login()).rejects.toBeInstanceOf(HostNotGrantedError);
    expect(rec.urls).toHaveLength(1);
  });
});

describe("the stream's login refuses a streaming endpoint the user did not grant", () => {
  let sim: SimHandle;
  beforeAll(async () => {
    sim = await startSim({ port: 0, seed: 5, rateLimits: false });
  });
  afterAll(async () => {
    await sim.close();
  });

  for (const sessionVersion of [2, 3] as const) {
    it(`v${sessionVersion}: the tokens are not handed to an endpoint off the granted gateway`, async () => {
      const asked: string[] = [];
      const streamHost = new URL(sim.baseUrl).origin;
      const client = createClient({
        baseUrl: sim.baseUrl,
        apiKey: sim.apiKey,
        identifier: sim.identifier,
        password: sim.password,
        sessionVersion,
        // The REST gateway is granted; its streaming endpoint (the sim's root) stands for one that is not.
        hostGate: async (url) => {
          asked.push(url);
          if (!url.startsWith(sim.baseUrl)) throw new HostNotGrantedError(new URL(url).host);
        },
      });
      const before = sim.control.requestCount();
      const refused = await streamLogin(client).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(HostNotGrantedError);
      expect(asked.some((u) => u.startsWith(streamHost) && !u.startsWith(sim.baseUrl))).toBe(true);
      // v3 would fetch CST and X-SECURITY-TOKEN for the stream next: it did not.
      const sent = sim.control.requestLog(before);
      expect(sent.filter((r) => r.method === 'GET' && r.path === '/session')).toEqual([]);
    });
  }
});
