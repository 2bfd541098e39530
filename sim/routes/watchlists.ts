import { ApiError, badRequest, invalidField, notFound } from '../errors';
import { type Ctx, ok, type Route, sessionRoute, str } from '../http';
import type { Watchlist } from '../state';
import { marketBlock } from '../views';

const NAME_RE = /^[\p{L}\p{N}._ -]{1,100}$/u;
const EPIC_RE = /^[A-Za-z0-9._]{6,30}$/;

function view(w: Watchlist) {
  return {
    id: w.id,
    name: w.name,
    editable: w.editable,
    deleteable: w.deleteable,
    defaultSystemWatchlist: w.defaultSystemWatchlist,
  };
}

function find(ctx: Ctx, missing: ApiError): Watchlist {
  const w = ctx.world.watchlists.find((x) => x.id === ctx.params.watchlistId);
  if (!w) throw missing;
  return w;
}

function list(ctx: Ctx) {
  return ok({ watchlists: ctx.world.watchlists.map(view) });
}

function create(ctx: Ctx) {
  const name = str(ctx.body, 'name');
  if (name === undefined || !NAME_RE.test(name)) throw invalidField('name');
  if (ctx.world.watchlists.some((w) => w.name === name)) throw badRequest('error.watchlists.management.duplicate-name');
  const requested = Array.isArray(ctx.body.epics) ? ctx.body.epics : [];
  const epics: string[] = [];
  for (const e of requested) if (typeof e === 'string' && ctx.world.market(e) && !epics.includes(e)) epics.push(e);
  const id = String(ctx.world.nextWatchlistId++);
  ctx.world.watchlists.push({ id, name, editable: true, deleteable: true, defaultSystemWatchlist: false, epics });
  return ok({
    watchlistId: id,
    status: epics.length === requested.length ? 'SUCCESS' : 'SUCCESS_NOT_ALL_INSTRUMENTS_ADDED',
  });
}

function get(ctx: Ctx) {
  const w = find(ctx, notFound('error.invalid.watchlist'));
  return ok({
    markets: w.epics.flatMap((epic) => {
      const m = ctx.world.market(epic);
      return m ? [marketBlock(ctx.world, m, { lotSize: true })] : [];
    }),
  });
}

function addMarket(ctx: Ctx) {
  const w = find(ctx, badRequest('error.watchlists.management.watchlist-not-found'));
  const epic = str(ctx.body, 'epic');
  if (epic === undefined || !EPIC_RE.test(epic) || !ctx.world.market(epic))
    throw badRequest('error.service.watchlists.add-instrument.invalid-epic');
  if (!w.editable) throw badRequest('error.watchlists.management.error');
  if (!w.epics.includes(epic)) w.epics.push(epic);
  return ok({ status: 'SUCCESS' });
}

function remove(ctx: Ctx) {
  const w = find(ctx, badRequest('error.watchlists.management.watchlist-not-found'));
  if (!w.deleteable) throw badRequest('error.watchlists.management.cannot-delete-watchlist');
  ctx.world.watchlists = ctx.world.watchlists.filter((x) => x !== w);
  return ok({ status: 'SUCCESS' });
}

function removeMarket(ctx: Ctx) {
  const w = find(ctx, badRequest('error.watchlists.management.watchlist-not-found'));
  if (!w.editable) throw badRequest('error.watchlists.management.error');
  const epic = ctx.params.epic ?? '';
  if (!w.epics.includes(epic)) throw new ApiError(404, 'error.public-api.epic-not-found');
  w.epics = w.epics.filter((e) => e !== epic);
  return ok({ status: 'SUCCESS' });
}

export const watchlistRoutes: Route[] = [
  sessionRoute('GET', '/watchlists', list),
  sessionRoute('POST', '/watchlists', create),
  sessionRoute('GET', '/watchlists/:watchlistId', get),
  sessionRoute('PUT', '/watchlists/:watchlistId', addMarket),
  sessionRoute('DELETE', '/watchlists/:watchlistId', remove),
  sessionRoute('DELETE', '/watchlists/:watchlistId/:epic', removeMarket),
];
