import { ApiError, badRequest, invalidField, notFound } from '../errors';
import { type Ctx, ok, type Route } from '../http';
import { CATEGORIES } from '../universe/index';
import type { Market } from '../universe/types';
import { marketBlock, marketDetails, snapshotOnly } from '../views';

const EPIC_RE = /^[A-Za-z0-9._]{6,30}$/;
const MAX_EPICS = 50;
const MAX_SEARCH_RESULTS = 50;

function search(ctx: Ctx, term: string) {
  const t = term.trim().toLowerCase();
  if (!t) return ok({ markets: [] });
  const scored: [number, Market][] = [];
  for (const m of ctx.world.universe.markets) {
    const name = ctx.world.instrumentName(m).toLowerCase();
    let score = -1;
    if (m.marketId.toLowerCase() === t || m.epic.toLowerCase() === t) score = 0;
    else if (name.startsWith(t)) score = 1;
    else if (name.includes(t) || m.marketId.toLowerCase().includes(t)) score = 2;
    else if (m.epic.toLowerCase().includes(t)) score = 3;
    if (score >= 0) scored.push([score, m]);
  }
  scored.sort((a, b) => a[0] - b[0] || a[1].index - b[1].index);
  return ok({ markets: scored.slice(0, MAX_SEARCH_RESULTS).map(([, m]) => marketBlock(ctx.world, m)) });
}

function list(ctx: Ctx, epicsParam: string) {
  const epics = epicsParam
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  if (epics.length > MAX_EPICS) throw badRequest('error.public-api.too-many-epics');
  if (epics.length === 0 || epics.some((e) => !EPIC_RE.test(e))) throw invalidField('epics');
  const snapshotOnlyFilter = (ctx.query.get('filter') ?? 'ALL').toUpperCase() === 'SNAPSHOT_ONLY';
  const details = [];
  for (const epic of epics) {
    const m = ctx.world.market(epic);
    if (m)
      details.push(
        snapshotOnlyFilter ? snapshotOnly(ctx.world, m) : marketDetails(ctx.world, m, 3, accountCurrency(ctx)),
      );
  }
  return ok({ marketDetails: details });
}

/** GET /markets: `searchTerm` searches (v1), `epics` lists (v2); the parameter decides, as on the gateway. */
function markets(ctx: Ctx) {
  const epics = ctx.query.get('epics');
  const term = ctx.query.get('searchTerm');
  if (epics !== null) return list(ctx, epics);
  if (term !== null) return search(ctx, term);
  throw invalidField(ctx.version >= 2 ? 'epics' : 'searchTerm');
}

function market(ctx: Ctx) {
  const epic = ctx.params.epic ?? '';
  const m = ctx.world.market(epic);
  if (!m) throw notFound('error.public-api.epic-not-found');
  return ok(marketDetails(ctx.world, m, ctx.version, accountCurrency(ctx)));
}

/** The session account's currency, which IG's market details convert to. */
function accountCurrency(ctx: Ctx): string {
  return ctx.world.account(ctx.accountId)?.currency ?? 'GBP';
}

function categories() {
  return ok({ categories: CATEGORIES.map((c) => ({ code: c.code, nonTradeable: c.nonTradeable })) });
}

function pageParam(ctx: Ctx, name: string, fallback: number): number {
  const raw = ctx.query.get(name);
  if (raw === null || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n)) throw invalidField(name);
  return n;
}

function categoryInstruments(ctx: Ctx) {
  const code = (ctx.params.categoryId ?? '').toUpperCase();
  if (!CATEGORIES.some((c) => c.code === code)) throw notFound('invalid.url');
  const pageNumber = pageParam(ctx, 'pageNumber', 0);
  const pageSize = pageParam(ctx, 'pageSize', 150);
  if (pageSize < 1 || pageSize > 1000) throw badRequest('error.request.invalid.page-size');
  if (pageNumber < 0) throw invalidField('pageNumber');
  const all = ctx.world.universe.inCategory(code);
  const page = all.slice(pageNumber * pageSize, (pageNumber + 1) * pageSize);
  return ok({
    instruments: page.map((m) => {
      const q = ctx.world.quote(m);
      const b = marketBlock(ctx.world, m, { lotSize: true, utc: false });
      return {
        epic: m.epic,
        instrumentName: b.instrumentName,
        expiry: m.expiry,
        instrumentType: m.instrumentType,
        lotSize: m.lotSize,
        otcTradeable: true,
        marketStatus: q.marketStatus,
        delayTime: 0,
        bid: b.bid,
        offer: b.offer,
        high: q.high,
        low: q.low,
        netChange: q.netChange,
        percentageChange: q.percentageChange,
        updateTime: b.updateTime,
        scalingFactor: m.scalingFactor,
      };
    }),
    metadata: { pageNumber, pageSize },
  });
}

const NODE_BASE = 264100;
const tradeableCategories = CATEGORIES.filter((c) => !c.nonTradeable);
const NODE_NAMES: Record<string, string> = {
  INDICES: 'Indices',
  CURRENCIES: 'Forex',
  COMMODITIES: 'Commodities Metals Energies',
  SHARES: 'Shares',
  RATES: 'Bonds and Moneymarket',
  CRYPTOCURRENCIES: 'Cryptocurrency',
};

/** GET /marketnavigation[/{nodeId}] v1 (not in the spec; public clients browse with it). */
function navigation(ctx: Ctx) {
  const nodeId = ctx.params.nodeId;
  if (nodeId === undefined)
    return ok({
      nodes: tradeableCategories.map((c, i) => ({ id: String(NODE_BASE + i), name: NODE_NAMES[c.code] ?? c.code })),
      markets: null,
    });
  const category = tradeableCategories[Number(nodeId) - NODE_BASE];
  if (!category) throw new ApiError(404, 'invalid.url');
  return ok({
    nodes: null,
    markets: ctx.world.universe
      .inCategory(category.code)
      .map((m) => ({ ...marketBlock(ctx.world, m, { lotSize: true }), otcTradeable: true })),
  });
}

export const marketRoutes: Route[] = [
  { method: 'GET', paths: ['/markets'], versions: [1, 2], auth: 'session', limit: 'nonTrading', handle: markets },
  {
    method: 'GET',
    paths: ['/markets/:epic'],
    versions: [1, 2, 3, 4],
    auth: 'session',
    limit: 'nonTrading',
    handle: market,
  },
  { method: 'GET', paths: ['/categories'], versions: [1], auth: 'session', limit: 'nonTrading', handle: categories },
  {
    method: 'GET',
    paths: ['/categories/:categoryId/instruments'],
    versions: [1],
    auth: 'session',
    limit: 'nonTrading',
    handle: categoryInstruments,
  },
  {
    method: 'GET',
    paths: ['/marketnavigation', '/marketnavigation/:nodeId'],
    versions: [1],
    auth: 'session',
    limit: 'nonTrading',
    handle: navigation,
  },
];
