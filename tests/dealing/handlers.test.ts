import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PermitRequiredError, ReconciliationRequiredError, ValidationError } from '../../lib/api/errors';
import { dealingHandlers, startDealing } from '../../lib/background/dealing';
import { CONFIRM_POLL } from '../../lib/background/dealing/outcome';
import { RECONCILE_POLL, stopReconcileSchedule } from '../../lib/background/dealing/reconciler';
import type { Handlers } from '../../lib/background/handlers/table';
import { toErrorView } from '../../lib/background/routing/error-view';
import { lastSettlement } from '../../lib/dealing/settlement';
import type { ParsedRequestOf } from '../../lib/messages/contract';
import { registry } from '../../lib/settings/registry';
import { FAKE_ACCOUNT, FAKE_OTHER_ACCOUNT, type FakeIg, route, startFakeIg } from '../helpers/api-fake-ig';
import { configure, dealingContext, EPIC } from './context';

const h = dealingHandlers as Handlers;
let fake: FakeIg;

const ticket: ParsedRequestOf<'deal.quoteOpen'> = {
  epic: EPIC,
  direction: 'BUY',
  size: 1,
  orderType: 'MARKET',
  level: null,
  currencyCode: 'USD',
  expiry: '-',
  stop: { mode: 'distance', value: 20 },
  limit: null,
};

const limitOrder = {
  epic: EPIC,
  direction: 'BUY' as const,
  size: 1,
  type: 'LIMIT' as const,
  level: 10900,
  currencyCode: 'USD',
  expiry: '-',
  timeInForce: 'GOOD_TILL_CANCELLED' as const,
  goodTillDate: null,
  stopDistance: null,
  limitDistance: null,
};

const grant = (ctx: ReturnType<typeof dealingContext>['ctx'], scope: 'dealing' | 'applications' = 'dealing') =>
  h['permit.grant'](
    { scope, accountId: FAKE_ACCOUNT, confirmAccountId: null, durationMs: 4 * 3600_000, acknowledged: true },
    ctx,
  );

const dealingRequests = () =>
  fake
    .calls()
    .filter((r) => /^\/(positions|working-orders|indicativecostsandcharges|repeat-dealing-window)/.test(r.path));

beforeAll(async () => {
  fake = await startFakeIg();
  CONFIRM_POLL.delayMs = 5;
  RECONCILE_POLL.delayMs = 5;
});
afterAll(() => fake.close());
beforeEach(async () => {
  fakeBrowser.reset();
  fake.reset();
  await lastSettlement.setValue(null);
  await configure(fake);
});
afterEach(() => stopReconcileSchedule());

describe('without a dealing permit', () => {
  it('refuses every dealing message and sends nothing to the service, not even a login', async () => {
    const { ctx } = dealingContext(fake);
    const attempts: [string, () => Promise<unknown>][] = [
      ['deal.quoteOpen', () => h['deal.quoteOpen'](ticket, ctx)],
      ['deal.open', () => h['deal.open']({ ticket, quoteReference: 'Q1' }, ctx)],
      ['deal.durableMedium', () => h['deal.durableMedium']({ quoteReference: 'Q1' }, ctx)],
      ['deal.quoteHistory', () => h['deal.quoteHistory']({ from: 0, to: Date.now() }, ctx)],
      ['deal.repeatWindow', () => h['deal.repeatWindow']({}, ctx)],
      ['positions.amend', () => h['positions.amend']({ dealId: 'DEAL-1', stopLevel: 1, limitLevel: null }, ctx)],
      ['positions.quoteClose', () => h['positions.quoteClose']({ dealId: 'DEAL-1' }, ctx)],
      ['positions.close', () => h['positions.close']({ dealId: 'DEAL-1', quoteReference: 'Q1' }, ctx)],
      ['workingOrders.create', () => h['workingOrders.create']({ ...limitOrder, requestId: 'MS-NOPERMIT' }, ctx)],
      [
        'workingOrders.amend',
        () =>
          h['workingOrders.amend'](
            {
              dealId: 'DEAL-2',
              level: 10800,
              type: 'LIMIT',
              timeInForce: 'GOOD_TILL_CANCELLED',
              goodTillDate: null,
              stopDistance: null,
              limitDistance: null,
            },
            ctx,
          ),
      ],
      ['workingOrders.delete', () => h['workingOrders.delete']({ dealId: 'DEAL-2' }, ctx)],
    ];
    for (const [name, run] of attempts) {
      await expect(run(), name).rejects.toBeInstanceOf(PermitRequiredError);
    }
    expect(fake.requests).toEqual([]);
  });

  it('refuses application changes without the applications permit, even with a dealing permit', async () => {
    const { ctx } = dealingContext(fake);
    await grant(ctx, 'dealing');
    fake.reset();
    await expect(
      h['applications.update']({ apiKey: 'fake…AKEY', allowanceAccountOverall: 30 }, ctx),
    ).rejects.toBeInstanceOf(PermitRequiredError);
    await expect(h['applications.disable']({ apiKey: 'fake…AKEY', confirmed: true }, ctx)).rejects.toBeInstanceOf(
      PermitRequiredError,
    );
    expect(fake.calls().filter((r) => r.path.startsWith('/operations'))).toEqual([]);
  });
});

