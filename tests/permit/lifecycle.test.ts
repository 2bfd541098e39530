import { describe, expect, it } from 'vitest';
import {
  activePermit,
  contextChanged,
  DEFAULT_PERMIT_MS,
  describeExpiry,
  type GrantRequest,
  grantPermit,
  isExpired,
  isLiveLike,
  type PermitContext,
  prunePermits,
  withoutScope,
  withPermit,
} from '../../lib/permit/lifecycle';

const now = 1_700_000_000_000;
const demo: PermitContext = { environment: 'demo', baseUrl: null, accountId: 'ABC12' };
const live: PermitContext = { environment: 'live', baseUrl: null, accountId: 'LIVE9' };
let seq = 0;
const newId = () => `p${++seq}`;

function request(patch: Partial<GrantRequest> = {}): GrantRequest {
  return {
    scope: 'dealing',
    accountId: 'ABC12',
    confirmAccountId: null,
    durationMs: DEFAULT_PERMIT_MS,
    acknowledged: true,
    ...patch,
  };
}

describe('granting a permit', () => {
  it('mints a demo dealing permit bound to the environment and account, expiring after the default four hours', () => {
    const result = grantPermit(request(), demo, now, newId);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.permit).toMatchObject({ scope: 'dealing', environment: 'demo', accountId: 'ABC12', grantedAt: now });
    expect(result.permit.expiresAt).toBe(now + 4 * 3600_000);
    expect(result.sessionOnly).toBe(false);
  });

  it('records "until the browser closes" as no expiry, kept for the session only', () => {
    const result = grantPermit(request({ durationMs: null }), demo, now, newId);
    expect(result.ok && result.permit.expiresAt).toBe(null);
    expect(result.ok && result.sessionOnly).toBe(true);
  });

  it('refuses without the acknowledgement', () => {
    const result = grantPermit(request({ acknowledged: false }), demo, now, newId);
    expect(result).toMatchObject({ ok: false, refusal: 'not-acknowledged' });
  });

  it('refuses when signed out', () => {
    const result = grantPermit(request(), { ...demo, accountId: null }, now, newId);
    expect(result).toMatchObject({ ok: false, refusal: 'signed-out' });
  });

  it('refuses a permit for an account other than the active one', () => {
    const result = grantPermit(request({ accountId: 'OTHER' }), demo, now, newId);
    expect(result).toMatchObject({ ok: false, refusal: 'wrong-account', field: 'accountId' });
  });

  it('asks for the account id to be typed again on a live account', () => {
    const missing = grantPermit(request({ accountId: 'LIVE9' }), live, now, newId);
    expect(missing).toMatchObject({ ok: false, refusal: 'confirmation-required', field: 'confirmAccountId' });
    const wrong = grantPermit(request({ accountId: 'LIVE9', confirmAccountId: 'LIVE8' }), live, now, newId);
    expect(wrong).toMatchObject({ ok: false, refusal: 'confirmation-mismatch' });
    const right = grantPermit(request({ accountId: 'LIVE9', confirmAccountId: 'LIVE9' }), live, now, newId);
    expect(right.ok && right.permit.environment).toBe('live');
  });

  it('refuses durations outside one minute to a day', () => {
    expect(grantPermit(request({ durationMs: 1000 }), demo, now, newId)).toMatchObject({ refusal: 'bad-duration' });
    expect(grantPermit(request({ durationMs: 25 * 3600_000 }), demo, now, newId)).toMatchObject({
      refusal: 'bad-duration',
    });
  });
});

describe('live-like environments', () => {
  it('treats IG live and unknown gateways as live, IG demo and this machine as not', () => {
    expect(isLiveLike('live', null)).toBe(true);
    expect(isLiveLike('demo', null)).toBe(false);
    expect(isLiveLike('custom', 'http://127.0.0.1:8123/gateway/deal')).toBe(false);
    expect(isLiveLike('custom', 'http://localhost:9000/gateway/deal')).toBe(false);
    expect(isLiveLike('custom', 'https://demo-api.ig.com/gateway/deal')).toBe(false);
    expect(isLiveLike('custom', 'https://proxy.example.com/gateway/deal')).toBe(true);
    expect(isLiveLike('custom', null)).toBe(true);
  });
});

describe('using, expiring and revoking permits', () => {
  const permit = (scope: 'dealing' | 'applications', expiresAt: number | null, accountId = 'ABC12') => ({
    id: `${scope}-${accountId}`,
    scope,
    environment: 'demo' as const,
    accountId,
    expiresAt,
    grantedAt: now - 1000,
  });

  it('finds the active permit of a scope for this context only', () => {
    const list = [permit('applications', now + 1000), permit('dealing', now + 1000, 'OTHER')];
    expect(activePermit(list, 'dealing', demo, now)).toBeNull();
    expect(activePermit([...list, permit('dealing', null)], 'dealing', demo, now)?.id).toBe('dealing-ABC12');
  });

  it('expires at the recorded time exactly', () => {
    const p = permit('dealing', now + 60_000);
    expect(isExpired(p, now + 59_999)).toBe(false);
    expect(isExpired(p, now + 60_000)).toBe(true);
    expect(activePermit([p], 'dealing', demo, now + 60_000)).toBeNull();
  });

  it('prunes expired permits and permits of another account or environment', () => {
    const list = [permit('dealing', now - 1), permit('applications', null), permit('dealing', null, 'OTHER')];
    expect(prunePermits(list, demo, now).map((p) => p.id)).toEqual(['applications-ABC12']);
    expect(prunePermits(list, { ...demo, environment: 'live' }, now)).toEqual([]);
  });

  it('keeps one permit per scope and revokes a scope at once', () => {
    const first = permit('dealing', now + 1000);
    const second = { ...permit('dealing', now + 5000), id: 'second' };
    const list = withPermit(withPermit([permit('applications', null)], first), second);
    expect(list.filter((p) => p.scope === 'dealing').map((p) => p.id)).toEqual(['second']);
    expect(withoutScope(list, 'dealing').map((p) => p.scope)).toEqual(['applications']);
  });

  it('sees a switch of account or environment (or custom gateway) as a change of context', () => {
    expect(contextChanged(demo, { ...demo })).toBe(false);
    expect(contextChanged(demo, { ...demo, accountId: 'XYZ' })).toBe(true);
    expect(contextChanged(demo, { ...demo, environment: 'live' })).toBe(true);
    const custom: PermitContext = { environment: 'custom', baseUrl: 'http://127.0.0.1:1/gateway/deal', accountId: 'A' };
    expect(contextChanged(custom, { ...custom, baseUrl: 'http://127.0.0.1:2/gateway/deal' })).toBe(true);
  });

  it('describes the time left', () => {
    expect(describeExpiry(permit('dealing', null), now)).toBe('until the browser closes');
    expect(describeExpiry(permit('dealing', now + 4 * 3600_000), now)).toBe('4 h left');
    expect(describeExpiry(permit('dealing', now + 90 * 60_000), now)).toBe('1 h 30 min left');
    expect(describeExpiry(permit('dealing', now + 30_000), now)).toBe('1 min left');
    expect(describeExpiry(permit('dealing', now - 1), now)).toBe('expired');
  });
});
