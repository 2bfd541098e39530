// IG's history endpoints (rows marked `ig` in the endpoint table): the account's activity (v3, paged by
// IG's `metadata.paging.next` link) and its transactions (v2, paged by number). Checked before sending,
// normalised after; a malformed reply is an ApiError and nothing of it is returned.
import { normaliseActivity, normaliseTransaction } from '../../history/normalise';
import {
  type ActivityPage,
  type ActivityQuery,
  TRANSACTION_TYPES,
  type TransactionsPage,
  type TransactionsQuery,
} from '../../history/types';
import { type ClientCore, labelled, send } from '../core';
import { check, malformed } from '../parse';
import type { CallOptions } from '../requests';
import { ActivityResponseSchema, TransactionsResponseSchema } from '../schemas/history';
import { fail, needInteger } from '../validate';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
const DEAL_ID = /^[A-Za-z0-9_-]{1,40}$/;

const pad = (n: number) => String(n).padStart(2, '0');

/** `yyyy-MM-ddTHH:mm:ss` in UTC, or a date alone as given. */
function historyDate(value: Date | string, label: string, field: string): string {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) fail(field, `Invalid ${field}: not a valid date`, label);
    const d = value;
    return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  }
  if (typeof value !== 'string' || !(DATE_ONLY.test(value) || DATE_TIME.test(value)))
    fail(field, `Invalid ${field}: expected yyyy-MM-dd or yyyy-MM-ddTHH:mm:ss`, label);
  if (Number.isNaN(Date.parse(`${value.slice(0, 10)}T00:00:00Z`)))
    fail(field, `Invalid ${field}: not a valid date`, label);
  return value;
}

function checkRange(from: string | undefined, to: string | undefined, label: string): void {
  if (from === undefined || to === undefined) return;
  const start = Date.parse(`${from.length === 10 ? `${from}T00:00:00` : from}Z`);
  const end = Date.parse(`${to.length === 10 ? `${to}T23:59:59` : to}Z`);
  if (end < start) fail('to', 'Invalid date range: the end must not be before the start', label);
}

/** 1–500 visible characters (no spaces or controls) with at least one `==` or `!=`. */
function isFiql(filter: unknown): boolean {
  if (typeof filter !== 'string' || filter.length === 0 || filter.length > 500) return false;
  for (const c of filter) if (c.charCodeAt(0) <= 32 || c.charCodeAt(0) === 127) return false;
  return /[=!]=/.test(filter);
}

/** The activity query as sent on the wire; throws a ValidationError (nothing sent) for bad input. */
export function activityParams(query: ActivityQuery, label = 'history.activity') {
  const from = query.from === undefined ? undefined : historyDate(query.from, label, 'from');
  const to = query.to === undefined ? undefined : historyDate(query.to, label, 'to');
  checkRange(from, to, label);
  if (query.detailed !== undefined && typeof query.detailed !== 'boolean')
    fail('detailed', 'Invalid detailed: expected true or false', label);
  if (query.dealId !== undefined && (typeof query.dealId !== 'string' || !DEAL_ID.test(query.dealId)))
    fail('dealId', 'Invalid dealId: expected 1-40 letters, digits, _ or -', label);
  if (query.filter !== undefined && !isFiql(query.filter))
    fail('filter', 'Invalid filter: expected a FIQL expression such as type==POSITION', label);
  if (query.pageSize !== undefined) needInteger(query.pageSize, label, 'pageSize', 10, 500);
  return { from, to, detailed: query.detailed, dealId: query.dealId, filter: query.filter, pageSize: query.pageSize };
}

/**
 * IG's `metadata.paging.next` ("/history/activity?version=3&from=…&to=…&pageSize=50") as the next page's
 * query. Only the query is taken: the link's host or path never chooses where a request goes.
 */
export function nextActivityQuery(next: string | null | undefined): ActivityQuery | null {
  if (typeof next !== 'string' || next.trim() === '') return null;
  let url: URL;
  try {
    url = new URL(next, 'https://next.invalid');
  } catch {
    return null;
  }
  if (!/\/history\/activity\/?$/.test(url.pathname)) return null;
  const q = url.searchParams;
  const query: ActivityQuery = {};
  const from = q.get('from');
  const to = q.get('to');
  if (from) query.from = from;
  if (to) query.to = to;
  const detailed = q.get('detailed');
  if (detailed === 'true' || detailed === 'false') query.detailed = detailed === 'true';
  const dealId = q.get('dealId');
  if (dealId) query.dealId = dealId;
  const filter = q.get('filter');
  if (filter) query.filter = filter;
  const pageSize = q.get('pageSize');
  if (pageSize && /^\d+$/.test(pageSize)) query.pageSize = Number(pageSize);
  return query;
}

export function transactionsParams(query: TransactionsQuery, label = 'history.transactions') {
  if (query.type !== undefined && !TRANSACTION_TYPES.includes(query.type))
    fail('type', `Invalid type: expected one of ${TRANSACTION_TYPES.join(', ')}`, label);
  const from = query.from === undefined ? undefined : historyDate(query.from, label, 'from');
  const to = query.to === undefined ? undefined : historyDate(query.to, label, 'to');
  checkRange(from, to, label);
  if (query.maxSpanSeconds !== undefined)
    needInteger(query.maxSpanSeconds, label, 'maxSpanSeconds', 1, 10 * 366 * 86_400);
  if (query.pageSize !== undefined) needInteger(query.pageSize, label, 'pageSize', 0, 500);
  if (query.pageNumber !== undefined) needInteger(query.pageNumber, label, 'pageNumber', 1, 100_000);
  return {
    type: query.type,
    from,
    to,
    maxSpanSeconds: query.maxSpanSeconds,
    pageSize: query.pageSize,
    pageNumber: query.pageNumber,
  };
}

export function historyGroup(core: ClientCore) {
  return {
    /** One page of GET /history/activity v3; `next` is the following page's query (or null). */
    activity: labelled('history.activity', async (query: ActivityQuery = {}, opts: CallOptions = {}) => {
      const label = 'history.activity';
      const params = activityParams(query, label);
      const reply = await send(core, label, { ...opts, query: params });
      const ctx = { label, status: reply.status, requestId: reply.requestId };
      const body = check(ActivityResponseSchema, reply.body, ctx);
      const bad = (where: string): never => {
        throw malformed(ctx, `unreadable value at ${where}`);
      };
      const page: ActivityPage = {
        activities: body.activities.map((a, i) => normaliseActivity(a, i, bad)),
        next: nextActivityQuery(body.metadata?.paging?.next),
      };
      return page;
    }),
    /** One page of GET /history/transactions v2. */
    transactions: labelled('history.transactions', async (query: TransactionsQuery = {}, opts: CallOptions = {}) => {
      const label = 'history.transactions';
      const params = transactionsParams(query, label);
      const reply = await send(core, label, { ...opts, query: params });
      const ctx = { label, status: reply.status, requestId: reply.requestId };
      const body = check(TransactionsResponseSchema, reply.body, ctx);
      const bad = (where: string): never => {
        throw malformed(ctx, `unreadable value at ${where}`);
      };
      const pageData = body.metadata?.pageData;
      const transactions = body.transactions.map((t, i) => normaliseTransaction(t, i, bad));
      const page: TransactionsPage = {
        transactions,
        pageNumber: pageData?.pageNumber ?? query.pageNumber ?? 1,
        pageSize: pageData?.pageSize ?? query.pageSize ?? transactions.length,
        totalPages: pageData?.totalPages ?? 1,
      };
      return page;
    }),
  };
}
