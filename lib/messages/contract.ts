// The one message contract between the pages (popup, side panel, options) and the background.
// Every message: a name, a request schema (checked by the router before any handler runs) and a
// reply type. Replies are envelopes: `{ ok: true, data }` or `{ ok: false, error }`; they never
// carry credentials or tokens. The request schemas of the messages only a part of the worker answers
// are in that group's file under requests/, named here; the worker loads them with the group's first
// message.

import { defineExtensionMessaging } from '@webext-core/messaging';
import * as v from 'valibot';
import { i18n } from '#i18n';
import { isFirefox } from '../browser-kind';
import { lazySchema } from '../lazy-schema';
import { loadPart } from '../load-once';
import type { Replies } from './replies';
import type { credentialRequests } from './requests/credentials';
import type { dealingRequests } from './requests/dealing';
import * as s from './schemas';
import { none } from './schemas';
import { settledSend, type Watch } from './settled-send';
import type { Reply } from './views';

export * from './live';
export type { Replies } from './replies';
export type * from './views';

/** Request schemas in a file of their own, by group: the worker loads one with its group's first message. */
const inFile = {
  credentials: loadPart(
    'connection settings checks',
    async () => (await import('./requests/credentials')).credentialRequests,
  ),
  dealing: loadPart('dealing checks', async () => (await import('./requests/dealing')).dealingRequests),
};
interface InFile {
  credentials: OnlyMessages<typeof credentialRequests>;
  dealing: OnlyMessages<typeof dealingRequests>;
}
/** A group's file names messages of this contract and nothing else (else none of its messages type-checks). */
type OnlyMessages<T> = Exclude<keyof T, MessageName> extends never ? T : never;
type Group = keyof InFile;

/** Entries one import may carry (the background adds at most MAX_IMPORT and reports the rest). */
const MAX_IMPORT_TOKENS = 5_000;

export const requests = {
  // Connection, session and status; changes of them in requests/credentials.ts
  'status.get': none,
  /** The worker's build (lib/release/stale-worker.ts: a page finds a worker left from an earlier build). */
  'build.get': none,
  'connection.get': none,
  'connection.save': 'credentials',
  'connection.check': 'credentials',
  'connection.forget': 'credentials',
  'session.switchAccount': 'credentials',
  'session.logout': 'credentials',
  /** The active account's funds: streamed while live, otherwise read from the service now. */
  'account.funds': none,

  // Remembered credentials (encrypted under the user's PIN; the PIN never comes back in a reply)
  'vault.unlock': 'credentials',
  'vault.setPin': 'credentials',

  // Markets, prices, sentiment
  'markets.search': lazySchema(() => v.object({ term: s.searchTerm })),
  'markets.quotes': lazySchema(() =>
    v.object({
      epics: v.pipe(
        v.array(s.epic),
        v.maxLength(1000, () => i18n.t('reviewWords.atMostQuotes', { max: '1000' })),
      ),
    }),
  ),
  'markets.facts': lazySchema(() => v.object({ epic: s.epic })),
  'prices.history': lazySchema(() =>
    v.object({
      epic: s.epic,
      resolution: s.resolution,
      from: s.epochMs,
      to: s.epochMs,
    }),
  ),
  'sentiment.get': lazySchema(() => v.object({ marketIds: v.pipe(v.array(s.marketId), v.maxLength(500)) })),
  'sentiment.related': lazySchema(() => v.object({ marketId: s.marketId })),
  'sentiment.history': lazySchema(() => v.object({ marketId: s.marketId })),
  'categories.list': none,
  'categories.instruments': lazySchema(() =>
    v.object({
      categoryId: s.categoryId,
      page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 1),
      pageSize: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000)), 50),
    }),
  ),
  'recent.add': lazySchema(() => v.object({ epic: s.epic })),

  // Watchlists (mutations cross the guard with the 'watchlists' scope, granted by default)
  'watchlists.list': none,
  'watchlists.get': lazySchema(() => v.object({ id: s.watchlistId })),
  'watchlists.create': lazySchema(() =>
    v.object({
      name: s.watchlistName,
      epics: v.optional(
        v.pipe(
          v.array(s.epic),
          v.maxLength(500, () => i18n.t('reviewWords.atMostNewList', { max: '500' })),
        ),
        [],
      ),
    }),
  ),
  'watchlists.delete': lazySchema(() => v.object({ id: s.watchlistId })),
  'watchlists.addMarket': lazySchema(() => v.object({ id: s.watchlistId, epic: s.epic })),
  'watchlists.removeMarket': lazySchema(() => v.object({ id: s.watchlistId, epic: s.epic })),
  'watchlists.import': lazySchema(() =>
    v.object({
      /** An existing watchlist id, or a name for a new one. */
      target: v.union([v.object({ id: s.watchlistId }), v.object({ name: s.watchlistName })]),
      /** The file or pasted text as the page read it (lib/csv/import parseEpicList): CSV parsing stays in the page. */
      epics: v.pipe(
        v.array(s.epic),
        v.maxLength(MAX_IMPORT_TOKENS, () => i18n.t('reviewWords.fileTooManyMarkets')),
      ),
      duplicates: v.pipe(
        v.array(s.epic),
        v.maxLength(MAX_IMPORT_TOKENS, () => i18n.t('reviewWords.fileTooManyMarkets')),
      ),
      invalid: v.pipe(
        v.array(s.importToken),
        v.maxLength(MAX_IMPORT_TOKENS, () => i18n.t('reviewWords.fileTooManyEntries')),
      ),
    }),
  ),
  'watchlists.export': lazySchema(() => v.object({ id: s.watchlistId })),

  // The account's history (IG's history endpoints): activity by page, the period's transactions whole
  'accountHistory.activity': lazySchema(() =>
    v.object({
      from: s.epochMs,
      to: s.epochMs,
      page: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(999)),
      refresh: v.optional(v.boolean()),
    }),
  ),
  'accountHistory.transactions': lazySchema(() =>
    v.object({ from: s.epochMs, to: s.epochMs, refresh: v.optional(v.boolean()) }),
  ),

  // Badge and alerts
  'badge.pin': lazySchema(() => v.object({ epic: v.nullable(s.epic) })),
  'alerts.list': none,
  'alerts.create': s.alertInput,
  'alerts.delete': lazySchema(() => v.object({ id: s.reference })),
  'alerts.rearm': lazySchema(() => v.object({ id: s.reference })),
  'listAlerts.list': none,
  'listAlerts.save': s.listAlertInput,
  'listAlerts.delete': lazySchema(() => v.object({ id: s.reference })),

  // The dealing permit, dealing, the lock and applications: requests/dealing.ts
  'permit.get': 'dealing',
  'permit.grant': 'dealing',
  'permit.revoke': 'dealing',
  // Dealing (refused without a dealing permit and while the reconciliation lock is open)
  'deal.quoteOpen': 'dealing',
  'deal.open': 'dealing',
  'deal.durableMedium': 'dealing',
  'deal.quoteHistory': 'dealing',
  'deal.repeatWindow': 'dealing',
  'positions.list': 'dealing',
  'positions.amend': 'dealing',
  'positions.quoteClose': 'dealing',
  'positions.close': 'dealing',
  'workingOrders.list': 'dealing',
  'workingOrders.create': 'dealing',
  'workingOrders.amend': 'dealing',
  'workingOrders.delete': 'dealing',
  'lock.get': 'dealing',
  'lock.reconcile': 'dealing',
  // Applications (changes need the 'applications' permit scope)
  'applications.list': 'dealing',
  'applications.update': 'dealing',
  'applications.disable': 'dealing',

  // Settings file (never secrets)
  'settings.export': none,
  'settings.import': lazySchema(() => v.object({ json: v.pipe(v.string(), v.maxLength(500_000)) })),
} as const satisfies Record<string, v.GenericSchema | Group>;

