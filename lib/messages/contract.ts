// The one message contract between the pages (popup, side panel, options) and the background.
// Every message: a name, a request schema (checked by the router before any handler runs) and a
// reply type. Replies are envelopes: `{ ok: true, data }` or `{ ok: false, error }`; they never
// carry credentials or tokens. The request schemas of the messages only a part of the worker answers
// are in that group's file under requests/, named here; the worker loads them with the group's first
// message.
import { defineExtensionMessaging } from '@webext-core/messaging';
import * as v from 'valibot';
import type { ListAlert } from '../alerts/list-rules';
import type { HistoryActivity, HistoryTransaction } from '../history/types';
import { loadPart } from '../load-once';
import type {
  AccountSummary,
  AlertRule,
  BudgetView,
  Candle,
  CategorySummary,
  DealOutcome,
  Environment,
  Fresh,
  FundsView,
  HistoricalAllowance,
  LockView,
  MarketFacts,
  MarketQuote,
  PermitView,
  PositionView,
  Resolution,
  Sentiment,
  SentimentPoint,
  WatchlistSummary,
  WorkingOrderView,
} from '../model';
import type { credentialRequests } from './requests/credentials';
import type { dealingRequests } from './requests/dealing';
import * as s from './schemas';
import { none } from './schemas';
import { settledSend } from './settled-send';

/** Request schemas in a file of their own, by group: the worker loads one with its group's first message. */
const inFile = {
  credentials: loadPart(
    'connection settings checks',
    async () => (await import('./requests/credentials')).credentialRequests,
  ),
  dealing: loadPart('dealing checks', async () => (await import('./requests/dealing')).dealingRequests),
};
interface InFile {
  credentials: typeof credentialRequests;
  dealing: typeof dealingRequests;
}
type Group = keyof InFile;

/** Entries one import may carry (the background adds at most MAX_IMPORT and reports the rest). */
const MAX_IMPORT_TOKENS = 5_000;

export const requests = {
  // Connection, session and status; changes of them in requests/credentials.ts
  'status.get': none,
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
  'markets.search': v.object({ term: s.searchTerm }),
  'markets.quotes': v.object({ epics: v.pipe(v.array(s.epic), v.maxLength(1000, 'At most 1000 markets at once')) }),
  'markets.facts': v.object({ epic: s.epic }),
  'prices.history': v.object({
    epic: s.epic,
    resolution: s.resolution,
    from: s.epochMs,
    to: s.epochMs,
  }),
  'sentiment.get': v.object({ marketIds: v.pipe(v.array(s.marketId), v.maxLength(500)) }),
  'sentiment.related': v.object({ marketId: s.marketId }),
  'sentiment.history': v.object({ marketId: s.marketId }),
  'categories.list': none,
  'categories.instruments': v.object({
    categoryId: s.categoryId,
    page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 1),
    pageSize: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000)), 50),
  }),
  'recent.add': v.object({ epic: s.epic }),

  // Watchlists (mutations cross the guard with the 'watchlists' scope, granted by default)
  'watchlists.list': none,
  'watchlists.get': v.object({ id: s.watchlistId }),
  'watchlists.create': v.object({
    name: s.watchlistName,
    epics: v.optional(v.pipe(v.array(s.epic), v.maxLength(500, 'At most 500 markets in a new watchlist')), []),
  }),
  'watchlists.delete': v.object({ id: s.watchlistId }),
  'watchlists.addMarket': v.object({ id: s.watchlistId, epic: s.epic }),
  'watchlists.removeMarket': v.object({ id: s.watchlistId, epic: s.epic }),
  'watchlists.import': v.object({
    /** An existing watchlist id, or a name for a new one. */
    target: v.union([v.object({ id: s.watchlistId }), v.object({ name: s.watchlistName })]),
    /** The file or pasted text as the page read it (lib/csv/import parseEpicList): CSV parsing stays in the page. */
    epics: v.pipe(v.array(s.epic), v.maxLength(MAX_IMPORT_TOKENS, 'The file has too many markets')),
    duplicates: v.pipe(v.array(s.epic), v.maxLength(MAX_IMPORT_TOKENS, 'The file has too many markets')),
    invalid: v.pipe(v.array(s.importToken), v.maxLength(MAX_IMPORT_TOKENS, 'The file has too many entries')),
  }),
  'watchlists.export': v.object({ id: s.watchlistId }),

  // The account's history (IG's history endpoints): activity by page, the period's transactions whole
  'accountHistory.activity': v.object({
    from: s.epochMs,
    to: s.epochMs,
    page: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(999)),
    refresh: v.optional(v.boolean()),
  }),
  'accountHistory.transactions': v.object({ from: s.epochMs, to: s.epochMs, refresh: v.optional(v.boolean()) }),

  // Badge and alerts
  'badge.pin': v.object({ epic: v.nullable(s.epic) }),
  'alerts.list': none,
  'alerts.create': s.alertInput,
  'alerts.delete': v.object({ id: s.reference }),
  'alerts.rearm': v.object({ id: s.reference }),
  'listAlerts.list': none,
  'listAlerts.save': s.listAlertInput,
  'listAlerts.delete': v.object({ id: s.reference }),

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
  'settings.import': v.object({ json: v.pipe(v.string(), v.maxLength(500_000)) }),
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