describe('the permit', () => {
  it('is granted for the active account, shown, and revoked at once', async () => {
    const { ctx, guard } = dealingContext(fake);
    const permit = await grant(ctx);
    expect(permit).toMatchObject({ scope: 'dealing', environment: 'custom', accountId: FAKE_ACCOUNT });
    expect(await h['permit.get']({}, ctx)).toEqual([permit]);
    expect(guard.active().map((p) => p.id)).toEqual([permit.id]);

    await h['permit.revoke']({ scope: 'dealing' }, ctx);
    expect(await h['permit.get']({}, ctx)).toEqual([]);
    expect(guard.active()).toEqual([]);
    fake.reset();
    await expect(h['deal.quoteOpen'](ticket, ctx)).rejects.toBeInstanceOf(PermitRequiredError);
    expect(dealingRequests()).toEqual([]);
  });

  it('is not granted for another account than the active one', async () => {
    const { ctx } = dealingContext(fake);
    await expect(
      h['permit.grant'](
        {
          scope: 'dealing',
          accountId: FAKE_OTHER_ACCOUNT,
          confirmAccountId: null,
          durationMs: null,
          acknowledged: true,
        },
        ctx,
      ),
    ).rejects.toBeInstanceOf(ValidationError);
    expect(await registry.permits.getValue()).toEqual([]);
  });

  it('still works after a worker restart (a new, empty guard) and is still revoked at once', async () => {
    const before = dealingContext(fake);
    await grant(before.ctx);
    const { ctx, guard } = dealingContext(fake);
    expect(await h['deal.quoteOpen'](ticket, ctx)).toMatchObject({ quoteReference: 'Q1' });
    expect(guard.active()).toHaveLength(1);
    await h['permit.revoke']({ scope: 'dealing' }, ctx);
    expect(guard.active()).toEqual([]);
    await expect(h['deal.quoteOpen'](ticket, ctx)).rejects.toBeInstanceOf(PermitRequiredError);
  });

  it('"until the browser closes" is kept in session storage only', async () => {
    const { ctx } = dealingContext(fake);
    await h['permit.grant'](
      { scope: 'dealing', accountId: FAKE_ACCOUNT, confirmAccountId: null, durationMs: null, acknowledged: true },
      ctx,
    );
    expect(await registry.permits.getValue()).toEqual([]);
    expect((await registry.sessionPermits.getValue()).map((p) => p.expiresAt)).toEqual([null]);
  });

  it('is revoked when the connection changes or the session moves to another account', async () => {
    const { ctx, guard } = dealingContext(fake);
    const stop = startDealing(ctx);
    try {
      await grant(ctx);
      await registry.connection.setValue({ ...(await registry.connection.getValue()), identifier: 'someone-else' });
      await expect.poll(async () => (await registry.permits.getValue()).length, { timeout: 10_000 }).toBe(0);
      expect(guard.active()).toEqual([]);

      await configure(fake);
      await grant(ctx);
      await registry.sessionTokens.setValue({ version: 2, info: { accountId: FAKE_ACCOUNT, accounts: [] } });
      await registry.sessionTokens.setValue({ version: 2, info: { accountId: FAKE_OTHER_ACCOUNT, accounts: [] } });
      await expect.poll(async () => (await registry.permits.getValue()).length, { timeout: 10_000 }).toBe(0);
    } finally {
      stop();
    }
  });
});