export type MessageName = keyof typeof requests;

/** Each message's request schema as a type, wherever it is. */
type Schemas = {
  [N in MessageName]: (typeof requests)[N] extends infer E extends Group
    ? InFile[E][N & keyof InFile[E]]
    : (typeof requests)[N];
};

/** A message's request schema: at once, or from its group's file (loaded once). */
export async function requestSchema(name: MessageName): Promise<v.GenericSchema> {
  const entry: v.GenericSchema | Group = requests[name];
  if (typeof entry !== 'string') return entry;
  return (await inFile[entry]())[name as keyof InFile[typeof entry]];
}

/** Request fields that carry a secret: the router masks their values in every reply while they are in flight. */
export const secretFields: Partial<Record<MessageName, readonly string[]>> = {
  'connection.save': ['apiKey', 'password', 'pin', 'pinConfirm'],
  'vault.unlock': ['pin'],
  'vault.setPin': ['currentPin', 'pin', 'pinConfirm'],
};
export type RequestOf<N extends MessageName> = Schemas[N] extends v.GenericSchema ? v.InferInput<Schemas[N]> : never;
export type ParsedRequestOf<N extends MessageName> = Schemas[N] extends v.GenericSchema
  ? v.InferOutput<Schemas[N]>
  : never;
export type ProtocolMap = { [N in MessageName]: (request: RequestOf<N>) => Reply<Replies[N]> };

// Pure: the background, which never sends, leaves the messaging library out of its bundle.
export const messenger = /* @__PURE__ */ defineExtensionMessaging<ProtocolMap>();

/**
 * While a reply is due in Firefox: the background's build message, answered by whichever background runs now.
 * Chromium needs no watch: a worker with a reply due stays up, and one that goes away rejects the send.
 */
export const watchBackground: Watch = {
  everyMs: 1_000,
  ping: async () => {
    const reply = await messenger.sendMessage('build.get', {});
    return reply.ok ? (reply.data.instance ?? null) : null;
  },
};

/** Pages call the background through this one function; it always resolves (lib/messages/settled-send). */
export function send<N extends MessageName>(name: N, request: RequestOf<N>): Promise<Reply<Replies[N]>> {
  return settledSend(
    () => (messenger.sendMessage as (n: N, r: RequestOf<N>) => Promise<Reply<Replies[N]>>)(name, request),
    3,
    isFirefox && name !== 'build.get' ? watchBackground : undefined,
  );
}
