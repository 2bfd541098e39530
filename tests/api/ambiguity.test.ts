import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AmbiguousExecutionError,
  type ClientConfig,
  createDealingClient,
  createGuard,
  createWatchlistEditor,
  type LockStore,
  memoryLockStore,
  NOT_EXECUTED_AFTER_MS,
  ReconciliationRequiredError,
  reconcile,
} from '../../lib/api';
import { fakeClient } from '../helpers/api-client';
import { FAKE_ACCOUNT, type FakeIg, route, startFakeIg } from '../helpers/api-fake-ig';

let fake: FakeIg;
beforeAll(async () => {
  fake = await startFakeIg();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const order = { epic: 'CS.D.EURUSD.CFD.IP', direction: 'BUY' as const, size: 2, currencyCode: 'USD', expiry: '-' };
const createRoute = route('POST', /^\/positions\/otc$/);
const confirmRoute = route('GET', /^\/confirms\//);

function setup(lockStore: LockStore = memoryLockStore(), extra: Partial<ClientConfig> = {}) {
  const client = fakeClient(fake, { lockStore, ...extra });
  const guard = createGuard();
  const issue = (scope: 'dealing' | 'watchlists') =>
    guard.issue({ scope, environment: 'custom', accountId: FAKE_ACCOUNT });
  return {
    client,
    lockStore,
    dealing: createDealingClient(client, issue('dealing'), guard),
    editor: createWatchlistEditor(client, issue('watchlists'), guard),
  };
}

async function ambiguousCreate(d: ReturnType<typeof setup>['dealing'], dealReference = 'REF_AMB_1') {
  fake.override(createRoute, { destroy: true });
  const error = await d.positions.create({ ...order, dealReference }).catch((e) => e);
  expect(error).toBeInstanceOf(AmbiguousExecutionError);
  return error as AmbiguousExecutionError;
}

const position = (dealReference: string, dealId: string, extra = {}) => ({
  position: { dealId, dealReference, size: 2, direction: 'BUY', ...extra },
  market: { epic: 'CS.D.EURUSD.CFD.IP' },
});

describe('ambiguous execution', () => {
  it('a dropped connection after sending throws AmbiguousExecutionError with the deal reference and records a lock', async () => {
    const { dealing, lockStore } = setup();
    const error = await ambiguousCreate(dealing);
    expect(error.dealReference).toBe('REF_AMB_1');
    expect(await lockStore.get()).toMatchObject({
      label: 'positions.create',
      dealReference: 'REF_AMB_1',
      epic: 'CS.D.EURUSD.CFD.IP',
      size: 2,
      accountId: FAKE_ACCOUNT,
    });
    expect(fake.calls().filter((r) => r.path === '/positions/otc')).toHaveLength(1);
  });

  it('a timeout, a 5xx and a malformed success reply are ambiguous too; a 4xx is not', async () => {
    for (const reply of [
      { delayMs: 10_000, body: {} },
      { status: 502, body: { errorCode: 'system.error' } },
      { raw: '{"deal' },
    ]) {
      const { dealing, lockStore } = setup();
      await dealing.positions.create(order); // logged in, so only the create can time out
      fake.override(createRoute, reply);
      await expect(dealing.positions.create(order, { timeoutMs: 150 })).rejects.toBeInstanceOf(AmbiguousExecutionError);
      expect(await lockStore.get()).not.toBeNull();
    }
    const { dealing, lockStore } = setup();
    fake.override(createRoute, { status: 400, body: { errorCode: 'error.trading.otc.market-orders.not-supported' } });
    await expect(dealing.positions.create(order)).rejects.toMatchObject({ status: 400 });
    expect(await lockStore.get()).toBeNull();
  });

  it('a cancelled mutation in flight is ambiguous', async () => {
    const { dealing, lockStore } = setup();
    await dealing.positions.create(order);
    fake.override(createRoute, { delayMs: 10_000, body: {} });
    const controller = new AbortController();
    const pending = dealing.positions.create(order, { signal: controller.signal });
    // Cancelled while the service holds the deal: it may have executed.
    const creates = () => fake.calls().filter((r) => r.path === '/positions/otc').length;
    await vi.waitFor(() => expect(creates()).toBe(2), { timeout: 10_000 });
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(AmbiguousExecutionError);
    expect(await lockStore.get()).not.toBeNull();
  });

  it('a failure before sending (login refused) is not ambiguous', async () => {
    const { dealing, lockStore } = setup(memoryLockStore(), { password: 'not-the-password' });
    await expect(dealing.positions.create(order)).rejects.toMatchObject({ kind: 'auth' });
    expect(await lockStore.get()).toBeNull();
  });

  it('until reconciled, every mutation is refused and nothing is sent; reads still work', async () => {
    const { dealing, editor, client } = setup();
    await ambiguousCreate(dealing);
    const before = fake.calls().length;
    await expect(dealing.positions.create(order)).rejects.toBeInstanceOf(ReconciliationRequiredError);
    await expect(dealing.workingOrders.delete('WO1')).rejects.toBeInstanceOf(ReconciliationRequiredError);
    await expect(editor.watchlists.create('List', [])).rejects.toBeInstanceOf(ReconciliationRequiredError);
    expect(fake.calls().length).toBe(before);
    await expect(client.positions.list()).resolves.toEqual({ positions: [] });
  });

  it('the lock survives a new client instance sharing the store (a restarted worker)', async () => {
    const lockStore = memoryLockStore();
    await ambiguousCreate(setup(lockStore).dealing);
    const fresh = setup(lockStore);
    await expect(fresh.client.pendingReconciliation()).resolves.toMatchObject({ dealReference: 'REF_AMB_1' });
    await expect(fresh.dealing.positions.create(order)).rejects.toBeInstanceOf(ReconciliationRequiredError);
  });
});

describe('reconciliation', () => {
  it('returns none when there is nothing to reconcile', async () => {
    const { client } = setup();
    await expect(reconcile(client)).resolves.toEqual({ outcome: 'none' });
  });

  it('accepted: the confirmation says ACCEPTED; the lock is cleared and dealing resumes', async () => {
    const { client, dealing, lockStore } = setup();
    await ambiguousCreate(dealing);
    const result = await reconcile(client);
    expect(result).toMatchObject({ outcome: 'accepted', via: 'confirm', dealId: 'DEAL-1' });
    expect(fake.calls().at(-1)?.path).toBe('/confirms/REF_AMB_1');
    expect(await lockStore.get()).toBeNull();
    await expect(dealing.positions.create(order)).resolves.toMatchObject({ dealReference: expect.any(String) });
  });

  it('rejected: the confirmation says REJECTED with its reason; the lock is cleared', async () => {
    const { client, dealing, lockStore } = setup();
    await ambiguousCreate(dealing);
    fake.override(confirmRoute, {
      body: { dealReference: 'REF_AMB_1', dealStatus: 'REJECTED', reason: 'INSUFFICIENT_FUNDS', dealId: null },
    });
    await expect(reconcile(client)).resolves.toMatchObject({ outcome: 'rejected', reason: 'INSUFFICIENT_FUNDS' });
    expect(await lockStore.get()).toBeNull();
  });

  it('not found yet: retries the confirmation within the window until it appears', async () => {
    const { client, dealing } = setup();
    await ambiguousCreate(dealing);
    fake.override(confirmRoute, { status: 404, body: { errorCode: 'error.confirms.deal-not-found' } }, 2);
    await expect(reconcile(client)).resolves.toMatchObject({ outcome: 'accepted', via: 'confirm' });
    expect(fake.calls().filter((r) => r.path === '/confirms/REF_AMB_1')).toHaveLength(3);
  });

  it('confirm gone: falls back to the positions and finds the deal by its reference', async () => {
    const { client, dealing, lockStore } = setup();
    await ambiguousCreate(dealing);
    fake.override(confirmRoute, { status: 404, body: { errorCode: 'error.confirms.deal-not-found' } }, 3);
    fake.override(route('GET', /^\/positions$/), {
      body: { positions: [position('OTHER', 'D0'), position('REF_AMB_1', 'D9')] },
    });
    await expect(reconcile(client)).resolves.toMatchObject({ outcome: 'accepted', via: 'positions', dealId: 'D9' });
    expect(await lockStore.get()).toBeNull();
  });

  it('never found: the outcome stays unknown and the lock is kept', async () => {
    const { client, dealing, lockStore } = setup();
    await ambiguousCreate(dealing);
    fake.override(confirmRoute, { status: 404, body: { errorCode: 'error.confirms.deal-not-found' } }, 3);
    const result = await reconcile(client);
    expect(result).toMatchObject({ outcome: 'unknown', lock: { dealReference: 'REF_AMB_1' } });
    expect(await lockStore.get()).not.toBeNull();
    await expect(dealing.positions.create(order)).rejects.toBeInstanceOf(ReconciliationRequiredError);
  });

  it('a close without a reference is settled by the account state: the position is gone', async () => {
    const { client, dealing, lockStore } = setup();
    fake.override(route('POST', /^\/positions\/otc$/), { status: 504, body: { errorCode: 'system.error' } });
    const error = await dealing.positions.close({ dealId: 'D7', direction: 'SELL', size: 2 }).catch((e) => e);
    expect(error).toBeInstanceOf(AmbiguousExecutionError);
    expect(error).toMatchObject({ dealReference: null, dealId: 'D7' });
    fake.override(route('GET', /^\/positions$/), { body: { positions: [position('X', 'D7')] } });
    await expect(reconcile(client)).resolves.toMatchObject({ outcome: 'unknown' });
    await expect(reconcile(client)).resolves.toMatchObject({ outcome: 'accepted', via: 'positions', dealId: 'D7' });
    expect(await lockStore.get()).toBeNull();
  });

  it('an amend is recognised by its levels in the account state', async () => {
    const { client, dealing } = setup();
    fake.override(route('PUT', /^\/positions\/otc\/D5$/), { destroy: true });
    await expect(dealing.positions.amend('D5', { stopLevel: 1.05, limitLevel: 1.2 })).rejects.toBeInstanceOf(
      AmbiguousExecutionError,
    );
    fake.override(route('GET', /^\/positions$/), {
      body: { positions: [position('X', 'D5', { stopLevel: 1.05, limitLevel: 1.2 })] },
    });
    await expect(reconcile(client)).resolves.toMatchObject({ outcome: 'accepted', dealId: 'D5' });
  });
});

describe('the lock written before a deal leaves', () => {
  it('is in the store while the request is on the wire, and cleared by the reply', async () => {
    const lockStore = memoryLockStore();
    const seen: unknown[] = [];
    const { dealing } = setup(lockStore, {
      fetch: async (input, init) => {
        if (String(input).endsWith('/positions/otc')) seen.push(await lockStore.get());
        return fetch(input, init);
      },
    });
    await dealing.positions.create({ ...order, dealReference: 'REF_AHEAD' });
    expect(seen).toEqual([expect.objectContaining({ dealReference: 'REF_AHEAD', inFlight: true })]);
    expect(await lockStore.get()).toBeNull();
  });

  it('stays for the next worker when this one stops mid-request, and blocks every mutation', async () => {
    const lockStore = memoryLockStore();
    let sent = false;
    const { dealing } = setup(lockStore, {
      fetch: (input, init) => {
        if (!String(input).endsWith('/positions/otc')) return fetch(input, init);
        sent = true;
        return new Promise<Response>(() => {});
      },
    });
    void dealing.positions.create({ ...order, dealReference: 'REF_STOPPED' }).catch(() => {});
    // The worker stops once the deal is on the wire.
    await vi.waitFor(() => expect(sent).toBe(true), { timeout: 10_000 });
    const next = setup(lockStore);
    expect(await lockStore.get()).toMatchObject({ dealReference: 'REF_STOPPED', inFlight: true });
    await expect(next.dealing.positions.create(order)).rejects.toBeInstanceOf(ReconciliationRequiredError);
    expect(fake.calls().filter((r) => r.path === '/positions/otc')).toHaveLength(0);
  });

  it('is not judged by a reconciliation while its own request is still on the wire', async () => {
    let now = Date.parse('2026-11-18T15:00:00Z');
    const lockStore = memoryLockStore();
    let release: (() => void) | null = null;
    const { client, dealing } = setup(lockStore, {
      now: () => now,
      fetch: async (input, init) => {
        if (String(input).endsWith('/positions/otc')) await new Promise<void>((r) => (release = r));
        return fetch(input, init);
      },
    });
    const placing = dealing.positions.create({ ...order, dealReference: 'REF_LIVE' });
    await vi.waitFor(() => expect(release).not.toBeNull(), { timeout: 10_000 });
    now += NOT_EXECUTED_AFTER_MS * 2;
    await expect(reconcile(client, { attempts: 1, delayMs: 0 })).resolves.toMatchObject({ outcome: 'unknown' });
    expect(await lockStore.get()).toMatchObject({ dealReference: 'REF_LIVE', inFlight: true });
    (release as unknown as () => void)();
    await expect(placing).resolves.toMatchObject({ dealReference: 'REF_LIVE' });
    expect(await lockStore.get()).toBeNull();
  });

  it('a refusal before execution (4xx) clears it: the outcome is definite', async () => {
    const { dealing, lockStore } = setup();
    fake.override(createRoute, { status: 400, body: { errorCode: 'invalid.input' } });
    await expect(dealing.positions.create(order)).rejects.not.toBeInstanceOf(AmbiguousExecutionError);
    expect(await lockStore.get()).toBeNull();
  });

  it('openAndConfirm keeps it until the confirmation is read', async () => {
    const lockStore = memoryLockStore();
    const seen: unknown[] = [];
    const { dealing } = setup(lockStore, {
      fetch: async (input, init) => {
        if (String(input).includes('/confirms/')) seen.push(await lockStore.get());
        return fetch(input, init);
      },
    });
    let lockWhenSettled: unknown = null;
    await expect(
      dealing.positions.openAndConfirm(
        { ...order, dealReference: 'REF_OAC' },
        {
          beforeUnlock: async (outcome) => {
            expect(outcome).toMatchObject({ status: 'accepted', dealReference: 'REF_OAC' });
            lockWhenSettled = await lockStore.get();
          },
        },
      ),
    ).resolves.toMatchObject({ status: 'accepted' });
    expect(seen[0]).toMatchObject({ dealReference: 'REF_OAC' });
    expect(lockWhenSettled).toMatchObject({ dealReference: 'REF_OAC' });
    expect(await lockStore.get()).toBeNull();
  });

  it('a create that neither a confirmation nor the account shows long after it was sent is not executed', async () => {
    let now = Date.parse('2026-11-18T15:00:00Z');
    const { client, dealing, lockStore } = setup(memoryLockStore(), { now: () => now });
    await ambiguousCreate(dealing, 'REF_NEVER');
    fake.override(confirmRoute, { status: 404, body: { errorCode: 'error.confirms.deal-not-found' } }, 10);
    await expect(reconcile(client, { attempts: 1, delayMs: 0 })).resolves.toMatchObject({ outcome: 'unknown' });
    now += NOT_EXECUTED_AFTER_MS;
    await expect(reconcile(client, { attempts: 1, delayMs: 0 })).resolves.toMatchObject({ outcome: 'not-executed' });
    expect(await lockStore.get()).toBeNull();
  });
});
