// positions.* and workingOrders.*: the lists are reads (shown read-only without a permit); every change
// needs the dealing permit and an unlocked state, and reports its confirmed outcome.
import { i18n } from '#i18n';
import { ApiError, ValidationError } from '../../api/errors';
import { amendWorkingOrderRequest, createWorkingOrderRequest } from '../../dealing/to-service';
import { accountTypeOf, closeQuoteView, positionView, workingOrderView } from '../../dealing/views';
import { validateWorkingOrder } from '../../dealing/working-order';
import type { DealOutcome } from '../../model';
import type { Handlers } from '../handlers/table';
import { toErrorView } from '../routing/error-view';
import { RepeatedError } from '../routing/errors';
import type { ApiClient } from '../session/api-client';
import { dealingAccess } from './access';
import { mutateAndConfirm } from './outcome';
import { quoteProblem, rememberQuote, takeQuote } from './quotes';
import { claimOrder, recordFailure, recordOutcome } from './sent-orders';

type Names =
  | 'positions.list'
  | 'positions.amend'
  | 'positions.quoteClose'
  | 'positions.close'
  | 'workingOrders.list'
  | 'workingOrders.create'
  | 'workingOrders.amend'
  | 'workingOrders.delete';

/** Account types learnt from GET /accounts, for sessions whose login reply names none (v3, OAuth). */
const listedTypes = new WeakMap<ApiClient, Map<string, string | null>>();

/** The signed-in account's type: from the login reply, else from GET /accounts once per session and account. */
async function accountTypeFor(client: ApiClient): Promise<string | null> {
  const info = client.sessionInfo();
  const named = accountTypeOf(info);
  if (named || !info) return named;
  const known = listedTypes.get(client) ?? new Map<string, string | null>();
  listedTypes.set(client, known);
  if (!known.has(info.accountId)) {
    const { accounts } = await client.accounts.list();
    known.set(info.accountId, accounts.find((a) => a.accountId === info.accountId)?.accountType ?? null);
  }
  return known.get(info.accountId) ?? null;
}

