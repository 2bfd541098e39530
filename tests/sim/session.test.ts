import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { errorCode, simPerTest, TestClient } from './helpers';

const setup = simPerTest();

describe('login and session', () => {
  it('v2 login returns CST and X-SECURITY-TOKEN headers and the account list', async () => {
    const { sim, client } = await setup();
    const r = await client.loginV2();
    expect(r.headers.get('cst')).toMatch(/^SIMCST/);
    expect(r.headers.get('x-security-token')).toMatch(/^SIMXST/);
    const body = r.body as { accounts: { accountType: string }[]; currentAccountId: string; accountInfo: object };
    expect(body.accounts.map((a) => a.accountType).sort()).toEqual(['CFD', 'SPREADBET']);
    expect(body.currentAccountId).toBe(sim.accounts[0]?.accountId);
    expect(r.headers.get('x-request-id')).toBeTruthy();
    expect((await client.get('/session')).status).toBe(200);
  });

  it('rejects a wrong password, a missing API key and an unknown API key with the gateway codes', async () => {
    const { sim } = await setup();
    const c = new TestClient(sim);
    const bad = await c.post('/session', { identifier: sim.identifier, password: 'nope' }, { version: 2 });
    expect([bad.status, errorCode(bad)]).toEqual([401, 'error.security.invalid-details']);
    expect(bad.text).not.toContain(sim.password);
    const noKey = await fetch(`${sim.baseUrl}/session`, { method: 'POST', body: '{}' });
    expect([noKey.status, (await noKey.json()).errorCode]).toEqual([400, 'error.security.api-key-missing']);
    const wrongKey = await c.get('/markets?searchTerm=x', { headers: { 'X-IG-API-KEY': 'other' } });
    expect([wrongKey.status, errorCode(wrongKey)]).toEqual([403, 'error.security.api-key-invalid']);
  });

  it('requires tokens: missing CST, bad CST and bad X-SECURITY-TOKEN each have their code', async () => {
    const { client } = await setup();
    const missing = await client.get('/session', { auth: false });
    expect([missing.status, errorCode(missing)]).toEqual([401, 'error.security.client-token-missing']);
    const badCst = await client.get('/session', { headers: { CST: 'SIMCSTnot-a-token' } });
    expect(errorCode(badCst)).toBe('error.security.client-token-invalid');
    const badXst = await client.get('/session', { headers: { 'X-SECURITY-TOKEN': 'nope' } });
    expect(errorCode(badXst)).toBe('error.security.account-token-invalid');
  });

  it('v3 login returns OAuth tokens with expires_in as a string; Bearer + IG-ACCOUNT-ID authenticates', async () => {
    const { client } = await setup();
    const r = await client.loginV3();
    const b = r.body as { oauthToken: Record<string, unknown>; accountId: string };
    expect(b.oauthToken.expires_in).toBe('60');
    expect(b.oauthToken.token_type).toBe('Bearer');
    expect(r.headers.get('cst')).toBeNull();
    const s = await client.get('/session');
    expect((s.body as { accountId: string }).accountId).toBe(b.accountId);
    const tokens = await client.get('/session?fetchSessionTokens=true');
    expect(tokens.headers.get('cst')).toMatch(/^SIMCST/);
    expect(tokens.headers.get('x-security-token')).toMatch(/^SIMXST/);
  });

  it('v3 access tokens expire on the simulated clock and the refresh token renews them once', async () => {
    const { sim, client } = await setup();
    const login = await client.loginV3();
    const refreshToken = (login.body as { oauthToken: { refresh_token: string } }).oauthToken.refresh_token;
    sim.control.advanceClock(61_000);
    const expired = await client.get('/session');
    expect([expired.status, errorCode(expired)]).toEqual([401, 'error.security.oauth-token-invalid']);
    const refreshed = await client.post('/session/refresh-token', { refresh_token: refreshToken }, { auth: false });
    expect(refreshed.status).toBe(200);
    const fresh = refreshed.body as { access_token: string; refresh_token: string; expires_in: string };
    expect(fresh.refresh_token).not.toBe(refreshToken);
    client.headers.Authorization = `Bearer ${fresh.access_token}`;
    expect((await client.get('/session')).status).toBe(200);
    const again = await client.post('/session/refresh-token', { refresh_token: refreshToken }, { auth: false });
    expect(errorCode(again)).toBe('error.security.oauth-token-invalid');
  });

  it('v2 tokens expire after the configured idle time and on expireTokens()', async () => {
    const { sim, client } = await setup({ tokenTtlMs: 5_000 });
    sim.control.advanceClock(4_000);
    expect((await client.get('/session')).status).toBe(200);
    sim.control.advanceClock(4_000);
    expect((await client.get('/session')).status).toBe(200);
    sim.control.advanceClock(6_000);
    expect(errorCode(await client.get('/session'))).toBe('error.security.client-token-invalid');
    await client.loginV2();
    sim.control.expireTokens();
    expect(errorCode(await client.get('/session'))).toBe('error.security.client-token-invalid');
  });

  it('switches between the CFD and spread-bet accounts, with the documented errors', async () => {
    const { sim, client } = await setup();
    const spreadbet = sim.accounts.find((a) => a.accountType === 'SPREADBET')?.accountId ?? '';
    const r = await client.put('/session', { accountId: spreadbet, defaultAccount: false });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ dealingEnabled: true, trailingStopsEnabled: true });
    client.headers['X-SECURITY-TOKEN'] = r.headers.get('x-security-token') ?? '';
    expect((await client.get('/session')).body).toMatchObject({ accountId: spreadbet, currency: 'GBP' });
    expect(errorCode(await client.put('/session', { accountId: spreadbet }))).toBe(
      'error.switch.accountId-must-be-different',
    );
    expect(errorCode(await client.put('/session', { accountId: 'NOPE1' }))).toBe('error.switch.invalid-accountId');
  });

  it('logout answers 204 and invalidates the tokens', async () => {
    const { client } = await setup();
    const r = await client.del('/session');
    expect(r.status).toBe(204);
    expect(r.text).toBe('');
    expect(errorCode(await client.get('/session'))).toBe('error.security.client-token-invalid');
  });

  it('serves a real RSA key and accepts encrypted passwords in both client variants', async () => {
    const { sim } = await setup();
    const c = new TestClient(sim);
    const k = await c.get('/session/encryptionKey', { auth: false });
    const { encryptionKey, timeStamp } = k.body as { encryptionKey: string; timeStamp: number };
    expect(encryptionKey.startsWith('MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA')).toBe(true);
    const key = createPublicKey({ key: Buffer.from(encryptionKey, 'base64'), format: 'der', type: 'spki' });
    const enc = (data: string) =>
      publicEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(data)).toString('base64');
    const plain = `${sim.password}|${timeStamp}`;
    for (const password of [enc(plain), enc(Buffer.from(plain).toString('base64'))]) {
      const r = await c.post(
        '/session',
        { identifier: sim.identifier, password, encryptedPassword: true },
        { version: 2 },
      );
      expect(r.status).toBe(200);
    }
    const wrong = await c.post(
      '/session',
      { identifier: sim.identifier, password: enc(`wrong|${timeStamp}`), encryptedPassword: true },
      { version: 2 },
    );
    expect(errorCode(wrong)).toBe('error.security.invalid-details');
  });
});
