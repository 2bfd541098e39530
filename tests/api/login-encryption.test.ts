// Encrypted-password login (reference §1.6) against the simulated service, which decrypts with its own
// RSA key: by setting, and automatically when the gateway answers encryption.required.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, AuthError, type ClientConfig, memoryTokenStore } from '../../lib/api';
import { toErrorView } from '../../lib/background/routing/error-view';
import { checkReason } from '../../lib/options/check';
import { type SimHandle, startSim } from '../../sim/server';
import { simClient } from '../faults/helpers';
import { fakeClient } from '../helpers/api-client';
import { FAKE_PASSWORD, route, startFakeIg } from '../helpers/api-fake-ig';

let sim: SimHandle;
beforeAll(async () => {
  sim = await startSim({ port: 0, seed: 5, rateLimits: false });
});
afterAll(() => sim.close());
beforeEach(() => sim.control.reset());

/** Login bodies as they left the client (the sim's own log never records bodies). */
const sentBodies: Record<string, unknown>[] = [];
beforeEach(() => {
  sentBodies.length = 0;
});
const recordingFetch: typeof fetch = (input, init) => {
  if (init?.method === 'POST' && String(input).endsWith('/session')) sentBodies.push(JSON.parse(String(init.body)));
  return globalThis.fetch(input, init);
};

const clientFor = (overrides: Partial<ClientConfig> = {}) => simClient(sim, { fetch: recordingFetch, ...overrides });

const sessionLog = () =>
  sim.control
    .requestLog()
    .filter((e) => e.path.startsWith('/session'))
    .map((e) => `${e.method} ${e.path} ${e.status}`);

describe('encrypted-password login', () => {
  it('with the setting on, the password leaves encrypted with the key of the moment, and the login works', async () => {
    const client = clientFor({ encryptPassword: true });
    await expect(client.positions.list()).resolves.toHaveProperty('positions');
    expect(sessionLog()).toEqual(['GET /session/encryptionKey 200', 'POST /session 200']);
    expect(sentBodies).toHaveLength(1);
    expect(sentBodies[0]).toMatchObject({ identifier: sim.identifier, encryptedPassword: true });
    const cipher = String(sentBodies[0]?.password);
    expect(cipher).not.toContain(sim.password);
    expect(Buffer.from(cipher, 'base64')).toHaveLength(256);
  });

  it('an account that must encrypt is logged into by one retry, encrypted, and the caller is told once', async () => {
    const required: string[] = [];
    const client = clientFor({
      identifier: sim.encryptedIdentifier,
      onEncryptionRequired: () => {
        required.push('told');
      },
    });
    await expect(client.watchlists.list()).resolves.toHaveProperty('watchlists');
    expect(sessionLog()).toEqual(['POST /session 400', 'GET /session/encryptionKey 200', 'POST /session 200']);
    expect(required).toEqual(['told']);
    expect(sentBodies.map((b) => b.encryptedPassword ?? false)).toEqual([false, true]);
    // Later logins of this client go encrypted at once.
    sim.control.clearLog();
    sim.control.expireTokens();
    await client.watchlists.list();
    expect(sessionLog()).toEqual(['GET /session/encryptionKey 200', 'POST /session 200']);
    expect(required).toEqual(['told']);
  });

  it('without encryption that account is refused as IG refuses it', async () => {
    const res = await fetch(`${sim.baseUrl}/session`, {
      method: 'POST',
      headers: { 'X-IG-API-KEY': sim.apiKey, Version: '2', 'Content-Type': 'application/json' },
      body: JSON.stringify({ identifier: sim.encryptedIdentifier, password: sim.password }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ errorCode: 'error.public-api.failure.encryption.required' });
  });

  for (const how of ['by setting', 'by the automatic retry'] as const) {
    it(`a wrong password ${how} is still "wrong credentials", tried once, and named nowhere`, async () => {
      const wrong = 'Wrong-Passw0rd-XYZ';
      const tokenStore = memoryTokenStore();
      const client = clientFor({
        identifier: sim.encryptedIdentifier,
        password: wrong,
        encryptPassword: how === 'by setting',
        tokenStore,
      });
      const error = await client.positions.list().catch((e) => e);
      expect(error).toBeInstanceOf(AuthError);
      expect(error.errorCode).toBe('error.security.invalid-details');
      expect(checkReason(toErrorView(error))).toMatchObject({
        failure: 'bad-credentials',
        title: 'Wrong identifier or password',
      });
      // A refused login is not retried by the next request.
      await client.positions.list().catch(() => undefined);
      const posts = sessionLog().filter((l) => l.startsWith('POST'));
      expect(posts).toEqual(how === 'by setting' ? ['POST /session 401'] : ['POST /session 400', 'POST /session 401']);
      const everything = [
        JSON.stringify(sim.control.requestLog()),
        JSON.stringify(error),
        String(error.message),
        String(error.stack),
        JSON.stringify(toErrorView(error)),
        JSON.stringify(await tokenStore.load()),
      ].join('\n');
      expect(everything).not.toContain(wrong);
      const cipher = String(sentBodies.at(-1)?.password);
      expect(everything).not.toContain(cipher);
    });
  }

  it('the right password never appears in the request log, the stored tokens or a later error', async () => {
    const tokenStore = memoryTokenStore();
    const client = clientFor({ identifier: sim.encryptedIdentifier, tokenStore });
    await client.login();
    sim.control.injectFault({
      method: 'GET',
      path: '^/positions$',
      action: { kind: 'error', status: 500, errorCode: 'system.error' },
    });
    const error = await client.positions.list().catch((e) => e);
    const everything = [
      JSON.stringify(sim.control.requestLog()),
      JSON.stringify(await tokenStore.load()),
      JSON.stringify(error),
      String(error.stack),
    ].join('\n');
    expect(everything).not.toContain(sim.password);
  });
});

describe('a gateway whose encryption key cannot be used', () => {
  it('is a clear error that names no secret, and no login is sent', async () => {
    const fake = await startFakeIg();
    try {
      fake.override(route('GET', /^\/session\/encryptionKey$/), {
        body: { encryptionKey: 'bm90LWEta2V5', timeStamp: 1 },
      });
      const client = fakeClient(fake, { encryptPassword: true });
      const error = await client.login().catch((e) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error.errorCode).toBe('client.encryption-key-invalid');
      expect(JSON.stringify(error)).not.toContain(FAKE_PASSWORD);
      expect(fake.logins()).toHaveLength(0);
    } finally {
      await fake.close();
    }
  });
});