export const positionHandlers: Pick<Handlers, Names> = {
  async 'positions.list'(_request, ctx) {
    const fetch = async () => {
      const client = await ctx.getClient();
      const { positions } = await client.positions.list();
      const accountType = positions.length ? await accountTypeFor(client) : null;
      return positions.map((p) => positionView(p, accountType));
    };
    const account = await ctx.account?.();
    return account ? account.live.positionsList(fetch) : fetch();
  },

  async 'workingOrders.list'(_request, ctx) {
    const fetch = async () => (await (await ctx.getClient()).workingOrders.list()).workingOrders.map(workingOrderView);
    const account = await ctx.account?.();
    return account ? account.live.ordersList(fetch) : fetch();
  },

  async 'positions.amend'(request, ctx) {
    const { client, dealing, context } = await dealingAccess(ctx, { lockFree: true });
    const current = await client.positions.get(request.dealId);
    return mutateAndConfirm(
      ctx,
      client,
      {
        label: 'positions.amend',
        dealId: request.dealId,
        epic: current.market.epic,
        direction: null,
        size: null,
        levels: { stopLevel: request.stopLevel, limitLevel: request.limitLevel },
        environment: context.environment,
        accountId: context.accountId,
      },
      () => dealing.positions.amend(request.dealId, { stopLevel: request.stopLevel, limitLevel: request.limitLevel }),
    );
  },

  async 'positions.quoteClose'(request, ctx) {
    const { client } = await dealingAccess(ctx, { lockFree: true });
    const { position, market } = await client.positions.get(request.dealId);
    if (typeof market.bid !== 'number' || typeof market.offer !== 'number')
      throw new ValidationError('market', i18n.t('bgError.noPriceClose'));
    if (typeof position.size !== 'number' || typeof position.level !== 'number' || !position.currency)
      throw new ApiError(i18n.t('bgError.positionIncomplete'), {
        errorCode: 'client.incomplete-position',
      });
    const reply = await client.indicativeCosts.quoteClose({
      ask: market.offer,
      bid: market.bid,
      dealCurrencyCode: position.currency,
      size: position.size,
      direction: position.direction === 'SELL' ? 'BUY' : 'SELL',
      epic: market.epic,
      openingLevel: position.level,
    });
    const quote = closeQuoteView(reply, ctx.now());
    if (!quote) throw new ApiError(i18n.t('bgError.noQuoteReference'), { errorCode: 'client.no-quote-reference' });
    await rememberQuote(
      { quoteReference: quote.quoteReference, purpose: 'close', key: request.dealId, createdAt: ctx.now() },
      ctx.now(),
    );
    return quote;
  },

  async 'positions.close'(request, ctx) {
    const { client, dealing, context } = await dealingAccess(ctx, { lockFree: true });
    const quoted = await takeQuote(request.quoteReference, 'close', request.dealId, ctx.now());
    if (quoted !== 'ok') throw new ValidationError('quoteReference', quoteProblem(quoted));
    const { position, market } = await client.positions.get(request.dealId);
    if (typeof position.size !== 'number')
      throw new ApiError(i18n.t('bgError.positionNoSize'), { errorCode: 'client.incomplete-position' });
    const direction = position.direction === 'SELL' ? 'BUY' : 'SELL';
    return mutateAndConfirm(
      ctx,
      client,
      {
        label: 'positions.close',
        dealId: request.dealId,
        epic: market.epic,
        direction,
        size: position.size,
        levels: null,
        environment: context.environment,
        accountId: context.accountId,
      },
      () => dealing.positions.close({ dealId: request.dealId, direction, size: position.size!, orderType: 'MARKET' }),
    );
  },

  async 'workingOrders.create'(request, ctx) {
    const { client, dealing, context } = await dealingAccess(ctx, { lockFree: true });
    const facts = (await ctx.markets.facts(request.epic)).value;
    const [quote] = await ctx.markets.quotes([request.epic], { maxAgeMs: 10_000 });
    const check = validateWorkingOrder(
      {
        epic: request.epic,
        direction: request.direction,
        type: request.type,
        size: request.size,
        level: request.level,
        goodTillDate: request.timeInForce === 'GOOD_TILL_DATE' ? (request.goodTillDate ?? null) : null,
        stopDistance: request.stopDistance ?? null,
        limitDistance: request.limitDistance ?? null,
      },
      facts,
      { bid: quote?.value.bid ?? null, offer: quote?.value.offer ?? null },
      ctx.now(),
    );
    if (!check.ok) throw new ValidationError(check.issues[0]!.field, check.issues[0]!.message);
    const claim = await claimOrder(request.requestId, ctx.now());
    if (!claim.fresh) {
      if (claim.outcome) return claim.outcome;
      if (claim.failed) throw new RepeatedError(claim.failed);
      throw new ApiError(i18n.t('orderSentOnce.outcomeUnknown'), { errorCode: 'client.order-sent-once' });
    }
    const body = { ...createWorkingOrderRequest(check.order), dealReference: request.requestId };
    let outcome: DealOutcome;
    try {
      outcome = await mutateAndConfirm(
        ctx,
        client,
        {
          label: 'working_orders.create',
          dealId: null,
          epic: request.epic,
          direction: request.direction,
          size: check.order.size,
          levels: { level: check.order.level },
          environment: context.environment,
          accountId: context.accountId,
        },
        () => dealing.workingOrders.create(body),
      );
    } catch (error) {
      // A repeat delivery is answered as the first was: with its error.
      await recordFailure(request.requestId, toErrorView(error));
      throw error;
    }
    await recordOutcome(request.requestId, outcome);
    return outcome;
  },

  async 'workingOrders.amend'(request, ctx) {
    const { client, dealing, context } = await dealingAccess(ctx, { lockFree: true });
    if (request.timeInForce === 'GOOD_TILL_DATE' && !(request.goodTillDate && request.goodTillDate > ctx.now()))
      throw new ValidationError('goodTillDate', 'The "good till" date must be in the future.');
    return mutateAndConfirm(
      ctx,
      client,
      {
        label: 'working_orders.amend',
        dealId: request.dealId,
        epic: null,
        direction: null,
        size: null,
        levels: { level: request.level },
        environment: context.environment,
        accountId: context.accountId,
      },
      () => dealing.workingOrders.amend(request.dealId, amendWorkingOrderRequest(request)),
    );
  },

  async 'workingOrders.delete'(request, ctx) {
    const { client, dealing, context } = await dealingAccess(ctx, { lockFree: true });
    return mutateAndConfirm(
      ctx,
      client,
      {
        label: 'working_orders.delete',
        dealId: request.dealId,
        epic: null,
        direction: null,
        size: null,
        levels: null,
        environment: context.environment,
        accountId: context.accountId,
      },
      () => dealing.workingOrders.delete(request.dealId),
    );
  },
};
