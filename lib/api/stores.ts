// Stores the caller provides so state survives a restart of the extension's worker:
// session tokens (kept in memory-only storage.session by the background) and the reconciliation lock
// (kept in storage.local). In-memory versions serve tests and Node scripts.

export interface LoginAccount {
  accountId: string;
  accountName?: string | undefined;
  accountType?: string | undefined;
  preferred?: boolean | undefined;
}

/** Non-secret facts about the session, from the login reply. */
export interface SessionInfo {
  clientId?: string | undefined;
  accountId: string;
  accounts: LoginAccount[];
  currencyIsoCode?: string | undefined;
  lightstreamerEndpoint?: string | undefined;
  timezoneOffset?: number | undefined;
  dealingEnabled?: boolean | undefined;
}

interface TokensBase {
  /** Tokens belong to one gateway and one identifier; others are ignored when loaded. */
  baseUrl: string;
  identifier: string;
  info: SessionInfo;
}

export interface SessionTokensV2 extends TokensBase {
  version: 2;
  cst: string;
  securityToken: string;
  /** Set when a v3 login was answered with v2 tokens (seen on live): they serve the v3 setting too. */
  asked?: 3;
}

export interface SessionTokensV3 extends TokensBase {
  version: 3;
  accessToken: string;
  refreshToken: string;
  /** Epoch milliseconds at which the access token expires. */
  expiresAt: number;
  /** Epoch milliseconds after which the transport refreshes before sending. */
  refreshAt: number;
}

export type SessionTokens = SessionTokensV2 | SessionTokensV3;

export interface TokenStore {
  load(): Promise<SessionTokens | null>;
  save(tokens: SessionTokens): Promise<void>;
  clear(): Promise<void>;
}

/** One value held in memory: what the memory stores keep. */
function memoryCell<T>(initial: T | null) {
  let value = initial;
  return {
    read: async () => value,
    write: async (next: T) => {
      value = next;
    },
    clear: async () => {
      value = null;
    },
  };
}

export function memoryTokenStore(initial: SessionTokens | null = null): TokenStore {
  const cell = memoryCell(initial);
  return { load: cell.read, save: cell.write, clear: cell.clear };
}

/** The dealing mutations: what a reconciliation lock stands for, and what counts against the trading allowance. */
const LOCKED_OPERATIONS = [
  'positions.create',
  'positions.amend',
  'positions.close',
  'working_orders.create',
  'working_orders.amend',
  'working_orders.delete',
] as const;
export type LockedOperation = (typeof LOCKED_OPERATIONS)[number];

const lockedOperations: ReadonlySet<string> = new Set(LOCKED_OPERATIONS);
export function isLockedOperation(label: string): label is LockedOperation {
  return lockedOperations.has(label);
}

/** An ambiguous dealing mutation that must be reconciled before any other mutation is sent. */
export interface ReconciliationLock {
  label: LockedOperation;
  /** Client-generated reference of a create; null for amend/close/delete. */
  dealReference: string | null;
  /** The position or working order an amend/close/delete targeted. */
  dealId: string | null;
  epic: string | null;
  direction: 'BUY' | 'SELL' | null;
  size: number | null;
  /** Levels an amend asked for, used to recognise it in the account state. */
  levels: Record<string, number | null> | null;
  environment: string;
  accountId: string | null;
  /** Epoch milliseconds when the ambiguous request was sent. */
  createdAt: number;
  /**
   * Written before the request left and not yet answered. A worker that finds it (the one that sent it
   * was stopped) cannot know whether the request reached the service: it is an unknown outcome.
   */
  inFlight?: boolean;
}

export interface LockStore {
  get(): Promise<ReconciliationLock | null>;
  set(lock: ReconciliationLock): Promise<void>;
  clear(): Promise<void>;
}

export function memoryLockStore(initial: ReconciliationLock | null = null): LockStore {
  const cell = memoryCell(initial);
  return { get: cell.read, set: cell.write, clear: cell.clear };
}