export interface ConnectionView {
  environment: Environment;
  baseUrl: string | null;
  apiKeySet: boolean;
  identifier: string | null;
  passwordSet: boolean;
  remember: boolean;
  sessionVersion: 2 | 3;
}

/** A gateway a settings file named that is not the one in use: not applied; the user reviews and grants it. */
export interface ImportedGateway {
  environment: Environment;
  baseUrl: string;
  /** Its host and port, as the browser's permission prompt names it. */
  host: string;
  /** The host the stored API key, password and tokens stay with; null when none is set. */
  current: string | null;
}

export interface SettingsImportView {
  applied: string[];
  ignored: string[];
  gateway: ImportedGateway | null;
}

/** What the pages see of the remembered credentials. Never the PIN, the key or the secrets. */
export interface VaultView {
  /**
   * none: nothing remembered; locked: remembered, waiting for the PIN; unlocked: in use this session;
   * pin-needed: remembered in plain text before the update, now kept for this session only until a PIN is chosen.
   */
  state: 'none' | 'locked' | 'unlocked' | 'pin-needed';
  /** Wrong PINs still allowed before the remembered credentials are erased. */
  triesLeft: number;
  /** Why remembered credentials are gone: erased after wrong PINs, or never protected with a PIN. */
  notice: 'locked-out' | 'unprotected-removed' | null;
  /** Present when the passphrase was chosen before Marketside checked its strength: the settings ask for a new one. */
  unchecked?: true;
}

export interface StatusView {
  /** What the pages show in their header and empty states. */
  state: 'signed-out' | 'locked' | 'signing-in' | 'signed-in' | 'offline' | 'error';
  environment: Environment | null;
  account: AccountSummary | null;
  accounts: AccountSummary[];
  permits: PermitView[];
  lock: LockView | null;
  budget: BudgetView;
  pinnedEpic: string | null;
  lastError: ErrorView | null;
  vault: VaultView;
  /** Live prices: Live, Reconnecting…, Delayed (polling) with why, or off (nothing to stream). */
  stream: StreamView;
}

export interface StreamView {
  mode: 'off' | 'connecting' | 'live' | 'reconnecting' | 'polling';
  reason: string | null;
  /** Price requests a minute the stream saves against polling the same markets. */
  savedPerMinute: number;
}

export interface WatchlistView {
  summary: WatchlistSummary;
  epics: string[];
  markets: MarketQuote[];
}

