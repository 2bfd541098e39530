// Checks before sending: bad input throws ValidationError naming the field, and nothing is sent.
// Messages describe the rule, never echo the value. What the reads every wake makes check is here;
// what only trading, account and session changes send is checked in validate-trading.ts, dates in
// validate-dates.ts.

import * as v from 'valibot';
import { ValidationError } from './errors';
import * as P from './patterns';
import { RESOLUTIONS } from './requests';

/** A schema and what it asks for, in words. */
export type RuleCheck = readonly [v.GenericSchema, string];

export const rules = {
  epic: [v.pipe(v.string(), v.regex(P.EPIC)), '6-30 letters, digits, dots or underscores'],
  resolution: [v.picklist(RESOLUTIONS), `one of ${RESOLUTIONS.join(', ')}`],
  marketId: [v.pipe(v.string(), v.regex(/^[A-Za-z0-9._-]{1,30}$/)), '1-30 letters, digits, ., _ or -'],
  categoryId: [v.pipe(v.string(), v.regex(P.CATEGORY_ID)), 'a non-empty id without /, ? or #'],
  watchlistId: [
    v.pipe(v.string(), v.regex(P.WATCHLIST_ID), v.regex(/\S/)),
    'a non-empty id without / or control characters',
  ],
  searchTerm: [v.pipe(v.string(), v.regex(/\S/), v.maxLength(200)), 'a non-empty term of at most 200 characters'],
} as const satisfies Record<string, RuleCheck>;

export type Rule = keyof typeof rules;

/** Checks `value` against a rule; throws a ValidationError naming `field`. */
export function needCheck([schema, description]: RuleCheck, value: unknown, label: string, field: string): void {
  if (!v.is(schema, value)) throw new ValidationError(field, `Invalid ${field}: expected ${description}`, label);
}

/** Checks `value` against a named rule; `field` defaults to the rule's name. */
export function need(rule: Rule, value: unknown, label: string, field: string = rule): void {
  needCheck(rules[rule], value, label, field);
}

export function needOptional(rule: Rule, value: unknown, label: string, field: string = rule): void {
  if (value !== undefined && value !== null) need(rule, value, label, field);
}

export function needInteger(value: unknown, label: string, field: string, min: number, max: number): void {
  const ok = typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
  if (!ok) throw new ValidationError(field, `Invalid ${field}: expected a whole number from ${min} to ${max}`, label);
}

export function fail(field: string, message: string, label: string): never {
  throw new ValidationError(field, message, label);
}
