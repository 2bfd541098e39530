// Checks of what only changes send: trading, watchlist edits, accounts, sessions and applications
// (validate.ts has the reads' own): deal ids and references, currencies, expiries, sizes, levels, order
// types, names.

import * as v from 'valibot';
import { ValidationError } from './errors';
import * as P from './patterns';
import { needCheck, type Rule, type RuleCheck, rules as readRules } from './validate';

export { fail, needInteger } from './validate';

const rules = {
  watchlistName: [
    v.pipe(v.string(), v.regex(/^[\p{L}\p{N}._ ]{1,100}$/u), v.regex(/\S/)),
    'letters, digits, ., _ or spaces',
  ],
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
  accountId: [v.pipe(v.string(), v.regex(P.ACCOUNT_ID)), '1-30 letters, digits or -'],
  quoteReference: [v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/)), 'letters, digits, _ or -'],
  apiKey: [v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,100}$/)), 'letters, digits, _ or -'],
  applicationStatus: [v.picklist(['ENABLED', 'DISABLED', 'REVOKED']), 'ENABLED, DISABLED or REVOKED'],
} as const satisfies Record<string, RuleCheck>;

export type TradingRule = Rule | keyof typeof rules;

const ruleOf = (rule: TradingRule): RuleCheck =>
  Object.hasOwn(rules, rule) ? rules[rule as keyof typeof rules] : readRules[rule as Rule];

/** Checks `value` against a named rule; `field` defaults to the rule's name. */
export function need(rule: TradingRule, value: unknown, label: string, field: string = rule): void {
  needCheck(ruleOf(rule), value, label, field);
}

export function needOptional(rule: TradingRule, value: unknown, label: string, field: string = rule): void {
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