describe('dealing with a permit', () => {
  it('quotes first, then opens and confirms; the quote backs one deal only', async () => {
    const { ctx } = dealingContext(fake);
    await grant(ctx);
    fake.override(route('GET', /^\/confirms\//), (r) => ({
      body: {
        dealReference: decodeURIComponent(r.path.split('/')[2]!),
        dealStatus: 'ACCEPTED',
        dealId: 'DEAL-9',
        reason: 'SUCCESS',
        level: 11001,
        size: 1,
      },
    }));
    const quote = await h['deal.quoteOpen'](ticket, ctx);
    expect(quote.quoteReference).toBe('Q1');
    const quoteBody = fake.calls().find((r) => r.path === '/indicativecostsandcharges/open')!.body;
    expect(quoteBody).toMatchObject({ ask: 11001, bid: 11000, size: 1, direction: 'BUY', stopLevel: 10981 });

    const outcome = await h['deal.open']({ ticket, quoteReference: 'Q1' }, ctx);
    expect(outcome).toMatchObject({ status: 'accepted', dealId: 'DEAL-9', level: 11001, size: 1 });
    // Kept for a page whose reply is lost (the panel closed or the worker stopped before answering).
    expect(await lastSettlement.getValue()).toMatchObject({
      direct: true,
      dealReference: outcome.dealReference,
      outcome: { status: 'accepted', dealId: 'DEAL-9' },
      summary: `The deal on ${EPIC} went through.`,
    });
    const opens = fake.calls().filter((r) => r.method === 'POST' && r.path === '/positions/otc');
    expect(opens).toHaveLength(1);
    expect(opens[0]!.body).toMatchObject({ epic: EPIC, direction: 'BUY', size: 1, stopDistance: 20, forceOpen: true });

    await expect(h['deal.open']({ ticket, quoteReference: 'Q1' }, ctx)).rejects.toBeInstanceOf(ValidationError);
    expect(fake.calls().filter((r) => r.method === 'POST' && r.path === '/positions/otc')).toHaveLength(1);
  });

  it('warns when the account shows the one deal opened twice (a request the browser sent again)', async () => {
    const { ctx } = dealingContext(fake);
    await grant(ctx);
    await h['deal.quoteOpen'](ticket, ctx);
    fake.override(route('GET', /^\/positions$/), (r) => {
      const ref = fake.calls().find((c) => c.path === '/positions/otc')?.body as { dealReference: string };
      const position = (dealId: string) => ({
        position: { dealId, dealReference: ref.dealReference, size: 1, level: 11001, direction: 'BUY' },
        market: { epic: EPIC },
      });
      return r ? { body: { positions: [position('DEAL-A'), position('DEAL-B')] } } : undefined;
    });
    const outcome = await h['deal.open']({ ticket, quoteReference: 'Q1' }, ctx);
    expect(outcome.status).toBe('accepted');
    const warning = await lastSettlement.getValue();
    expect(warning).toMatchObject({ warning: true, dealReference: outcome.dealReference });
    expect(warning?.summary).toMatch(/IG shows 2 positions \(DEAL-A, DEAL-B\) opened by one deal request/);
  });

  it('refuses a deal whose ticket changed after the quote, and a ticket that breaks the dealing rules', async () => {
    const { ctx } = dealingContext(fake);
    await grant(ctx);
    await h['deal.quoteOpen'](ticket, ctx);
    await expect(h['deal.open']({ ticket: { ...ticket, size: 2 }, quoteReference: 'Q1' }, ctx)).rejects.toThrow(
      /changed after it was quoted/,
    );
    await expect(h['deal.quoteOpen']({ ...ticket, size: 0.5 }, ctx)).rejects.toThrow(/minimum size/);
    expect(fake.calls().filter((r) => r.path === '/positions/otc')).toEqual([]);
  });

  it('reports a rejection with the reason in plain words', async () => {
    const { ctx } = dealingContext(fake);
    await grant(ctx);
    fake.override(route('GET', /^\/confirms\//), (r) => ({
      body: { dealReference: r.path.split('/')[2], dealStatus: 'REJECTED', reason: 'INSUFFICIENT_FUNDS' },
    }));
    await h['deal.quoteOpen'](ticket, ctx);
    const outcome = await h['deal.open']({ ticket, quoteReference: 'Q1' }, ctx);
    expect(outcome).toMatchObject({
      status: 'rejected',
      reason: 'INSUFFICIENT_FUNDS',
    });
    expect(await registry.reconciliationLock.getValue()).toBeNull();
  });

  it('closes a position only with its close quote', async () => {
    const { ctx } = dealingContext(fake);
    await grant(ctx);
    fake.override(
      route('GET', /^\/positions\/DEAL-1$/),
      {
        body: {
          position: { dealId: 'DEAL-1', size: 2, level: 10950, direction: 'BUY', currency: 'USD' },
          market: { epic: EPIC, bid: 11000, offer: 11001 },
        },
      },
      Number.POSITIVE_INFINITY,
    );
    fake.override(route('POST', /^\/indicativecostsandcharges\/close$/), {
      body: { close: { indicativeQuoteReference: 'QC1', closingSpread: 0.5 }, currencyCodeISO: 'USD' },
    });
    await expect(h['positions.close']({ dealId: 'DEAL-1', quoteReference: 'QC1' }, ctx)).rejects.toBeInstanceOf(
      ValidationError,
    );
    const q = await h['positions.quoteClose']({ dealId: 'DEAL-1' }, ctx);
    expect(q).toMatchObject({ quoteReference: 'QC1', lines: [{ label: 'Closing spread', amount: 0.5 }] });
    const outcome = await h['positions.close']({ dealId: 'DEAL-1', quoteReference: 'QC1' }, ctx);
    expect(outcome.status).toBe('accepted');
    const close = fake.calls().find((r) => r.path === '/positions/otc' && r.headers._method === 'DELETE');
    expect(close?.body).toMatchObject({ dealId: 'DEAL-1', direction: 'SELL', size: 2, orderType: 'MARKET' });
  });
});

