import { invalidField } from '../errors';
import { type Ctx, ok, type Route } from '../http';
import { relatedMarketIds, sentimentOf } from '../sentiment';

function list(ctx: Ctx) {
  const raw = ctx.query.get('marketIds');
  if (raw === null || raw.trim() === '') throw invalidField('marketIds');
  const ids = raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  return ok({ clientSentiments: ids.map((id) => sentimentOf(ctx.world, id, ctx.now)) });
}

function one(ctx: Ctx) {
  return ok(sentimentOf(ctx.world, ctx.params.marketId ?? '', ctx.now));
}

function related(ctx: Ctx) {
  const ids = relatedMarketIds(ctx.world, ctx.params.marketId ?? '');
  return ok({ clientSentiments: ids.map((id) => sentimentOf(ctx.world, id, ctx.now)) });
}

const route = (paths: string[], handle: Route['handle']): Route => ({
  method: 'GET',
  paths,
  versions: [1],
  auth: 'session',
  limit: 'nonTrading',
  handle,
});

export const sentimentRoutes: Route[] = [
  route(['/client-sentiment', '/clientsentiment'], list),
  route(['/client-sentiment/related/:marketId', '/clientsentiment/related/:marketId'], related),
  route(['/client-sentiment/:marketId', '/clientsentiment/:marketId'], one),
];
