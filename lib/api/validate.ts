// Checks before sending: bad input throws ValidationError naming the field, and nothing is sent.
// Messages describe the rule, never echo the value.

import * as v from 'valibot';
import { ValidationError } from './errors';
import * as P from './patterns';
import { type DateInput, RESOLUTIONS } from './requests';

const rules = {
  epic: [v.pipe(v.string(), v.regex(P.EPIC)), '6-30 letters, digits, dots or underscores'],
  dealReference: [v.pipe(v.string(), v.regex(P.DEAL_REFERENCE)), '1-30 letters, digits, _ or -'],
  dealId: [v.pipe(v.string(), v.regex(/^[A-Za-z0-9_.-]{1,30}$/)), '1-30 letters, digits, _, . or -'],
  currencyCode: [v.pipe(v.string(), v.regex(P.CURRENCY_CODE)), 'three capital letters'],
  expiry: [v.pipe(v.string(), v.regex(P.EXPIRY)), '-, DFB, MMM-YY or DD-MMM-YY'],
  direction: [v.picklist(['BUY', 'SELL']), 'BUY or SELL'],
  positionOrderType: [v.picklist(['MARKET', 'LIMIT', 'QUOTE']), 'MARKET, LIMIT or QUOTE'],
  workingOrderType: [v.picklist(['LIMIT', 'STOP']), 'LIMIT or STOP'],
  positionTimeInForce: [v.picklist(['EXECUTE_AND_ELIMINATE', 'FILL_OR_KILL']), 'EXECUTE_AND_ELIMINATE or FILL_OR_KILL'],
  workingOrderTimeInForce: [
    v.picklist(['GOOD_TILL_CANCELLED', 'GOOD_TILL_DATE']),
    'GOOD_TILL_CANCELLED or GOOD_TILL_DATE',
  ],
  resolution: [v.picklist(RESOLUTIONS), `one of ${RESOLUTIONS.join(', ')}`],
  marketId: [v.pipe(v.string(), v.regex(/^[A-Za-z0-9._-]{1,30}$/)), '1-30 letters, digits, ., _ or -'],
  accountId: [v.pipe(v.string(), v.regex(P.ACCOUNT_ID)), '1-30 letters, digits or -'],
  categoryId: [v.pipe(v.string(), v.regex(P.CATEGORY_ID)), 'a non-empty id without /, ? or #'],
  watchlistId: [
    v.pipe(v.string(), v.regex(P.WATCHLIST_ID), v.regex(/\S/)),
    'a non-empty id without / or control characters',
  ],
  watchlistName: [
    v.pipe(v.string(), v.regex(/^[\p{L}\p{N}._ ]{1,100}$/u), v.regex(/\S/)),
    'letters, digits, ., _ or spaces',
  ],
  quoteReference: [v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/)), 'letters, digits, _ or -'],
  searchTerm: [v.pipe(v.string(), v.regex(/\S/), v.maxLength(200)), 'a non-empty term of at most 200 characters'],
  apiKey: [v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,100}$/)), 'letters, digits, _ or -'],
  applicationStatus: [v.picklist(['ENABLED', 'DISABLED', 'REVOKED']), 'ENABLED, DISABLED or REVOKED'],
} as const;

export type Rule = keyof typeof rules;

/** Checks `value` against a named rule; `field` defaults to the rule's name. */
export function need(rule: Rule, value: unknown, label: string, field: string = rule): void {
  const [schema, description] = rules[rule];
  if (!v.is(schema, value)) throw new ValidationError(field, `Invalid ${field}: expected ${description}`, label);
}

export function needOptional(rule: Rule, value: unknown, label: string, field: string = rule): void {
  if (value !== undefined && value !== null) need(rule, value, label, field);
}

/** A positive size with at most 12 decimal places. */
export function needSize(value: unknown, label: string, field = 'size'): void {
  const ok =
    typeof value === 'number' &&
    Number.isFinite(value) &&
    value > 0 &&
    (String(value).split('.')[1]?.length ?? 0) <= 12 &&
    !String(value).includes('e');
  if (!ok)
    throw new ValidationError(field, `Invalid ${field}: expected a positive number with at most 12 decimals`, label);
}

export function needNumber(value: unknown, label: string, field: string, { positive = false } = {}): void {
  const ok = typeof value === 'number' && Number.isFinite(value) && (!positive || value > 0);
  if (!ok) throw new ValidationError(field, `Invalid ${field}: expected a ${positive ? 'positive ' : ''}number`, label);
}