describe('amending positions and working orders', () => {
  it('amends a position and creates, amends and deletes a working order, each confirmed', async () => {
    const { ctx } = dealingContext(fake);
    await grant(ctx);
    fake.override(
      route('GET', /^\/positions\/DEAL-1$/),
      { body: { position: { dealId: 'DEAL-1', size: 1, level: 10950, direction: 'BUY' }, market: { epic: EPIC } } },
      Number.POSITIVE_INFINITY,
    );
    expect((await h['positions.amend']({ dealId: 'DEAL-1', stopLevel: 10900, limitLevel: null }, ctx)).status).toBe(
      'accepted',
    );
    const put = fake.calls().find((r) => r.method === 'PUT' && r.path === '/positions/otc/DEAL-1');
    expect(put?.body).toMatchObject({ stopLevel: 10900 });

    const order = { ...limitOrder, stopDistance: 30, requestId: 'MS-ORDER-1' };
    // A limit order to buy above the offer would fill at once: refused before sending.
    await expect(h['workingOrders.create']({ ...order, level: 11100 }, ctx)).rejects.toThrow(/below the current offer/);
    expect((await h['workingOrders.create'](order, ctx)).status).toBe('accepted');
    const created = fake.calls().find((r) => r.method === 'POST' && r.path === '/working-orders/otc');
    expect(created?.body).toMatchObject({
      level: 10900,
      type: 'LIMIT',
      stopDistance: 30,
      timeInForce: 'GOOD_TILL_CANCELLED',
      dealReference: 'MS-ORDER-1',
    });

    const amend = { ...order, dealId: 'WO-1', level: 10850 };
    expect((await h['workingOrders.amend'](amend, ctx)).status).toBe('accepted');
    expect(fake.calls().find((r) => r.method === 'PUT' && r.path === '/working-orders/otc/WO-1')?.body).toMatchObject({
      level: 10850,
    });
    expect((await h['workingOrders.delete']({ dealId: 'WO-1' }, ctx)).status).toBe('accepted');
    const deleted = fake.calls().filter((r) => r.path === '/working-orders/otc/WO-1' && r.method !== 'PUT');
    expect(deleted.map((r) => r.headers._method ?? r.method)).toEqual(['DELETE']);
  });

  it('places a working order delivered twice once, and answers the repeat with its outcome', async () => {
    const { ctx } = dealingContext(fake);
    await grant(ctx);
    const order = limitOrder;
    const sent = () => fake.calls().filter((r) => r.method === 'POST' && r.path === '/working-orders/otc');

    const first = await h['workingOrders.create']({ ...order, requestId: 'MS-TWICE-1' }, ctx);
    expect(first.status).toBe('accepted');
    expect(await h['workingOrders.create']({ ...order, requestId: 'MS-TWICE-1' }, ctx)).toEqual(first);
    expect(sent()).toHaveLength(1);

    // Both deliveries at once: one order; the other is told its outcome is not known yet.
    const both = await Promise.allSettled([
      h['workingOrders.create']({ ...order, requestId: 'MS-TWICE-2' }, ctx),
      h['workingOrders.create']({ ...order, requestId: 'MS-TWICE-2' }, ctx),
    ]);
    expect(sent()).toHaveLength(2);
    expect(both.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = both.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(String(refused.reason.message)).toMatch(/sent once already/);

    // A new submit is a new order.
    expect((await h['workingOrders.create']({ ...order, requestId: 'MS-TWICE-3' }, ctx)).status).toBe('accepted');
    expect(sent().map((r) => (r.body as { dealReference: string }).dealReference)).toEqual([
      'MS-TWICE-1',
      'MS-TWICE-2',
      'MS-TWICE-3',
    ]);
  });

  it('answers a repeat of a refused working order with the same error, and sends it once', async () => {
    const { ctx } = dealingContext(fake);
    await grant(ctx);
    const sent = () => fake.calls().filter((r) => r.method === 'POST' && r.path === '/working-orders/otc');
    fake.override(route('POST', /^\/working-orders\/otc$/), {
      status: 400,
      body: { errorCode: 'error.service.create.workingorder.insufficient-funds' },
    });
    const order = { ...limitOrder, requestId: 'MS-REFUSED-1' };

    const first = await h['workingOrders.create'](order, ctx).catch((e: unknown) => e);
    const repeat = await h['workingOrders.create'](order, ctx).catch((e: unknown) => e);
    expect(toErrorView(first)).toMatchObject({
      kind: 'bad-request',
      code: 'error.service.create.workingorder.insufficient-funds',
    });
    expect(toErrorView(repeat)).toEqual(toErrorView(first));
    expect(sent()).toHaveLength(1);
  });

  it('lists positions and working orders without a permit (read-only), with profit and loss', async () => {
    const { ctx } = dealingContext(fake);
    fake.override(route('GET', /^\/positions$/), {
      body: {
        positions: [
          {
            position: {
              dealId: 'DEAL-1',
              size: 2,
              level: 1.095,
              direction: 'BUY',
              currency: 'USD',
              contractSize: 10000,
            },
            market: {
              epic: EPIC,
              instrumentName: 'EUR/USD',
              bid: 1.1,
              offer: 1.1001,
              marketStatus: 'TRADEABLE',
              scalingFactor: 10000,
            },
          },
        ],
      },
    });
    const [position] = await h['positions.list']({}, ctx);
    // The signed-in account is a CFD one: 50 pips × contract size 10,000 × 2 contracts, in USD.
    expect(position).toMatchObject({ dealId: 'DEAL-1', instrumentName: 'EUR/USD', currency: 'USD', profitLoss: 100 });
    expect(await h['workingOrders.list']({}, ctx)).toEqual([]);
  });
});

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

describe('applications', () => {
  it('lists allowances with masked keys and changes them only with the applications permit', async () => {
    const { ctx } = dealingContext(fake);
    const apps = await h['applications.list']({}, ctx);
    expect(apps).toHaveLength(1);
    expect(apps[0]).toMatchObject({ apiKeyMasked: 'fake…TKEY', current: true, status: 'ENABLED' });
    expect(JSON.stringify(apps)).not.toContain('SECRETKEY');

    await grant(ctx, 'applications');
    await h['applications.update']({ apiKey: 'fake…TKEY', allowanceAccountTrading: 20 }, ctx);
    const put = fake.calls().find((r) => r.method === 'PUT' && r.path === '/operations/application');
    expect(put?.body).toMatchObject({ status: 'ENABLED', allowanceAccountTrading: 20 });
    await h['applications.disable']({ apiKey: 'fake…TKEY', confirmed: true }, ctx);
    expect(fake.calls().some((r) => r.path === '/operations/application/disable')).toBe(true);
  });
});
