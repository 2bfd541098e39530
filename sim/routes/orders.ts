import { amendOrder, createOrder, deleteOrder, settleOrders } from '../dealing/orders';
import { createdDate, isoSeconds, slashMinutes } from '../format';
import { type Ctx, ok, type Route } from '../http';
import type { WorkingOrder } from '../state';
import { marketBlock } from '../views';
import { dealStep } from './deal-step';

function orderView(ctx: Ctx, o: WorkingOrder) {
  const m = ctx.world.market(o.epic);
  const marketData = m
    ? { ...marketBlock(ctx.world, m, { lotSize: true, utc: ctx.version >= 2 }), exchangeId: m.exchangeId }
    : null;
  if (ctx.version >= 2) {
    return {
      workingOrderData: {
        dealId: o.dealId,
        direction: o.direction,
        epic: o.epic,
        orderSize: o.size,
        orderLevel: o.level,
        timeInForce: o.timeInForce,
        createdDate: createdDate(o.createdAt),
        createdDateUTC: isoSeconds(o.createdAt),
        goodTillDate: o.goodTillDate === null ? null : slashMinutes(o.goodTillDate),
        goodTillDateISO: o.goodTillDate === null ? null : isoSeconds(o.goodTillDate),
        guaranteedStop: o.guaranteedStop,
        orderType: o.type,
        stopDistance: o.stopDistance,
        limitDistance: o.limitDistance,
        currencyCode: o.currency,
        dma: false,
        limitedRiskPremium: null,
      },
      marketData,
    };
  }
  return {
    workingOrderData: {
      dealId: o.dealId,
      direction: o.direction,
      epic: o.epic,
      size: o.size,
      level: o.level,
      goodTill: o.goodTillDate === null ? 'GTC' : slashMinutes(o.goodTillDate),
      createdDate: createdDate(o.createdAt),
      controlledRisk: o.guaranteedStop,
      trailingTriggerIncrement: null,
      trailingTriggerDistance: null,
      trailingStopDistance: null,
      trailingStopIncrement: null,
      requestType: o.type === 'LIMIT' ? 'LIMIT_ORDER' : 'STOP_ORDER',
      contingentStop: o.stopDistance,
      currencyCode: o.currency,
      contingentLimit: o.limitDistance,
      dma: false,
      limitedRiskPremium: null,
    },
    marketData,
  };
}

function list(ctx: Ctx) {
  settleOrders(ctx.world, ctx.now);
  return ok({
    workingOrders: ctx.world.workingOrders.filter((o) => o.accountId === ctx.accountId).map((o) => orderView(ctx, o)),
  });
}

const create = dealStep((ctx) => createOrder(ctx.world, ctx.accountId, ctx.body, ctx.now));
const amend = dealStep((ctx) => amendOrder(ctx.world, ctx.accountId, ctx.params.dealId ?? '', ctx.body, ctx.now));
const remove = dealStep((ctx) => deleteOrder(ctx.world, ctx.accountId, ctx.params.dealId ?? '', ctx.body, ctx.now));

export const orderRoutes: Route[] = [
  {
    method: 'GET',
    paths: ['/working-orders', '/workingorders'],
    versions: [1, 2],
    auth: 'session',
    limit: 'nonTrading',
    handle: list,
  },
  {
    method: 'POST',
    paths: ['/working-orders/otc', '/workingorders/otc'],
    versions: [1, 2],
    auth: 'session',
    limit: 'trading',
    handle: create,
  },
  {
    method: 'PUT',
    paths: ['/working-orders/otc/:dealId', '/workingorders/otc/:dealId'],
    versions: [1, 2],
    auth: 'session',
    limit: 'trading',
    handle: amend,
  },
  {
    method: 'DELETE',
    paths: ['/working-orders/otc/:dealId', '/workingorders/otc/:dealId'],
    versions: [1, 2],
    auth: 'session',
    limit: 'trading',
    handle: remove,
  },
];
