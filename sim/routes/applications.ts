import { invalidField } from '../errors';
import { type Ctx, header, num, ok, type Route, str } from '../http';
import type { Application } from '../state';

function list(ctx: Ctx) {
  return ok(ctx.world.applications.map((a) => ({ ...a })));
}

function allowance(body: Record<string, unknown>, field: string): number | undefined {
  if (body[field] === undefined || body[field] === null) return undefined;
  const n = num(body, field);
  if (n === undefined || !Number.isInteger(n) || n < 1 || n > 10000) throw invalidField(field);
  return n;
}

function update(ctx: Ctx) {
  const apiKey = str(ctx.body, 'apiKey');
  const app = apiKey === undefined ? undefined : ctx.world.application(apiKey);
  if (!app) throw invalidField('apiKey');
  const status = ctx.body.status;
  if (status !== undefined && status !== null && status !== 'ENABLED' && status !== 'DISABLED' && status !== 'REVOKED')
    throw invalidField('status');
  const overall = allowance(ctx.body, 'allowanceAccountOverall');
  const trading = allowance(ctx.body, 'allowanceAccountTrading');
  if (status) app.status = status as Application['status'];
  if (overall !== undefined) app.allowanceAccountOverall = overall;
  if (trading !== undefined) app.allowanceAccountTrading = trading;
  return ok({ ...app });
}

/** Disables the key the request was made with; only the web platform can enable it again. */
function disable(ctx: Ctx) {
  const app = ctx.world.application(header(ctx, 'x-ig-api-key') ?? '');
  if (!app) throw invalidField('apiKey');
  app.status = 'DISABLED';
  return ok({ ...app });
}

export const applicationRoutes: Route[] = [
  {
    method: 'GET',
    paths: ['/operations/application'],
    versions: [1],
    auth: 'session',
    limit: 'nonTrading',
    handle: list,
  },
  {
    method: 'PUT',
    paths: ['/operations/application'],
    versions: [1],
    auth: 'session',
    limit: 'nonTrading',
    handle: update,
  },
  {
    method: 'PUT',
    paths: ['/operations/application/disable'],
    versions: [1],
    auth: 'session',
    limit: 'nonTrading',
    handle: disable,
  },
];
