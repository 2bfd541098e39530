// deal.*: the costs quote, placing a deal (positions.openAndConfirm through the dealing client), the
// quote document and history, and the repeat-dealing window. Every one needs the dealing permit.
import { i18n } from '#i18n';
import { AmbiguousExecutionError, ApiError, ValidationError } from '../../api/errors';
import { toBase64 } from '../../base64';
import { lastSettlement } from '../../dealing/settlement';
import { type TicketRequest, validateTicket } from '../../dealing/ticket';
import { createPositionRequest, quoteOpenRequest, ticketInputOf } from '../../dealing/to-service';
import { openQuoteView, outcomeOf, quoteHistoryView, repeatWindowView } from '../../dealing/views';
import type { HandlerContext, Handlers } from '../handlers/table';
import { dealingAccess } from './access';
import { checkForDuplicates } from './duplicates';
import { unknown } from './outcome';
import { quoteProblem, rememberQuote, takeQuote, ticketKey } from './quotes';
import { directSettlement } from './reconciler';

const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;

/** The ticket checked again here against the market's rules and current prices. */
async function checkedTicket(ctx: HandlerContext, ticket: TicketRequest) {
  const facts = (await ctx.markets.facts(ticket.epic)).value;
  const [quote] = await ctx.markets.quotes([ticket.epic], { maxAgeMs: 10_000 });
  const prices = { bid: quote?.value.bid ?? null, offer: quote?.value.offer ?? null };
  const check = validateTicket(ticketInputOf(ticket), facts, prices);
  if (!check.ok) {
    const issue = check.issues[0]!;
    throw new ValidationError(issue.field, issue.message);
  }
  return { ticket: check.ticket, prices };
}

export const dealHandlers: Pick<
  Handlers,
  'deal.quoteOpen' | 'deal.open' | 'deal.durableMedium' | 'deal.quoteHistory' | 'deal.repeatWindow'
> = {
  async 'deal.quoteOpen'(request, ctx) {
    const { client } = await dealingAccess(ctx, { lockFree: true });
    const { ticket, prices } = await checkedTicket(ctx, request);
    if (prices.bid === null || prices.offer === null) throw new ValidationError('market', i18n.t('bgError.noPrice'));
    const reply = await client.indicativeCosts.quoteOpen(
      quoteOpenRequest(ticket, { bid: prices.bid, offer: prices.offer }),
    );
    const quote = openQuoteView(reply, ctx.now());
    if (!quote) throw new ApiError(i18n.t('bgError.noQuoteReference'), { errorCode: 'client.no-quote-reference' });
    await rememberQuote(
      { quoteReference: quote.quoteReference, purpose: 'open', key: ticketKey(ticket), createdAt: ctx.now() },
      ctx.now(),
    );
    return quote;
  },

  async 'deal.open'(request, ctx) {
    const { client, dealing } = await dealingAccess(ctx, { lockFree: true });
    const { ticket } = await checkedTicket(ctx, request.ticket);
    const quoted = await takeQuote(request.quoteReference, 'open', ticketKey(ticket), ctx.now());
    if (quoted !== 'ok') throw new ValidationError('quoteReference', quoteProblem(quoted));
    try {
      // The outcome is stored before the lock is cleared: a page whose reply is lost still learns it.
      const result = await dealing.positions.openAndConfirm(createPositionRequest(ticket), {
        beforeUnlock: (settled) => lastSettlement.setValue(directSettlement(settled, ticket.epic, ctx.now())),
      });
      const outcome = outcomeOf(result.confirmation, result.dealReference);
      if (result.status === 'accepted') await checkForDuplicates(ctx, client, result.dealReference, ticket.epic);
      return outcome;
    } catch (error) {
      if (error instanceof AmbiguousExecutionError) return unknown(ctx, error.dealReference ?? '');
      throw error;
    } finally {
      await ctx.statusChanged();
    }
  },

  async 'deal.durableMedium'(request, ctx) {
    const { client } = await dealingAccess(ctx, { lockFree: false });
    const doc = await client.indicativeCosts.getDurableMedium(request.quoteReference);
    if (doc.data.byteLength > MAX_DOCUMENT_BYTES)
      throw new ApiError(i18n.t('bgError.documentTooLarge'), { errorCode: 'client.document-too-large' });
    return { contentType: doc.contentType ?? 'application/pdf', base64: toBase64(doc.data) };
  },

  async 'deal.quoteHistory'(request, ctx) {
    const { client } = await dealingAccess(ctx, { lockFree: false });
    if (request.to <= request.from) throw new ValidationError('to', i18n.t('bgError.periodOrder'));
    const history = await client.indicativeCosts.history(new Date(request.from), new Date(request.to), {
      pageSize: 50,
    });
    return quoteHistoryView(history).sort((a, b) => b.createdAt - a.createdAt);
  },

  async 'deal.repeatWindow'(_request, ctx) {
    const { client } = await dealingAccess(ctx, { lockFree: false });
    try {
      return repeatWindowView(await client.repeatDealingWindow.get());
    } catch (error) {
      // Not every account or gateway has a repeat-dealing window.
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
};
