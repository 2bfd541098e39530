import { settleOrders } from '../dealing/orders';
import { amendPosition, closePosition, openPosition } from '../dealing/positions';
import { notFound } from '../errors';
import { createdDate, isoSeconds } from '../format';
import { type Ctx, ok, type Route } from '../http';
import type { Position } from '../state';
import { marketBlock } from '../views';
import { dealStep } from './deal-step';

function positionView(ctx: Ctx, p: Position) {
  const m = ctx.world.market(p.epic);
  const common = {
    contractSize: m?.pointValue ?? 1,
    createdDate: createdDate(p.createdAt),
    dealId: p.dealId,
    direction: p.direction,
    limitLevel: p.limitLevel,
    currency: p.currency,
    controlledRisk: p.guaranteedStop,
    stopLevel: p.stopLevel,
    trailingStep: p.trailingStep,
    trailingStopDistance: p.trailingStopDistance,
    limitedRiskPremium: null,
  };
  const position =
    ctx.version >= 2
      ? {
          ...common,
          createdDateUTC: isoSeconds(p.createdAt),
          dealReference: p.dealReference,
          size: p.size,
          level: p.level,
        }
      : { ...common, dealSize: p.size, openLevel: p.level };
  const market = m ? marketBlock(ctx.world, m, { lotSize: true, utc: ctx.version >= 2 }) : null;
  return { position, market };
}

function list(ctx: Ctx) {
  settleOrders(ctx.world, ctx.now);
  return ok({
    positions: ctx.world.positions.filter((p) => p.accountId === ctx.accountId).map((p) => positionView(ctx, p)),
  });
}

function one(ctx: Ctx) {
  settleOrders(ctx.world, ctx.now);
  const p = ctx.world.positions.find((x) => x.accountId === ctx.accountId && x.dealId === ctx.params.dealId);
  if (!p) throw notFound('error.position.notfound');
  return ok(positionView(ctx, p));
}

const create = dealStep((ctx) => openPosition(ctx.world, ctx.accountId, ctx.body, ctx.now));
const amend = dealStep((ctx) => amendPosition(ctx.world, ctx.accountId, ctx.params.dealId ?? '', ctx.body, ctx.now));
const close = dealStep((ctx) => closePosition(ctx.world, ctx.accountId, ctx.body, ctx.now));

export const positionRoutes: Route[] = [
  { method: 'GET', paths: ['/positions'], versions: [1, 2], auth: 'session', limit: 'nonTrading', handle: list },
  { method: 'GET', paths: ['/positions/:dealId'], versions: [1, 2], auth: 'session', limit: 'nonTrading', handle: one },
  { method: 'POST', paths: ['/positions/otc'], versions: [1, 2], auth: 'session', limit: 'trading', handle: create },
  {
    method: 'PUT',
    paths: ['/positions/otc/:dealId'],
    versions: [1, 2],
    auth: 'session',
    limit: 'trading',
    handle: amend,
  },
  { method: 'DELETE', paths: ['/positions/otc'], versions: [1], auth: 'session', limit: 'trading', handle: close },
];
