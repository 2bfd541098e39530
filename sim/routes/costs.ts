import { clientError, costRequest, figures, storeQuote } from '../costs';
import { accountOf } from '../dealing/common';
import { ApiError } from '../errors';
import { isoMillis, parseDate } from '../format';
import { type Ctx, ok, type Route, sessionRoute } from '../http';
import { textPdf } from '../pdf';

const closeKeys = [
  'closingCommission',
  'closingFxFee',
  'closingIFTT',
  'closingSpread',
  'etpExitCost',
  'guaranteedStopReturn',
  'knockoutPremiumReturn',
  'notionalValue',
  'notionalValueInUserCurrency',
] as const;

function open(ctx: Ctx) {
  const account = accountOf(ctx.world, ctx.accountId);
  const r = costRequest(ctx.world, ctx.body, false);
  const f = figures(r, account);
  const q = storeQuote(ctx.world, account, 'OPEN', r, f, ctx.now);
  return ok({ ...f, currencyCodeISO: account.currency, indicativeQuoteReference: q.reference });
}

function closeBlock(f: ReturnType<typeof figures>, reference: string) {
  const block: Record<string, unknown> = { indicativeQuoteReference: reference };
  for (const k of closeKeys) block[k] = f[k];
  return block;
}

function close(ctx: Ctx) {
  const account = accountOf(ctx.world, ctx.accountId);
  const r = costRequest(ctx.world, ctx.body, true);
  const f = figures(r, account);
  const q = storeQuote(ctx.world, account, 'CLOSE', r, f, ctx.now);
  return ok({ close: closeBlock(f, q.reference), currencyCodeISO: account.currency });
}

function edit(ctx: Ctx) {
  const account = accountOf(ctx.world, ctx.accountId);
  const r = costRequest(ctx.world, ctx.body, true);
  const f = figures(r, account);
  const q = storeQuote(ctx.world, account, 'EDIT', r, f, ctx.now);
  return ok({ currencyCodeISO: account.currency, limit: closeBlock(f, q.reference), stop: closeBlock(f, q.reference) });
}

function durableMedium(ctx: Ctx) {
  const q = ctx.world.costQuotes.find((x) => x.reference === ctx.params.quoteReference);
  if (!q) throw new ApiError(404, 'public-api.costs-and-charges.indicative-quote-reference-not-found');
  const lines = [
    `Quote reference: ${q.reference}`,
    `Created: ${isoMillis(q.createdAt)} UTC`,
    `Type: ${q.type}   Direction: ${q.direction}   Size: ${q.size}`,
    `Instrument: ${q.instrumentName} (${q.epic})`,
    `Figures in ${q.currency}:`,
    ...Object.entries(q.figures).map(([k, v]) => `  ${k}: ${v}`),
    'This is an indicative quote. It is not an offer and executes no trade.',
  ];
  return { status: 200, raw: { contentType: 'application/pdf', data: textPdf('Indicative costs and charges', lines) } };
}

function history(ctx: Ctx) {
  const from = parseDate(ctx.params.fromDate ?? '');
  const to = parseDate(ctx.params.toDate ?? '');
  if (from === undefined || to === undefined || to < from) throw clientError();
  const pageSize = Number(ctx.query.get('pageSize') ?? 20);
  const pageNumber = Number(ctx.query.get('pageNumber') ?? 1);
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 500 || !Number.isInteger(pageNumber) || pageNumber < 1)
    throw clientError();
  const type = ctx.query.get('type');
  const matching = ctx.world.costQuotes.filter(
    (q) =>
      q.accountId === ctx.accountId && q.createdAt >= from && q.createdAt <= to && (type === null || q.type === type),
  );
  const page = matching.slice((pageNumber - 1) * pageSize, pageNumber * pageSize);
  return ok({
    costsAndChargesHistory: page.map((q) => ({
      createdTimestamp: isoMillis(q.createdAt),
      direction: q.direction,
      indicativeQuoteReference: q.reference,
      instrumentName: q.instrumentName,
      type: q.type,
    })),
    pagination: {
      pageNumber,
      pageSize,
      totalElements: matching.length,
      totalPages: Math.max(1, Math.ceil(matching.length / pageSize)),
    },
  });
}

export const costRoutes: Route[] = [
  sessionRoute('POST', '/indicativecostsandcharges/open', open),
  sessionRoute('POST', '/indicativecostsandcharges/close', close),
  sessionRoute('POST', '/indicativecostsandcharges/edit', edit),
  sessionRoute('GET', '/indicativecostsandcharges/durablemedium/:quoteReference', durableMedium),
  sessionRoute('GET', '/indicativecostsandcharges/history/from/:fromDate/to/:toDate', history),
];
