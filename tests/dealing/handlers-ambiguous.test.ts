// The dealing handlers after a deal whose outcome is unknown: the reconciliation lock that refuses every
// further mutation, and its settling by the deal reference, by the account state, or at the worker's restart.
import { describe, expect, it } from 'vitest';
import { ReconciliationRequiredError } from '../../lib/api/errors';
import { startDealing } from '../../lib/background/dealing';
import { stopReconcileSchedule } from '../../lib/background/dealing/reconciler';
import { lastSettlement } from '../../lib/dealing/settlement';
import { registry } from '../../lib/settings/registry';
import { route } from '../helpers/api-fake-ig';
import { dealingContext, EPIC } from './context';
import { dealingRequests, fake, grant, h, ticket, useFakeIg } from './handlers-fixture';

useFakeIg();

describe('an ambiguous execution', () => {
  async function ambiguousDeal() {
    const parts = dealingContext(fake);
    await grant(parts.ctx);
    await h['deal.quoteOpen'](ticket, parts.ctx);
    fake.override(route('POST', /^\/positions\/otc$/), { destroy: true });
    const outcome = await h['deal.open']({ ticket, quoteReference: 'Q1' }, parts.ctx);
    stopReconcileSchedule();
    return { ...parts, outcome };
  }

  it('reports "unknown", records the lock in storage.local and refuses every further mutation', async () => {
    const { ctx, outcome } = await ambiguousDeal();
    expect(outcome.status).toBe('unknown');
    const stored = await registry.reconciliationLock.getValue();
    expect(stored).toMatchObject({ operation: 'positions.create', epic: EPIC });
    expect(stored!.dealReference).toBe(outcome.dealReference);
    expect(await h['lock.get']({}, ctx)).toMatchObject({ dealReference: outcome.dealReference, attempts: 0 });

    fake.reset();
    const mutations: (() => Promise<unknown>)[] = [
      () => h['deal.quoteOpen'](ticket, ctx),
      () => h['deal.open']({ ticket, quoteReference: 'Q1' }, ctx),
      () => h['positions.amend']({ dealId: 'DEAL-1', stopLevel: 1, limitLevel: null }, ctx),
      () => h['positions.quoteClose']({ dealId: 'DEAL-1' }, ctx),
      () => h['positions.close']({ dealId: 'DEAL-1', quoteReference: 'Q1' }, ctx),
      () => h['workingOrders.delete']({ dealId: 'DEAL-2' }, ctx),
    ];
    for (const run of mutations) await expect(run()).rejects.toBeInstanceOf(ReconciliationRequiredError);
    expect(dealingRequests()).toEqual([]);
  });

  it('is settled by the deal reference: the lock is cleared and the outcome kept for the banner', async () => {
    const { ctx, outcome } = await ambiguousDeal();
    const result = await h['lock.reconcile']({}, ctx);
    expect(result).toMatchObject({ settled: true, lock: null, outcome: { status: 'accepted', dealId: 'DEAL-1' } });
    expect(await registry.reconciliationLock.getValue()).toBeNull();
    expect(await lastSettlement.getValue()).toMatchObject({
      dealReference: outcome.dealReference,
      summary: `The deal on ${EPIC} went through (confirmed by IG).`,
    });
    expect(await h['deal.quoteOpen'](ticket, ctx)).toMatchObject({ quoteReference: 'Q1' });
  });

  it('is settled by the account state when the confirmation has gone', async () => {
    const { ctx, outcome } = await ambiguousDeal();
    fake.override(
      route('GET', /^\/confirms\//),
      { status: 404, body: { errorCode: 'error.confirms.deal-not-found' } },
      10,
    );
    fake.override(route('GET', /^\/positions$/), {
      body: {
        positions: [
          {
            position: {
              dealId: 'DEAL-7',
              dealReference: outcome.dealReference,
              size: 1,
              level: 11001,
              direction: 'BUY',
            },
            market: { epic: EPIC },
          },
        ],
      },
    });
    const result = await h['lock.reconcile']({}, ctx);
    expect(result).toMatchObject({ settled: true, outcome: { status: 'accepted', dealId: 'DEAL-7' } });
    expect((await lastSettlement.getValue())?.summary).toMatch(/found in the account's positions/);
  });

  it('stays locked while nothing definite is known, counting the attempts', async () => {
    const { ctx } = await ambiguousDeal();
    fake.override(
      route('GET', /^\/confirms\//),
      { status: 404, body: { errorCode: 'error.confirms.deal-not-found' } },
      10,
    );
    const result = await h['lock.reconcile']({}, ctx);
    stopReconcileSchedule();
    expect(result.settled).toBe(false);
    expect(result.lock).toMatchObject({ attempts: 1, lastError: 'IG has no definite answer yet' });
    await expect(h['deal.quoteOpen'](ticket, ctx)).rejects.toBeInstanceOf(ReconciliationRequiredError);
  });

  it('is reconciled when the worker starts again with the lock still stored', async () => {
    const first = await ambiguousDeal();
    expect(first.outcome.status).toBe('unknown');
    // A new worker: a new client and guard over the same storage.
    const { ctx } = dealingContext(fake);
    const stop = startDealing(ctx);
    try {
      await expect.poll(() => registry.reconciliationLock.getValue(), { timeout: 10_000 }).toBeNull();
      expect((await lastSettlement.getValue())?.outcome?.status).toBe('accepted');
    } finally {
      stop();
    }
  });
});
