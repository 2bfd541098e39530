import { describe, expect, it } from 'vitest';
import { checkReason } from '../../lib/options/check';
import { checkConnectionForm, hostPermissionFor } from '../../lib/options/connection-form';
import { parseCadence } from '../../lib/options/prefs-form';

describe('the reason a connection check failed', () => {
  it('names bad credentials', () => {
    const r = checkReason({ kind: 'bad-credentials', message: 'x', code: 'error.security.invalid-details' });
    expect(r.failure).toBe('bad-credentials');
    expect(r.title).toBe('Wrong identifier or password');
  });

  it('names an invalid or disabled API key', () => {
    expect(checkReason({ kind: 'bad-credentials', message: 'x', code: 'error.security.api-key-invalid' }).failure).toBe(
      'invalid-key',
    );
    const disabled = checkReason({ kind: 'bad-credentials', message: 'x', code: 'error.security.api-key-disabled' });
    expect(disabled.detail).toMatch(/disabled or revoked/);
  });

  it('names an exceeded allowance', () => {
    const r = checkReason({ kind: 'rate-limited', message: 'x', code: 'error.public-api.exceeded-api-key-allowance' });
    expect(r.failure).toBe('allowance-exceeded');
  });

  it('names an unreachable service', () => {
    expect(checkReason({ kind: 'offline', message: 'x' }).failure).toBe('unreachable');
    expect(checkReason({ kind: 'timeout', message: 'x' }).failure).toBe('unreachable');
  });

  it('passes any other failure through with its message', () => {
    expect(checkReason({ kind: 'service', message: 'IG had a problem' })).toMatchObject({
      failure: 'other',
      detail: 'IG had a problem',
    });
  });
});

describe("IG's refusals in plain words, each with what to do next", () => {
  const reason = (code: string, kind = 'bad-credentials', environment?: 'demo' | 'live') =>
    checkReason({ kind, message: 'x', code } as never, environment);

  it('a key of the other environment: names demo or live and where a key for this one is made', () => {
    const r = reason('error.security.api-key-invalid', 'bad-credentials', 'demo');
    expect(r.title).toBe('Wrong API key for IG demo');
    expect(r.detail).toMatch(/a live account's key does not work here/);
    expect(r.next).toMatch(/Log in to the IG website with your demo account, open My IG → Settings → API keys/);
    expect(reason('error.security.api-key-invalid', 'bad-credentials', 'live').title).toBe('Wrong API key for IG live');
  });

  it('wrong password, encryption required, allowance exceeded, a locked or refused account', () => {
    expect(reason('error.security.invalid-details')).toMatchObject({
      failure: 'bad-credentials',
      next: /Type them again/,
    });
    expect(reason('error.public-api.failure.encryption.required', 'validation')).toMatchObject({
      failure: 'encryption-required',
      next: 'Tick "Encrypt my password at login" below and check again.',
    });
    expect(reason('error.public-api.exceeded-account-allowance', 'rate-limited')).toMatchObject({
      failure: 'allowance-exceeded',
      next: /Wait a minute/,
    });
    expect(reason('error.security.too-many-failed-attempts')).toMatchObject({
      failure: 'locked',
      title: 'Logins to this account are locked',
      next: /Do not check again now/,
    });
    expect(reason('error.security.account-suspended')).toMatchObject({ failure: 'locked', next: /Contact IG/ });
  });

  it('never leaves the user without a next step', () => {
    const kinds = ['offline', 'timeout', 'service', 'bad-credentials', 'rate-limited', 'validation'];
    for (const kind of kinds) expect(checkReason({ kind, message: 'x' } as never).next).toMatch(/\S/);
  });
});

describe('the connection form', () => {
  const form = {
    environment: 'demo' as const,
    baseUrl: '',
    apiKey: 'key',
    identifier: 'trader_1',
    password: 'pw',
    remember: false,
    sessionVersion: 2 as const,
    pin: '',
    pinConfirm: '',
  };
  const unlocked = { state: 'unlocked' as const, triesLeft: 5, notice: null };

  it('builds the save request, without a base URL unless custom', () => {
    expect(checkConnectionForm({ ...form, baseUrl: 'http://x' })).toEqual({
      ok: true,
      request: { ...form, baseUrl: null, pin: null, pinConfirm: null },
    });
  });

  it('asks for a PIN of 6 characters or more, typed twice alike, to remember unless already unlocked', () => {
    const remember = { ...form, remember: true };
    const issues = (f: typeof form, vault = null as typeof unlocked | null) => {
      const r = checkConnectionForm(f, vault);
      return r.ok ? {} : r.issues;
    };
    expect(issues(remember)).toEqual({ pin: expect.stringContaining('at least 6') });
    expect(issues({ ...remember, pin: '12345', pinConfirm: '12345' })).toEqual({ pin: expect.any(String) });
    expect(issues({ ...remember, pin: '123456', pinConfirm: '123457' })).toEqual({
      pinConfirm: 'The two passphrases do not match',
    });
    expect(checkConnectionForm({ ...remember, pin: 'abcdef', pinConfirm: 'abcdef' })).toMatchObject({
      ok: true,
      request: { remember: true, pin: 'abcdef', pinConfirm: 'abcdef' },
    });
    // Unlocked: the secrets are encrypted under the key in use, no PIN asked.
    expect(checkConnectionForm(remember, unlocked)).toMatchObject({ ok: true, request: { pin: null } });
  });

  it('names the fields at fault', () => {
    const r = checkConnectionForm({ ...form, environment: 'custom', apiKey: '', identifier: 'bad id!' });
    expect(r.ok).toBe(false);
    expect(!r.ok && Object.keys(r.issues).sort()).toEqual(['apiKey', 'baseUrl', 'identifier']);
  });

  it('asks for a host permission the manifest can grant', () => {
    expect(hostPermissionFor('http://127.0.0.1:8123/gateway/deal')).toBe('http://127.0.0.1/*');
    expect(hostPermissionFor('https://gw.example.com/gateway/deal')).toBe('https://gw.example.com/*');
    expect(hostPermissionFor('http://gw.example.com/gateway/deal')).toBeNull();
    expect(hostPermissionFor('not a url')).toBeNull();
  });
});

describe('refresh cadences', () => {
  it('accepts whole numbers within bounds only', () => {
    expect(parseCadence('priceRefreshSec', '5')).toEqual({ ok: true, value: 5 });
    expect(parseCadence('priceRefreshSec', '0')).toEqual({ ok: false, message: 'Between 1 and 300' });
    expect(parseCadence('sentimentRefreshMin', '2.5')).toEqual({ ok: false, message: 'Enter a whole number' });
    expect(parseCadence('backgroundRefreshMin', '')).toEqual({ ok: false, message: 'Enter a whole number' });
  });
});