/** A row of an exported watchlist; the page writes the CSV (lib/csv/export watchlistCsv). */
export type ExportRow = Pick<
  MarketQuote,
  'epic' | 'instrumentName' | 'bid' | 'offer' | 'netChange' | 'percentageChange' | 'decimalPlacesFactor'
>;

export interface ImportReport {
  watchlistId: string;
  added: string[];
  duplicates: string[];
  unknown: string[];
  failed: { epic: string; message: string }[];
}

export interface CostsQuote {
  quoteReference: string;
  currency: string;
  /** Label → amount, e.g. "Opening spread" → 1.2; only the non-zero IG figures. */
  lines: { label: string; amount: number }[];
  notionalValue: number | null;
  receivedAt: number;
}

export interface QuoteHistoryItem {
  quoteReference: string;
  createdAt: number;
  direction: string;
  instrumentName: string;
  type: string;
}

export interface RepeatWindowView {
  requestStartTime: number;
  entries: {
    epic: string;
    currency: string;
    buy: { size: number; expiry: string }[];
    sell: { size: number; expiry: string }[];
  }[];
}

export interface ApplicationView {
  name: string;
  apiKeyMasked: string;
  status: string;
  allowanceApplicationOverall: number;
  allowanceAccountOverall: number;
  allowanceAccountTrading: number;
  allowanceAccountHistoricalData: number;
  concurrentSubscriptionsLimit: number;
  current: boolean;
}

export interface Replies {
  'status.get': StatusView;
  'connection.get': ConnectionView;
  'connection.save': ConnectionView;
  'connection.check': { account: AccountSummary; accounts: AccountSummary[] };
  'connection.forget': null;
  'session.switchAccount': StatusView;
  'session.logout': null;
  'account.funds': FundsView;
  'vault.unlock': VaultView;
  'vault.setPin': VaultView;
  'markets.search': Fresh<MarketQuote[]>;
  'markets.quotes': Fresh<MarketQuote>[];
  'markets.facts': Fresh<MarketFacts>;
  'prices.history': { candles: Candle[]; allowance: HistoricalAllowance | null; requestedPoints: number };
  'sentiment.get': Fresh<Sentiment>[];
  'sentiment.related': Fresh<Sentiment[]>;
  'sentiment.history': SentimentPoint[];
  'categories.list': Fresh<CategorySummary[]>;
  'categories.instruments': { instruments: MarketQuote[]; page: number; pageSize: number; hasMore: boolean };
  'recent.add': null;
  'watchlists.list': Fresh<WatchlistSummary[]>;
  'watchlists.get': Fresh<WatchlistView>;
  'watchlists.create': WatchlistSummary;
  'watchlists.delete': null;
  'watchlists.addMarket': WatchlistView;
  'watchlists.removeMarket': WatchlistView;
  'watchlists.import': ImportReport;
  'watchlists.export': { filename: string; rows: ExportRow[] };
  'accountHistory.activity': { activities: HistoryActivity[]; hasMore: boolean; fetchedAt: number };
  'accountHistory.transactions': { transactions: HistoryTransaction[]; fetchedAt: number };
  'badge.pin': null;
  'alerts.list': AlertRule[];
  'alerts.create': AlertRule;
  'alerts.delete': null;
  'alerts.rearm': AlertRule;
  'listAlerts.list': ListAlert[];
  'listAlerts.save': ListAlert;
  'listAlerts.delete': null;
  'permit.get': PermitView[];
  'permit.grant': PermitView;
  'permit.revoke': null;
  'deal.quoteOpen': CostsQuote;
  'deal.open': DealOutcome;
  'deal.durableMedium': { contentType: string; base64: string };
  'deal.quoteHistory': QuoteHistoryItem[];
  'deal.repeatWindow': RepeatWindowView | null;
  'positions.list': PositionView[];
  'positions.amend': DealOutcome;
  'positions.quoteClose': CostsQuote;
  'positions.close': DealOutcome;
  'workingOrders.list': WorkingOrderView[];
  'workingOrders.create': DealOutcome;
  'workingOrders.amend': DealOutcome;
  'workingOrders.delete': DealOutcome;
  'lock.get': LockView | null;
  'lock.reconcile': { settled: boolean; outcome: DealOutcome | null; lock: LockView | null };
  'applications.list': ApplicationView[];
  'applications.update': ApplicationView;
  'applications.disable': null;
  'settings.export': { filename: string; json: string };
  'settings.import': SettingsImportView;
}

