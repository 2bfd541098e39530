// Dates the service takes in its paths and queries (price history, costs history, good-till dates):
// checked, and written in the form each wants.

import type { DateInput } from './requests';
import { fail } from './validate';

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
