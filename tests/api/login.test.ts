import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthError, memoryTokenStore, NetworkError } from '../../lib/api';
import { fakeClient } from '../helpers/api-client';
import { FAKE_ACCOUNT, FAKE_OTHER_ACCOUNT, type FakeIg, route, startFakeIg } from '../helpers/api-fake-ig';

let fake: FakeIg;
beforeAll(async () => {
  fake = await startFakeIg();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

describe('login', () => {
  it('is lazy: nothing is sent until the first request needs it', async () => {
    const client = fakeClient(fake);
    expect(fake.requests).toHaveLength(0);
    expect(client.sessionInfo()).toBeNull();
    await client.positions.list();
    expect(fake.logins()).toHaveLength(1);
    expect(fake.logins()[0]?.headers.version).toBe('2');
    expect(client.accountId()).toBe(FAKE_ACCOUNT);
    expect(client.sessionInfo()?.accounts.map((a) => a.accountId)).toEqual([FAKE_ACCOUNT, FAKE_OTHER_ACCOUNT]);
  });

  it('shares one login between concurrent first requests', async () => {
    for (const sessionVersion of [2, 3] as const) {
      fake.requests.length = 0;
      const client = fakeClient(fake, { sessionVersion });
      await Promise.all([
        client.positions.list(),
        client.watchlists.list(),
        client.markets.search('eur'),
        client.workingOrders.list(),
      ]);
      expect(fake.logins()).toHaveLength(1);
      expect(fake.calls()).toHaveLength(4);
    }
  });

  it('v2: an expired session logs in again once and repeats the request', async () => {
    const client = fakeClient(fake);
    await client.positions.list();
    fake.expireTokens();
    await expect(client.positions.list()).resolves.toEqual({ positions: [] });
    expect(fake.logins()).toHaveLength(2);
    const retried = fake.calls().filter((r) => r.path === '/positions');
    expect(retried).toHaveLength(3);
    expect(retried[1]?.headers.cst).not.toBe(retried[2]?.headers.cst);
  });

  it('v2: re-login happens only once; a second refusal is an AuthError', async () => {
    const client = fakeClient(fake);
    await client.positions.list();
    fake.override(
      route('GET', /^\/positions$/),
      { status: 401, body: { errorCode: 'error.security.client-token-invalid' } },
      2,
    );
    const error = await client.positions.list().catch((e) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect(error.errorCode).toBe('error.security.client-token-invalid');
    expect(fake.logins()).toHaveLength(2);
  });

  it('v3: sends the bearer token and account id, refreshes before expiry', async () => {
    let now = 5_000_000;
    const client = fakeClient(fake, { sessionVersion: 3, now: () => now });
    await client.positions.list();
    expect(fake.logins()[0]?.headers.version).toBe('3');
    const first = fake.calls()[0];
    expect(first?.headers.authorization).toMatch(/^Bearer access-/);
    expect(first?.headers['ig-account-id']).toBe(FAKE_ACCOUNT);
    now += 30_000;
    await client.positions.list();
    expect(fake.refreshes()).toHaveLength(0);
    now += 25_000; // 55 s of a 60 s token: refresh first
    await client.positions.list();
    expect(fake.refreshes()).toHaveLength(1);
    expect(fake.refreshes()[0]?.headers.version).toBe('1');
    const calls = fake.calls();
    expect(calls[2]?.headers.authorization).not.toBe(calls[1]?.headers.authorization);
    expect(fake.logins()).toHaveLength(1);
  });

  it('v3: refreshes on error.security.oauth-token-invalid and repeats the request', async () => {
    const client = fakeClient(fake, { sessionVersion: 3 });
    await client.positions.list();
    fake.expireTokens();
    await expect(client.positions.list()).resolves.toEqual({ positions: [] });
    expect(fake.refreshes()).toHaveLength(1);
    expect(fake.logins()).toHaveLength(1);
  });

  it('v3: a failed refresh falls back to a fresh login', async () => {
    const client = fakeClient(fake, { sessionVersion: 3 });
    await client.positions.list();
    fake.expireTokens();
    fake.override(route('POST', /^\/session\/refresh-token$/), {
      status: 401,
      body: { errorCode: 'error.security.oauth-token-invalid' },
    });
    await expect(client.positions.list()).resolves.toEqual({ positions: [] });
    expect(fake.refreshes()).toHaveLength(1);
    expect(fake.logins()).toHaveLength(2);
  });

  it("v2: a login that lands on IG's default switches back to the chosen account before the read, IG's default untouched", async () => {
    const client = fakeClient(fake, { accountId: FAKE_OTHER_ACCOUNT });
    await client.positions.list();
    const sent = fake.requests.map((r) => `${r.method} ${r.path}`);
    expect(sent).toEqual(['POST /session', 'PUT /session', 'GET /positions']);
    expect(fake.requests[1]?.body).toEqual({ accountId: FAKE_OTHER_ACCOUNT });
    expect(client.accountId()).toBe(FAKE_OTHER_ACCOUNT);
  });

  it('v2: a chosen account the service refuses to switch to is reported gone; the session stays where it landed', async () => {
    const gone: string[][] = [];
    const client = fakeClient(fake, {
      accountId: FAKE_OTHER_ACCOUNT,
      onChosenAccountGone: (chosen, current) => void gone.push([chosen, current]),
    });
    fake.override(route('PUT', /^\/session$/), { status: 400, body: { errorCode: 'error.switch.invalid-accountId' } });
    await expect(client.positions.list()).resolves.toEqual({ positions: [] });
    expect(client.accountId()).toBe(FAKE_ACCOUNT);
    await vi.waitFor(() => expect(gone).toEqual([[FAKE_OTHER_ACCOUNT, FAKE_ACCOUNT]]), { timeout: 10_000 });
  });

  it('v3: uses the configured account id', async () => {
    const client = fakeClient(fake, { sessionVersion: 3, accountId: FAKE_OTHER_ACCOUNT });
    await client.positions.list();
    expect(fake.calls()[0]?.headers['ig-account-id']).toBe(FAKE_OTHER_ACCOUNT);
  });

  it('bad credentials: AuthError, one login attempt, no retry loop, no later automatic attempt', async () => {
    const client = fakeClient(fake, { password: 'wrong-password-123' });
    const results = await Promise.allSettled([client.positions.list(), client.watchlists.list()]);
    for (const r of results) {
      expect(r.status).toBe('rejected');
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(AuthError);
      expect((r as PromiseRejectedResult).reason.errorCode).toBe('error.security.invalid-details');
    }
    await expect(client.markets.search('eur')).rejects.toBeInstanceOf(AuthError);
    expect(fake.logins()).toHaveLength(1);
    expect(fake.calls()).toHaveLength(0);
    // An explicit login tries again (e.g. after the user fixed the password in settings).
    await expect(client.login()).rejects.toBeInstanceOf(AuthError);
    expect(fake.logins()).toHaveLength(2);
  });

  it('a wrong API key is an AuthError', async () => {
    const client = fakeClient(fake, { apiKey: 'wrongApiKey999' });
    const error = await client.positions.list().catch((e) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect(error.status).toBe(403);
  });

  it('an unreachable service is a NetworkError (offline), not an AuthError', async () => {
    const client = fakeClient({ ...fake, baseUrl: 'http://127.0.0.1:9/gateway/deal' });
    const error = await client.positions.list().catch((e) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.kind).toBe('network');
  });

  it('keeps tokens in the token store so a new client (a restarted worker) does not log in again', async () => {
    for (const sessionVersion of [2, 3] as const) {
      fake.requests.length = 0;
      const tokenStore = memoryTokenStore();
      await fakeClient(fake, { sessionVersion, tokenStore }).positions.list();
      const again = fakeClient(fake, { sessionVersion, tokenStore });
      await again.positions.list();
      expect(fake.logins()).toHaveLength(1);
      expect(again.accountId()).toBe(FAKE_ACCOUNT);
    }
  });

  it('ignores stored tokens of another gateway or identifier', async () => {
    const tokenStore = memoryTokenStore();
    await fakeClient(fake, { tokenStore }).positions.list();
    await fakeClient(fake, { tokenStore, identifier: 'someone-else' })
      .positions.list()
      .catch(() => undefined);
    expect(fake.logins()).toHaveLength(2);
  });

  it('session operations run only when called: switch account adopts the new account', async () => {
    const client = fakeClient(fake);
    await client.positions.list();
    expect(fake.calls().filter((r) => r.path === '/session')).toHaveLength(0);
    await client.session.switchAccount(FAKE_OTHER_ACCOUNT);
    expect(client.accountId()).toBe(FAKE_OTHER_ACCOUNT);
    expect(fake.calls().at(-1)?.body).toEqual({ accountId: FAKE_OTHER_ACCOUNT });
  });

  it('logout clears the tokens; the next request logs in again', async () => {
    const tokenStore = memoryTokenStore();
    const client = fakeClient(fake, { tokenStore });
    await client.positions.list();
    await client.session.delete();
    expect(await tokenStore.load()).toBeNull();
    await client.positions.list();
    expect(fake.logins()).toHaveLength(2);
  });
});