/** Why a request failed, in terms a page can show. Never holds a credential or a token. */
export interface ErrorView {
  kind:
    | 'signed-out'
    | 'bad-credentials'
    | 'rate-limited'
    | 'offline'
    | 'timeout'
    | 'service'
    | 'validation'
    | 'permit-required'
    | 'locked'
    | 'ambiguous'
    | 'not-found'
    | 'bad-request'
    | 'internal';
  message: string;
  /** The service's errorCode, when it sent one. */
  code?: string;
  /** The input field at fault, for validation errors. */
  field?: string;
  /** When to try again, for rate-limited replies. */
  retryAfterMs?: number;
}

export type Reply<T> = { ok: true; data: T } | { ok: false; error: ErrorView };

export type ProtocolMap = { [N in MessageName]: (request: RequestOf<N>) => Reply<Replies[N]> };

// Pure: the background, which never sends, leaves the messaging library out of its bundle.
export const messenger = /* @__PURE__ */ defineExtensionMessaging<ProtocolMap>();

/** Pages call the background through this one function; it always resolves (lib/messages/settled-send). */
export function send<N extends MessageName>(name: N, request: RequestOf<N>): Promise<Reply<Replies[N]>> {
  return settledSend(() =>
    (messenger.sendMessage as (n: N, r: RequestOf<N>) => Promise<Reply<Replies[N]>>)(name, request),
  );
}

// The live channel: a page opens a Port with this name while it is visible and says what it shows;
// the background refreshes those markets at the user's cadence and tells the page what changed.
// Closing the page (or a hidden panel posting an empty watch) stops the refresh.
export const LIVE_PORT = 'marketside-live';

/** A price chart a page shows: where the stream has its resolution, its last bar is streamed to the page. */
export type ChartWatch = { epic: string; resolution: Resolution };

export type LiveFromPage =
  | { kind: 'watch'; epics: string[]; marketIds: string[]; visible: boolean; charts?: ChartWatch[] }
  /** A page that shows prices asks for the stream; repeated, it keeps Firefox's event page awake (lib/stream/keep-awake). */
  | { kind: 'awake' };

/** A streamed quote as the background merged it, sent before the cache holds it (its trail for the sparkline). */
export interface StreamedQuote {
  quote: MarketQuote;
  fetchedAt: number;
  trail: (number | null)[];
}

export type LiveToPage =
  | { kind: 'changed'; store: CacheStoreName; keys: string[] }
  /** Streamed prices, sent the moment they arrive; the cache holds them soon after ('changed' follows). */
  | { kind: 'quotes'; quotes: StreamedQuote[] }
  | { kind: 'status'; status: StatusView }
  /** The stream moved a position or a working order: the page asks for the list again (no REST poll). */
  | { kind: 'account'; what: 'positions' | 'orders' }
  /** A shown chart's bar moved or closed on the stream (its start `bar.t`); a later start is a new bar. */
  | { kind: 'bar'; epic: string; resolution: Resolution; bar: Candle; closed: boolean }
  /** The stream moved the account's funds (or stopped keeping them current: `streamed` false). */
  | { kind: 'funds'; funds: FundsView };

/** The IndexedDB stores the background writes and pages may read for their first paint. */
export type CacheStoreName =
  | 'snapshots'
  | 'details'
  | 'sentiment'
  | 'sentiment-history'
  | 'prices'
  | 'search'
  | 'watchlists'
  | 'account-history';
