// The dealing handlers without and with a permit: every dealing message refused without one, the permit's
// grant, revocation and survival of a worker restart, and the applications' allowances behind their own permit.
import { describe, expect, it } from 'vitest';
import { PermitRequiredError, ValidationError } from '../../lib/api/errors';
import { startDealing } from '../../lib/background/dealing';
import { registry } from '../../lib/settings/registry';
import { FAKE_ACCOUNT, FAKE_OTHER_ACCOUNT } from '../helpers/api-fake-ig';
import { configure, dealingContext } from './context';
import { dealingRequests, fake, grant, h, limitOrder, ticket, useFakeIg } from './handlers-fixture';

useFakeIg();

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
