import { chargePoints } from '../allowance';
import { ApiError, badRequest, invalidField, notFound } from '../errors';
import { colonDateTime, isoSeconds, parseDate, round, slashDateTime } from '../format';
import { type Ctx, ok, type Route } from '../http';
import { barAt, barsInRange, lastBars } from '../prices/history';
import { type Resolution, resolutionOf } from '../prices/resolutions';
import type { Market } from '../universe/types';

function marketOf(ctx: Ctx): Market {
  const m = ctx.world.market(ctx.params.epic ?? '');
  if (!m) throw notFound('error.public-api.epic-not-found');
  return m;
}

function resolutionParam(raw: string | null | undefined, allowSecond = true): Resolution {
  const r = resolutionOf(raw ?? 'MINUTE');
  if (!r || (!allowSecond && r.name === 'SECOND')) throw invalidField('resolution');
  return r;
}

function dateParam(raw: string | null | undefined): number | undefined {
  if (raw === null || raw === undefined || raw === '') return undefined;
  const t = parseDate(raw);
  if (t === undefined) throw badRequest('error.malformed.date');
  return t;
}

function intParam(raw: string | null | undefined, fallback: number): number {
  if (raw === null || raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new ApiError(400, `Unable to convert value=${raw} to type= Integer int`);
  return n;
}

/** Price points of the bars starting at `starts`, in the shape of a version. */
function points(ctx: Ctx, m: Market, r: Resolution, starts: number[]) {
  const half = m.spread / 2;
  const px = (mid: number) => ({
    bid: round(mid - half, m.decimals),
    ask: round(mid + half, m.decimals),
    lastTraded: null,
  });
  const out = [];
  for (const start of starts) {
    const b = barAt(m, r, start, ctx.now);
    if (!b) continue;
    const ms = start * 1000;
    const snapshotTime = ctx.version >= 2 ? slashDateTime(ms) : colonDateTime(ms);
    out.push({
      snapshotTime,
      ...(ctx.version >= 3 ? { snapshotTimeUTC: isoSeconds(ms) } : {}),
      openPrice: px(b.o),
      closePrice: px(b.c),
      highPrice: px(b.h),
      lowPrice: px(b.l),
      lastTradedVolume: b.v,
    });
  }
  return out;
}

/** v1/v2 answer: top-level allowance, no metadata. */
function legacyReply(ctx: Ctx, m: Market, r: Resolution, starts: number[]) {
  const allowance = chargePoints(ctx.world, ctx.accountId, starts.length, ctx.now);
  return ok({ prices: points(ctx, m, r, starts), instrumentType: m.instrumentType, allowance });
}

/** GET /prices/{epic} (v3): resolution, from, to, max, pageSize, pageNumber. */
function pricesQuery(ctx: Ctx) {
  const m = marketOf(ctx);
  const q = ctx.query;
  const r = resolutionParam(q.get('resolution'));
  const from = dateParam(q.get('from'));
  const to = dateParam(q.get('to'));
  const max = intParam(q.get('max'), 10);
  const pageSize = intParam(q.get('pageSize'), 20);
  const pageNumber = Math.max(1, intParam(q.get('pageNumber'), 1));
  const nowSec = Math.floor(ctx.now / 1000);
  if (from !== undefined && to !== undefined && to < from) throw badRequest('error.invalid.daterange');
  const toSec = to === undefined ? nowSec : Math.floor(to / 1000);
  const all =
    from === undefined
      ? lastBars(m, r, max, toSec, nowSec)
      : barsInRange(m, r, Math.floor(from / 1000), toSec, nowSec, Number.MAX_SAFE_INTEGER);
  if (ctx.version < 3) return legacyReply(ctx, m, r, all);
  const size = all.length;
  const effectivePageSize = pageSize === 0 ? size : pageSize;
  const totalPages = effectivePageSize === 0 ? 1 : Math.max(1, Math.ceil(size / effectivePageSize));
  const page = pageSize === 0 ? all : all.slice((pageNumber - 1) * pageSize, pageNumber * pageSize);
  const allowance = chargePoints(ctx.world, ctx.accountId, page.length, ctx.now);
  return ok({
    prices: points(ctx, m, r, page),
    instrumentType: m.instrumentType,
    metadata: {
      allowance,
      size,
      pageData: { pageSize: effectivePageSize, pageNumber, totalPages },
    },
  });
}

/** GET /prices/{epic}/{resolution}/{numPoints} (v1, v2): the last numPoints bars. */
function pricesNumPoints(ctx: Ctx) {
  const m = marketOf(ctx);
  const r = resolutionParam(ctx.params.resolution, false);
  const raw = ctx.params.numPoints ?? '';
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isInteger(n))
    throw new ApiError(400, `Unable to convert value=${raw} to type= Integer int`);
  if (n < 1) throw invalidField('numPoints');
  const nowSec = Math.floor(ctx.now / 1000);
  return legacyReply(ctx, m, r, lastBars(m, r, n, nowSec, nowSec));
}

function range(ctx: Ctx, fromRaw: string | null | undefined, toRaw: string | null | undefined) {
  const m = marketOf(ctx);
  const r = resolutionParam(ctx.params.resolution);
  const from = dateParam(fromRaw);
  const to = dateParam(toRaw);
  if (from === undefined || to === undefined) throw badRequest('error.malformed.date');
  if (to < from) throw badRequest('error.invalid.daterange');
  const nowSec = Math.floor(ctx.now / 1000);
  const starts = barsInRange(m, r, Math.floor(from / 1000), Math.floor(to / 1000), nowSec, Number.MAX_SAFE_INTEGER);
  return legacyReply(ctx, m, r, starts);
}

/** GET /prices/{epic}/{resolution}/{startDate}/{endDate} (v2; v1 too). */
function pricesDateRange(ctx: Ctx) {
  return range(ctx, ctx.params.startDate, ctx.params.endDate);
}

/** GET /prices/{epic}/{resolution}?startdate=&enddate= (v1). */
function pricesLegacyRange(ctx: Ctx) {
  return range(
    ctx,
    ctx.query.get('startdate') ?? ctx.query.get('startDate'),
    ctx.query.get('enddate') ?? ctx.query.get('endDate'),
  );
}

const priceRoute = (path: string, versions: number[], handle: (ctx: Ctx) => ReturnType<typeof ok>): Route => ({
  method: 'GET',
  paths: [path],
  versions,
  auth: 'session',
  limit: 'nonTrading',
  handle,
});

export const priceRoutes: Route[] = [
  priceRoute('/prices/:epic', [1, 2, 3], pricesQuery),
  priceRoute('/prices/:epic/:resolution', [1, 2], pricesLegacyRange),
  priceRoute('/prices/:epic/:resolution/:numPoints', [1, 2], pricesNumPoints),
  priceRoute('/prices/:epic/:resolution/:startDate/:endDate', [1, 2], pricesDateRange),
];
