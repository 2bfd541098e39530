// IG's history endpoints (beyond the spec): GET /history/activity v3 (paged by a `next` link) and
// GET /history/transactions v2 (paged by number), over the world's own record (sim/history/record.ts).
// Replies in IG's shapes: activity dates "yyyy-MM-ddTHH:mm:ss" (UTC), transaction money and levels as
// strings ("E10,000.00", "-"). Both count against the non-trading allowance.

import { settleOrders } from '../dealing/orders';
import { badRequest, invalidField } from '../errors';
import { isoDate, isoSeconds, parseDate } from '../format';
import type { SimActivity, SimTransaction } from '../history/record';
import { type Ctx, ok, type Route } from '../http';

const DAY = 86_400_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A query date; a date alone means the start of that day for `from` and its end for `to`. */
function queryDate(ctx: Ctx, name: 'from' | 'to'): number | undefined {
  const raw = ctx.query.get(name);
  if (raw === null || raw === '') return undefined;
  const t = parseDate(raw);
  if (t === undefined) throw invalidField(name);
  if (name !== 'to') return t;
  // `to` covers the whole of its last unit: a date alone its day, a time in seconds that second.
  if (DATE_ONLY.test(raw.trim())) return t + DAY - 1;
  return /:\d{2}$/.test(raw.trim()) ? t + 999 : t;
}

function intParam(ctx: Ctx, name: string, min: number, max: number, fallback: number): number {
  const raw = ctx.query.get(name);
  if (raw === null || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) throw invalidField(name);
  return Number(raw);
}

const ACTIVITY_FIELDS: Record<string, (a: SimActivity) => string | null> = {
  channel: (a) => a.channel,
  type: (a) => a.type,
  status: (a) => a.status,
  epic: (a) => a.epic,
  dealId: (a) => a.dealId,
};

/** FIQL as IG takes it: `;` and, `,` or, `==` and `!=`. */
function fiql(filter: string): (a: SimActivity) => boolean {
  const clauses = filter.split(';').map((and) =>
    and.split(',').map((term) => {
      const m = /^(\w+)(==|!=)(.*)$/.exec(term);
      const read = m ? ACTIVITY_FIELDS[m[1] ?? ''] : undefined;
      if (!m || !read) throw badRequest('invalid.request.filter');
      const [, , op, value] = m;
      return (a: SimActivity) => (read(a) === value) === (op === '==');
    }),
  );
  return (a) => clauses.every((any) => any.some((test) => test(a)));
}

function activityView(a: SimActivity, detailed: boolean) {
  return {
    date: isoSeconds(a.at),
    epic: a.epic,
    period: a.period,
    dealId: a.dealId,
    channel: a.channel,
    type: a.type,
    status: a.status,
    description: a.description,
    details: detailed
      ? {
          dealReference: a.dealReference,
          actions: a.actions,
          marketName: null as string | null,
          goodTillDate: a.goodTillDate,
          currency: null as string | null,
          size: a.size,
          direction: a.direction,
          level: a.level,
          stopLevel: a.stopLevel,
          stopDistance: a.stopDistance,
          guaranteedStop: a.guaranteedStop,
          trailingStopDistance: null,
          trailingStep: null,
          limitLevel: a.limitLevel,
          limitDistance: a.limitDistance,
        }
      : null,
  };
}

/** GET /history/activity v3: newest first; a page ends with every activity of its last second. */
function activity(ctx: Ctx) {
  settleOrders(ctx.world, ctx.now);
  const from = queryDate(ctx, 'from') ?? 0;
  const to = queryDate(ctx, 'to') ?? Number.MAX_SAFE_INTEGER;
  const pageSize = intParam(ctx, 'pageSize', 10, 500, 50);
  const detailedRaw = ctx.query.get('detailed');
  if (detailedRaw !== null && detailedRaw !== 'true' && detailedRaw !== 'false') throw invalidField('detailed');
  const detailed = detailedRaw === 'true';
  const dealId = ctx.query.get('dealId');
  const filterRaw = ctx.query.get('filter');
  const filter = filterRaw ? fiql(filterRaw) : () => true;
  const matching = ctx.world.history.activities
    .filter(
      (a) =>
        a.accountId === ctx.accountId &&
        a.at >= from &&
        a.at <= to &&
        (!dealId || a.dealId === dealId || a.actions.some((x) => x.affectedDealId === dealId)) &&
        filter(a),
    )
    .sort((a, b) => b.at - a.at);
  let end = Math.min(pageSize, matching.length);
  const lastSecond = end > 0 ? Math.floor((matching[end - 1]?.at ?? 0) / 1000) : 0;
  while (end < matching.length && Math.floor((matching[end]?.at ?? 0) / 1000) === lastSecond) end++;
  const page = matching.slice(0, end);
  const account = ctx.world.account(ctx.accountId);
  const views = page.map((a) => {
    const view = activityView(a, detailed);
    if (view.details) {
      const m = a.epic ? ctx.world.market(a.epic) : undefined;
      view.details.marketName = m ? ctx.world.instrumentName(m) : null;
      view.details.currency = m?.currency ?? account?.currency ?? null;
    }
    return view;
  });
  let next: string | null = null;
  if (end < matching.length) {
    const q = new URLSearchParams({ version: '3' });
    if (from > 0) q.set('from', isoSeconds(from));
    q.set('to', isoSeconds(lastSecond * 1000 - 1000));
    q.set('detailed', String(detailed));
    if (dealId) q.set('dealId', dealId);
    if (filterRaw) q.set('filter', filterRaw);
    q.set('pageSize', String(pageSize));
    next = `/history/activity?${q.toString().replaceAll('%3A', ':')}`;
  }
  return ok({ activities: views, metadata: { paging: { size: views.length, next } } });
}

