import { type ClientCore, labelled, sendParsed } from '../core';
import type { CallOptions, DateInput, PricesQuery, Resolution } from '../requests';
import {
  type PriceAllowance,
  PricePointsResponseSchema,
  type PriceResponse,
  PriceResponseSchema,
} from '../schemas/prices';
import { fail, need, needInteger, needOptional } from '../validate';
import { needOrder, spaceDate, tDate } from '../validate-dates';

/** A guard against a service that keeps announcing more pages. */
export const MAX_PRICE_PAGES = 200;

/** Keeps the weekly historical allowance in step: the service's own count when it sends one. */
function account(core: ClientCore, allowance: PriceAllowance | null | undefined, points: number) {
  if (allowance) core.budget.syncHistorical(allowance);
  else core.budget.recordHistorical(points);
}

export function pricesGroup(core: ClientCore) {
  return {
    /** GET /prices/{epic} v3, walking every page and merging the points. */
    list: labelled('prices.list', async (epic: string, query: PricesQuery = {}, opts: CallOptions = {}) => {
      const label = 'prices.list';
      need('epic', epic, label);
      needOptional('resolution', query.resolution, label);
      const from = query.from === undefined ? undefined : tDate(query.from, label, 'from');
      const to = query.to === undefined ? undefined : tDate(query.to, label, 'to');
      if (query.from !== undefined && query.to !== undefined) needOrder(query.from, query.to, label);
      if (query.max !== undefined) needInteger(query.max, label, 'max', 1, 100_000);
      if (query.pageSize !== undefined) needInteger(query.pageSize, label, 'pageSize', 0, 100_000);
      const merged: PriceResponse[] = [];
      for (let pageNumber = 1; pageNumber <= MAX_PRICE_PAGES; pageNumber++) {
        core.budget.checkHistorical(label);
        const page = await sendParsed(core, label, PriceResponseSchema, {
          ...opts,
          params: { epic },
          query: { resolution: query.resolution, from, to, max: query.max, pageSize: query.pageSize, pageNumber },
        });
        account(core, page.metadata?.allowance, page.prices.length);
        merged.push(page);
        const totalPages = page.metadata?.pageData?.totalPages ?? 1;
        if (pageNumber >= totalPages || page.prices.length === 0) break;
      }
      const last = merged[merged.length - 1] as PriceResponse;
      const result: PriceResponse = { ...last, prices: merged.flatMap((p) => p.prices) };
      return result;
    }),
    listPoints: labelled(
      'prices.list_points',
      (epic: string, resolution: Resolution, numPoints: number, opts: CallOptions = {}) => {
        const label = 'prices.list_points';
        need('epic', epic, label);
        need('resolution', resolution, label);
        if (resolution === 'SECOND') fail('resolution', 'Invalid resolution: SECOND is not offered by points', label);
        needInteger(numPoints, label, 'num_points', 1, 10_000);
        core.budget.checkHistorical(label);
        return sendParsed(core, label, PricePointsResponseSchema, {
          ...opts,
          params: { epic, resolution, num_points: numPoints },
        }).then((reply) => {
          account(core, reply.allowance, reply.prices.length);
          return reply;
        });
      },
    ),
    listDateRange: labelled(
      'prices.list_date_range',
      (epic: string, resolution: Resolution, start: DateInput, end: DateInput, opts: CallOptions = {}) => {
        const label = 'prices.list_date_range';
        need('epic', epic, label);
        need('resolution', resolution, label);
        const startDate = spaceDate(start, label, 'start_date');
        const endDate = spaceDate(end, label, 'end_date');
        needOrder(start, end, label);
        core.budget.checkHistorical(label);
        return sendParsed(core, label, PricePointsResponseSchema, {
          ...opts,
          params: { epic, resolution, start_date: startDate, end_date: endDate },
        }).then((reply) => {
          account(core, reply.allowance, reply.prices.length);
          return reply;
        });
      },
    ),
  };
}
