import { type ClientCore, labelled, send, sendParsed } from '../core';
import { newDealReference } from '../deal-reference';
import { malformed } from '../parse';
import type {
  CallOptions,
  CostsHistoryQuery,
  DateInput,
  QuoteCloseRequest,
  QuoteEditRequest,
  QuoteOpenRequest,
} from '../requests';
import { CloseQuoteSchema, CostsHistorySchema, EditQuoteSchema, OpenQuoteSchema } from '../schemas/costs';
import { isoMsDate, needOrder } from '../validate-dates';
import {
  fail,
  need,
  needBoolean,
  needInteger,
  needNumber,
  needOptional,
  needSize,
  optionalNumber,
} from '../validate-trading';

function checkQuote(req: QuoteOpenRequest, label: string) {
  if (typeof req !== 'object' || req === null) fail('request', 'Invalid request: expected an object', label);
  needNumber(req.ask, label, 'ask', { positive: true });
  needNumber(req.bid, label, 'bid', { positive: true });
  need('currencyCode', req.dealCurrencyCode, label, 'dealCurrencyCode');
  needSize(req.size, label);
  needOptional('dealReference', req.dealReference, label);
  needOptional('direction', req.direction, label);
  needOptional('epic', req.epic, label);
  needBoolean(req.guaranteedStop, label, 'guaranteedStop');
  optionalNumber(req.knockoutPremium, label, 'knockoutPremium');
  optionalNumber(req.priceLevel, label, 'priceLevel');
  optionalNumber(req.stopLevel, label, 'stopLevel');
}

const withReference = <T extends QuoteOpenRequest>(req: T) => ({
  ...req,
  dealReference: req.dealReference ?? newDealReference(),
});

/** Indicative quotes: POSTs that never execute a trade, so they need no permit. */
export function indicativeCostsGroup(core: ClientCore) {
  return {
    quoteOpen: labelled('indicative_costs.quote_open', (req: QuoteOpenRequest, opts: CallOptions = {}) => {
      checkQuote(req, 'indicative_costs.quote_open');
      return sendParsed(core, 'indicative_costs.quote_open', OpenQuoteSchema, { ...opts, body: withReference(req) });
    }),
    quoteClose: labelled('indicative_costs.quote_close', (req: QuoteCloseRequest, opts: CallOptions = {}) => {
      const label = 'indicative_costs.quote_close';
      checkQuote(req, label);
      needNumber(req.openingLevel, label, 'openingLevel', { positive: true });
      return sendParsed(core, label, CloseQuoteSchema, { ...opts, body: withReference(req) });
    }),
    quoteEdit: labelled('indicative_costs.quote_edit', (req: QuoteEditRequest, opts: CallOptions = {}) => {
      const label = 'indicative_costs.quote_edit';
      checkQuote(req, label);
      needNumber(req.openingLevel, label, 'openingLevel', { positive: true });
      if (typeof req.editType !== 'string' || req.editType.trim() === '') fail('editType', 'Invalid editType', label);
      optionalNumber(req.limitLevel, label, 'limitLevel');
      return sendParsed(core, label, EditQuoteSchema, { ...opts, body: withReference(req) });
    }),
    /** The stored quote document (a PDF): its bytes and content type. */
    getDurableMedium: labelled(
      'indicative_costs.get_durable_medium',
      async (quoteReference: string, opts: CallOptions = {}) => {
        const label = 'indicative_costs.get_durable_medium';
        need('quoteReference', quoteReference, label, 'quote_reference');
        const reply = await send(core, label, { ...opts, params: { quote_reference: quoteReference }, binary: true });
        const data = reply.bytes ?? new Uint8Array();
        if (!isPdf(data)) {
          throw malformed({ label, status: reply.status, requestId: reply.requestId }, 'the document is not a PDF');
        }
        return { contentType: 'application/pdf', data };
      },
    ),
    history: labelled(
      'indicative_costs.history',
      (fromDate: DateInput, toDate: DateInput, query: CostsHistoryQuery = {}, opts: CallOptions = {}) => {
        const label = 'indicative_costs.history';
        const from = isoMsDate(fromDate, label, 'from_date');
        const to = isoMsDate(toDate, label, 'to_date');
        needOrder(
          fromDate instanceof Date ? fromDate : new Date(from),
          toDate instanceof Date ? toDate : new Date(to),
          label,
        );
        if (query.pageSize !== undefined) needInteger(query.pageSize, label, 'pageSize', 1, 1000);
        if (query.pageNumber !== undefined) needInteger(query.pageNumber, label, 'pageNumber', 0, 1_000_000);
        return sendParsed(core, label, CostsHistorySchema, {
          ...opts,
          params: { from_date: from, to_date: to },
          query: { pageSize: query.pageSize, pageNumber: query.pageNumber, type: query.type },
        });
      },
    ),
  };
}

/** A PDF starts with `%PDF-` (after at most a little leading whitespace some servers add). */
function isPdf(data: Uint8Array): boolean {
  const head = new TextDecoder('latin1').decode(data.subarray(0, 1024));
  return /^\s{0,16}%PDF-/.test(head);
}
