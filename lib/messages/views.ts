// What the background's replies carry to the pages: the views of its state, and the reply envelope.
// Part of the one message contract (lib/messages/contract.ts re-exports every name here).
import type {
  AccountSummary,
  BudgetView,
  Environment,
  LockView,
  MarketQuote,
  PermitView,
  WatchlistSummary,
} from '../model';

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

/** The code of the router's reply to a message it does not know, whatever the page's language. */
export const UNKNOWN_MESSAGE_CODE = 'marketside.unknown-message';

export type Reply<T> = { ok: true; data: T } | { ok: false; error: ErrorView };
