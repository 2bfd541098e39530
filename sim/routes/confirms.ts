import { CONFIRM_TTL_MS, REPEAT_WINDOW_MS } from '../dealing/common';
import { notFound } from '../errors';
import { type Ctx, ok, type Route } from '../http';

function confirm(ctx: Ctx) {
  const stored = ctx.world.confirms.get(ctx.params.dealReference ?? '');
  if (!stored || ctx.now - stored.at > CONFIRM_TTL_MS) throw notFound('error.confirms.deal-not-found');
  return ok(stored.confirm);
}

/** GET /repeat-dealing-window: sizes dealt per instrument, currency and direction within the window. */
function repeatDealingWindow(ctx: Ctx) {
  const epic = ctx.query.get('epic');
  const recent = ctx.world.recentDeals.filter(
    (d) => d.accountId === ctx.accountId && ctx.now - d.at < REPEAT_WINDOW_MS && (epic === null || d.epic === epic),
  );
  const byEpic = new Map<
    string,
    Map<string, { buy: { size: number; expiry: number }[]; sell: { size: number; expiry: number }[] }>
  >();
  for (const d of recent) {
    const currencies = byEpic.get(d.epic) ?? new Map();
    byEpic.set(d.epic, currencies);
    const entry = currencies.get(d.currency) ?? { buy: [], sell: [] };
    currencies.set(d.currency, entry);
    (d.direction === 'BUY' ? entry.buy : entry.sell).push({ size: d.size, expiry: d.at + REPEAT_WINDOW_MS });
  }
  return ok({
    accountId: ctx.accountId,
    requestStartTime: ctx.now,
    repeatDealingEntryList: [...byEpic].map(([instrumentValue, currencies]) => ({
      instrumentSource: 'E',
      instrumentValue,
      currencyList: [...currencies].map(([currency, e]) => ({ currency, buy: e.buy, sell: e.sell })),
    })),
  });
}

export const confirmRoutes: Route[] = [
  {
    method: 'GET',
    paths: ['/confirms/:dealReference'],
    versions: [1],
    auth: 'session',
    limit: 'nonTrading',
    handle: confirm,
  },
  {
    method: 'GET',
    paths: ['/repeat-dealing-window', '/repeat-deal-window'],
    versions: [1],
    auth: 'session',
    limit: 'nonTrading',
    handle: repeatDealingWindow,
  },
];