const SYMBOLS: Record<string, string> = { EUR: 'E', GBP: '£', USD: '$', CHF: 'CHF', JPY: '¥', AUD: 'A$' };

/** IG's money string: symbol, sign, thousands separators, two decimals ("E-1,234.50"). */
export function igMoney(value: number, currency: string): string {
  const symbol = SYMBOLS[currency] ?? currency;
  const fixed = Math.abs(value).toFixed(2);
  const [whole = '0', cents = '00'] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${symbol}${value < 0 && fixed !== '0.00' ? '-' : ''}${grouped}.${cents}`;
}

const TYPE_FILTER: Record<string, SimTransaction['type'][] | null> = {
  ALL: null,
  ALL_DEAL: ['DEAL'],
  DEPOSIT: ['DEPO'],
  WITHDRAWAL: ['WITH'],
};

/** GET /history/transactions v2: newest first; without from/to, the last maxSpanSeconds (IG: 600). */
function transactions(ctx: Ctx) {
  const typeRaw = ctx.query.get('type') ?? 'ALL';
  if (!(typeRaw in TYPE_FILTER)) throw invalidField('type');
  const types = TYPE_FILTER[typeRaw] ?? null;
  const maxSpan = intParam(ctx, 'maxSpanSeconds', 1, 10 * 366 * 86_400, 600);
  let from = queryDate(ctx, 'from');
  let to = queryDate(ctx, 'to');
  if (from === undefined && to === undefined) {
    to = ctx.now;
    from = ctx.now - maxSpan * 1000;
  }
  const pageSize = intParam(ctx, 'pageSize', 0, 500, 20);
  const pageNumber = intParam(ctx, 'pageNumber', 1, 100_000, 1);
  const account = ctx.world.account(ctx.accountId);
  const currency = account?.currency ?? 'GBP';
  const symbol = SYMBOLS[currency] ?? currency;
  const matching = ctx.world.history.transactions
    .filter(
      (t) =>
        t.accountId === ctx.accountId &&
        t.at >= (from ?? 0) &&
        t.at <= (to ?? Number.MAX_SAFE_INTEGER) &&
        (types === null || types.includes(t.type)),
    )
    .sort((a, b) => b.at - a.at);
  const size = pageSize === 0 ? matching.length : pageSize;
  const totalPages = size === 0 ? 0 : Math.ceil(matching.length / size);
  const page = pageSize === 0 ? matching : matching.slice((pageNumber - 1) * size, pageNumber * size);
  const level = (x: number | null) => (x === null ? '-' : String(x));
  return ok({
    transactions: page.map((t) => ({
      date: isoDate(t.at),
      dateUtc: isoSeconds(t.at),
      openDateUtc: isoSeconds(t.openedAt),
      instrumentName: t.instrumentName,
      period: t.period,
      profitAndLoss: igMoney(t.pnl, currency),
      transactionType: t.type,
      reference: t.reference,
      openLevel: level(t.openLevel),
      closeLevel: t.type === 'DEAL' ? level(t.closeLevel) : '0',
      size: t.size === null ? '-' : `${t.size > 0 ? '+' : ''}${t.size}`,
      currency: symbol,
      cashTransaction: false,
    })),
    metadata: { size: matching.length, pageData: { pageNumber, pageSize: size, totalPages } },
  });
}

export const historyRoutes: Route[] = [
  {
    method: 'GET',
    paths: ['/history/activity'],
    versions: [3],
    auth: 'session',
    limit: 'nonTrading',
    handle: activity,
  },
  {
    method: 'GET',
    paths: ['/history/transactions'],
    versions: [2],
    auth: 'session',
    limit: 'nonTrading',
    handle: transactions,
  },
];
