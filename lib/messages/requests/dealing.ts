// Request schemas of the dealing, permit, lock and applications messages (the contract names them:
// lib/messages/contract.ts), loaded by the worker with the first of them, as the part answering them is.
import * as v from 'valibot';
import * as P from '../../api/patterns';
import { lazySchema } from '../../lazy-schema';
import * as s from '../schemas';

export const dealId = lazySchema(() => v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,40}$/, 'Deal id is not valid')));
export const direction = lazySchema(() => v.picklist(['BUY', 'SELL']));
export const permitScope = lazySchema(() => v.picklist(['dealing', 'watchlists', 'applications']));
export const currencyCode = lazySchema(() =>
  v.pipe(v.string(), v.regex(P.CURRENCY_CODE, 'Currency is three capital letters')),
);
export const expiry = lazySchema(() => v.pipe(v.string(), v.regex(P.EXPIRY, 'Expiry is not valid')));

/**
 * A stop or limit given as a distance from the deal level or as an absolute level. Built at once, not on first
 * use: an object reads an entry's `optional` from the entry itself, and behind a lazy wrapper the key would be
 * required (a ticket without a stop was refused).
 */
export const stopOrLimit = v.optional(
  v.nullable(v.object({ mode: v.picklist(['distance', 'level']), value: s.positive })),
  null,
);

/** What a deal ticket sends: validated again against the market's dealing rules in the background. */
export const ticket = lazySchema(() =>
  v.object({
    epic: s.epic,
    direction,
    size: s.positive,
    orderType: v.picklist(['MARKET', 'LIMIT']),
    /** The level for a LIMIT order. */
    level: v.optional(v.nullable(s.positive), null),
    currencyCode,
    expiry: v.optional(expiry, '-'),
    stop: stopOrLimit,
    limit: stopOrLimit,
  }),
);

export const workingOrder = lazySchema(() =>
  v.object({
    epic: s.epic,
    direction,
    size: s.positive,
    type: v.picklist(['LIMIT', 'STOP']),
    level: s.positive,
    currencyCode,
    expiry: v.optional(expiry, '-'),
    timeInForce: v.optional(v.picklist(['GOOD_TILL_CANCELLED', 'GOOD_TILL_DATE']), 'GOOD_TILL_CANCELLED'),
    goodTillDate: v.optional(v.nullable(s.epochMs), null),
    stopDistance: v.optional(v.nullable(s.positive), null),
    limitDistance: v.optional(v.nullable(s.positive), null),
    /**
     * Made by the form for this one submit and sent to IG as the order's deal reference: the background places
     * one order per id, however often the message is delivered.
     */
    requestId: s.dealReference,
  }),
);

export const dealingRequests = {
  'permit.get': s.none,
  'permit.grant': lazySchema(() =>
    v.object({
      scope: permitScope,
      /** The account id the permit is for; for a live account it must be typed again in `confirmAccountId`. */
      accountId: s.accountId,
      confirmAccountId: v.optional(v.nullable(s.accountId), null),
      /** Milliseconds from now, or null for "until the browser closes". */
      durationMs: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(60_000), v.maxValue(24 * 3600_000))),
      acknowledged: v.literal(true),
    }),
  ),
  'permit.revoke': lazySchema(() => v.object({ scope: permitScope })),

  'deal.quoteOpen': ticket,
  'deal.open': lazySchema(() => v.object({ ticket: ticket, quoteReference: s.reference })),
  'deal.durableMedium': lazySchema(() => v.object({ quoteReference: s.reference })),
  'deal.quoteHistory': lazySchema(() => v.object({ from: s.epochMs, to: s.epochMs })),
  'deal.repeatWindow': s.none,
  'positions.list': s.none,
  'workingOrders.list': s.none,
  'positions.amend': lazySchema(() =>
    v.object({
      dealId: dealId,
      stopLevel: v.nullable(s.positive),
      limitLevel: v.nullable(s.positive),
    }),
  ),
  'positions.quoteClose': lazySchema(() => v.object({ dealId: dealId })),
  'positions.close': lazySchema(() =>
    v.object({
      dealId: dealId,
      quoteReference: s.reference,
    }),
  ),
  'workingOrders.create': workingOrder,
  'workingOrders.amend': lazySchema(() =>
    v.object({
      dealId: dealId,
      level: s.positive,
      type: v.picklist(['LIMIT', 'STOP']),
      timeInForce: v.optional(v.picklist(['GOOD_TILL_CANCELLED', 'GOOD_TILL_DATE']), 'GOOD_TILL_CANCELLED'),
      goodTillDate: v.optional(v.nullable(s.epochMs), null),
      stopDistance: v.optional(v.nullable(s.positive), null),
      limitDistance: v.optional(v.nullable(s.positive), null),
    }),
  ),
  'workingOrders.delete': lazySchema(() => v.object({ dealId: dealId })),
  'lock.get': s.none,
  'lock.reconcile': s.none,

  'applications.list': s.none,
  'applications.update': lazySchema(() =>
    v.object({
      apiKey: s.reference,
      allowanceAccountOverall: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
      allowanceAccountTrading: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
      status: v.optional(v.picklist(['ENABLED', 'DISABLED'])),
    }),
  ),
  'applications.disable': lazySchema(() =>
    v.object({
      apiKey: s.reference,
      confirmed: v.literal(true),
    }),
  ),
} as const satisfies Record<string, v.GenericSchema>;
