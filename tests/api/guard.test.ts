import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createApplicationsAdmin,
  createDealingClient,
  createGuard,
  createWatchlistEditor,
  PermitRequiredError,
} from '../../lib/api';
import { fakeClient, permittedDealing } from '../helpers/api-client';
import { FAKE_ACCOUNT, FAKE_API_KEY, FAKE_OTHER_ACCOUNT, type FakeIg, startFakeIg } from '../helpers/api-fake-ig';

let fake: FakeIg;
beforeAll(async () => {
  fake = await startFakeIg();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const order = { epic: 'CS.D.EURUSD.CFD.IP', direction: 'BUY' as const, size: 1, currencyCode: 'USD', expiry: '-' };
const mutations = () => fake.calls().filter((r) => r.method !== 'GET');

describe('permits and the guard', () => {
  it('a dealing client cannot be built without a valid dealing permit', () => {
    const client = fakeClient(fake);
    const guard = createGuard();
    const watch = guard.issue({ scope: 'watchlists', environment: 'custom', accountId: FAKE_ACCOUNT });
    const live = guard.issue({ scope: 'dealing', environment: 'live', accountId: FAKE_ACCOUNT });
    const forged = { ...watch, id: 'permit-forged', scope: 'dealing' as const };
    expect(() => createDealingClient(client, watch, guard)).toThrow(PermitRequiredError);
    expect(() => createDealingClient(client, live, guard)).toThrow(/environment/);
    expect(() => createDealingClient(client, forged, guard)).toThrow(/not issued/);
    expect(() => createDealingClient(client, undefined as never, guard)).toThrow(PermitRequiredError);
    const changedScope = { ...watch, scope: 'dealing' as const };
    expect(() => createDealingClient(client, changedScope, guard)).toThrow(PermitRequiredError);
  });

  it('a revoked permit refuses at once and sends nothing', async () => {
    const client = fakeClient(fake);
    const guard = createGuard();
    const permit = guard.issue({ scope: 'dealing', environment: 'custom', accountId: FAKE_ACCOUNT });
    const dealing = createDealingClient(client, permit, guard);
    await dealing.positions.create(order);
    expect(mutations()).toHaveLength(1);
    guard.revoke(permit.id);
    const before = fake.requests.length;
    const refused = dealing.positions.create(order);
    await expect(refused).rejects.toMatchObject({ problem: 'revoked', kind: 'permit' });
    await expect(dealing.workingOrders.delete('WO1')).rejects.toBeInstanceOf(PermitRequiredError);
    expect(fake.requests.length).toBe(before);
    expect(guard.active()).toHaveLength(0);
  });

  it('an expired permit refuses at once and sends nothing', async () => {
    let now = 1_000;
    const client = fakeClient(fake);
    const guard = createGuard({ now: () => now });
    const dealing = createDealingClient(
      client,
      guard.issue({ scope: 'dealing', environment: 'custom', accountId: FAKE_ACCOUNT, ttlMs: 60_000 }),
      guard,
    );
    now += 60_001;
    await expect(dealing.positions.close({ dealId: 'D1', direction: 'SELL', size: 1 })).rejects.toMatchObject({
      problem: 'expired',
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('a permit for another account refuses before the mutation leaves (after switching account)', async () => {
    const client = fakeClient(fake);
    const dealing = permittedDealing(client);
    await client.session.switchAccount(FAKE_OTHER_ACCOUNT);
    await expect(dealing.positions.create(order)).rejects.toMatchObject({ problem: 'account' });
    expect(mutations().filter((r) => r.path.startsWith('/positions'))).toHaveLength(0);
  });

  it('a permit minted for another account is refused even before login', async () => {
    const client = fakeClient(fake);
    const guard = createGuard();
    const dealing = createDealingClient(
      client,
      guard.issue({ scope: 'dealing', environment: 'custom', accountId: 'SOMEONE-ELSE' }),
      guard,
    );
    await expect(dealing.positions.create(order)).rejects.toMatchObject({ problem: 'account' });
    expect(mutations()).toHaveLength(0);
  });

  it('revokeAll by scope leaves the other scopes in force', () => {
    const guard = createGuard();
    const a = guard.issue({ scope: 'dealing', environment: 'demo', accountId: 'A' });
    const b = guard.issue({ scope: 'watchlists', environment: 'demo', accountId: 'A' });
    guard.revokeAll('dealing');
    expect(guard.isValid(a, { scope: 'dealing', environment: 'demo' })).toBe(false);
    expect(guard.isValid(b, { scope: 'watchlists', environment: 'demo' })).toBe(true);
  });

  it('restores permits (worker restart) and tells listeners about changes', () => {
    let seen = -1;
    const first = createGuard();
    const p = first.issue({ scope: 'dealing', environment: 'demo', accountId: 'A', ttlMs: 10_000 });
    const restored = createGuard({ permits: first.active() });
    restored.onChange((list) => {
      seen = list.length;
    });
    expect(restored.isValid(p, { scope: 'dealing', environment: 'demo', accountId: 'A' })).toBe(true);
    restored.revoke(p.id);
    expect(seen).toBe(0);
    expect(createGuard({ permits: [{ ...p, expiresAt: Date.now() - 1 }] }).active()).toHaveLength(0);
  });

  it('watchlist edits and application changes cross the guard with their own scopes', async () => {
    const client = fakeClient(fake);
    const guard = createGuard();
    const dealingPermit = guard.issue({ scope: 'dealing', environment: 'custom', accountId: FAKE_ACCOUNT });
    expect(() => createWatchlistEditor(client, dealingPermit, guard)).toThrow(PermitRequiredError);
    expect(() => createApplicationsAdmin(client, dealingPermit, guard)).toThrow(PermitRequiredError);
    const wp = guard.issue({ scope: 'watchlists', environment: 'custom', accountId: FAKE_ACCOUNT });
    const ap = guard.issue({ scope: 'applications', environment: 'custom', accountId: FAKE_ACCOUNT });
    const editor = createWatchlistEditor(client, wp, guard);
    const admin = createApplicationsAdmin(client, ap, guard);
    await editor.watchlists.create('Mine', ['CS.D.EURUSD.CFD.IP']);
    await admin.applications.update({ apiKey: FAKE_API_KEY, status: 'ENABLED' });
    expect(mutations()).toHaveLength(2);
    guard.revoke(wp.id);
    guard.revoke(ap.id);
    await expect(editor.watchlists.addMarket('123', 'CS.D.EURUSD.CFD.IP')).rejects.toBeInstanceOf(PermitRequiredError);
    await expect(admin.applications.disable()).rejects.toBeInstanceOf(PermitRequiredError);
    expect(mutations()).toHaveLength(2);
  });

  it('the read client has no mutation methods', () => {
    const client = fakeClient(fake) as unknown as Record<string, Record<string, unknown>>;
    expect(client.positions?.create).toBeUndefined();
    expect(client.workingOrders?.create).toBeUndefined();
    expect(client.watchlists?.create).toBeUndefined();
    expect(client.applications?.update).toBeUndefined();
  });
});
