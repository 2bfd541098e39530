// The dealing handlers with a permit: a deal quoted, opened and confirmed, refused or warned about, a position
// closed and amended, working orders created (once per request id), amended and deleted, and the read-only lists.
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../lib/api/errors';
import { toErrorView } from '../../lib/background/routing/error-view';
import { lastSettlement } from '../../lib/dealing/settlement';
import { registry } from '../../lib/settings/registry';
import { route } from '../helpers/api-fake-ig';
import { dealingContext, EPIC } from './context';
import { fake, grant, h, limitOrder, ticket, useFakeIg } from './handlers-fixture';

useFakeIg();

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