export function optionalNumber(value: unknown, label: string, field: string, positive = false): void {
  if (value !== undefined && value !== null) needNumber(value, label, field, { positive });
}

export function needInteger(value: unknown, label: string, field: string, min: number, max: number): void {
  const ok = typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
  if (!ok) throw new ValidationError(field, `Invalid ${field}: expected a whole number from ${min} to ${max}`, label);
}

export function needBoolean(value: unknown, label: string, field: string): void {
  if (value !== undefined && typeof value !== 'boolean') {
    throw new ValidationError(field, `Invalid ${field}: expected true or false`, label);
  }
}

/** At most one of two fields. */
export function onlyOne(a: unknown, b: unknown, label: string, fields: [string, string]): void {
  if (a !== undefined && a !== null && b !== undefined && b !== null) {
    throw new ValidationError(fields[1], `Set only one of ${fields[0]} and ${fields[1]}`, label);
  }
}

export function fail(field: string, message: string, label: string): never {
  throw new ValidationError(field, message, label);
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

function validDate(value: DateInput, label: string, field: string, pattern: RegExp, description: string): Date {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) fail(field, `Invalid ${field}: not a valid date`, label);
    return value;
  }
  if (typeof value !== 'string' || !pattern.test(value))
    fail(field, `Invalid ${field}: expected ${description}`, label);
  const parsed = new Date(`${value.slice(0, 10).replaceAll('/', '-')}T${value.slice(11, 19)}Z`);
  if (Number.isNaN(parsed.getTime())) fail(field, `Invalid ${field}: not a valid date`, label);
  return parsed;
}

function ymd(d: Date, sep = '-') {
  return `${d.getUTCFullYear()}${sep}${pad(d.getUTCMonth() + 1)}${sep}${pad(d.getUTCDate())}`;
}
function hms(d: Date) {
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

const SPACE_DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const T_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
const ISO_MS_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}(?:Z|[+-]\d{2}:\d{2})$/;
const SLASH_DATE = /^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}(?::\d{2})?$/;

/** `yyyy-MM-dd HH:mm:ss` (prices v2 date range path). */
export function spaceDate(value: DateInput, label: string, field: string): string {
  const d = validDate(value, label, field, SPACE_DATE, 'yyyy-MM-dd HH:mm:ss');
  return typeof value === 'string' ? value : `${ymd(d)} ${hms(d)}`;
}

/** `yyyy-MM-ddTHH:mm:ss` (prices v3 query). */
export function tDate(value: DateInput, label: string, field: string): string {
  const d = validDate(value, label, field, T_DATE, 'yyyy-MM-ddTHH:mm:ss');
  return typeof value === 'string' ? value : `${ymd(d)}T${hms(d)}`;
}

/** `yyyy-MM-ddTHH:mm:ss.SSSXXX` (costs history path). */
export function isoMsDate(value: DateInput, label: string, field: string): string {
  const d = validDate(value, label, field, ISO_MS_DATE, 'yyyy-MM-ddTHH:mm:ss.SSSZ');
  return typeof value === 'string' ? value : d.toISOString();
}

/** goodTillDate: `yyyy/MM/dd HH:mm:ss` in UTC, or epoch milliseconds. */
export function goodTillDate(value: Date | number | string, label: string): string | number {
  if (typeof value === 'number') {
    if (!Number.isInteger(value) || value <= 0)
      fail('goodTillDate', 'Invalid goodTillDate: expected epoch milliseconds', label);
    return value;
  }
  const d = validDate(value, label, 'goodTillDate', SLASH_DATE, 'yyyy/MM/dd HH:mm:ss');
  return typeof value === 'string' ? value : `${ymd(d, '/')} ${hms(d)}`;
}

export function needOrder(from: DateInput, to: DateInput, label: string): void {
  const a =
    from instanceof Date ? from.getTime() : Date.parse(`${String(from).slice(0, 10)}T${String(from).slice(11, 19)}Z`);
  const b = to instanceof Date ? to.getTime() : Date.parse(`${String(to).slice(0, 10)}T${String(to).slice(11, 19)}Z`);
  if (!(b > a)) fail('end_date', 'Invalid date range: the end must be after the start', label);
}
