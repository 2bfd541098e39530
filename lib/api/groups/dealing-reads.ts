import { type ClientCore, labelled, sendParsed } from '../core';
import type { CallOptions } from '../requests';
import {
  ConfirmationSchema,
  PositionSchema,
  PositionsResponseSchema,
  RepeatDealingWindowSchema,
  WorkingOrdersResponseSchema,
} from '../schemas/dealing';
import { need, needOptional } from '../validate-trading';

export function confirmationsGroup(core: ClientCore) {
  return {
    get: labelled('confirmations.get', (dealReference: string, opts: CallOptions = {}) => {
      need('dealReference', dealReference, 'confirmations.get', 'deal_reference');
      return sendParsed(core, 'confirmations.get', ConfirmationSchema, {
        ...opts,
        params: { deal_reference: dealReference },
      });
    }),
  };
}

export function positionsReads(core: ClientCore) {
  return {
    list: labelled('positions.list', (opts: CallOptions = {}) =>
      sendParsed(core, 'positions.list', PositionsResponseSchema, opts),
    ),
    get: labelled('positions.get', (dealId: string, opts: CallOptions = {}) => {
      need('dealId', dealId, 'positions.get', 'deal_id');
      return sendParsed(core, 'positions.get', PositionSchema, { ...opts, params: { deal_id: dealId } });
    }),
  };
}

export function workingOrdersReads(core: ClientCore) {
  return {
    list: labelled('working_orders.list', (opts: CallOptions = {}) =>
      sendParsed(core, 'working_orders.list', WorkingOrdersResponseSchema, opts),
    ),
  };
}

export function repeatDealingWindowGroup(core: ClientCore) {
  return {
    get: labelled('repeat_dealing_window.get', (query: { epic?: string } = {}, opts: CallOptions = {}) => {
      needOptional('epic', query.epic, 'repeat_dealing_window.get');
      return sendParsed(core, 'repeat_dealing_window.get', RepeatDealingWindowSchema, {
        ...opts,
        query: { epic: query.epic },
      });
    }),
  };
}
