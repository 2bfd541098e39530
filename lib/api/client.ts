// createClient: the read side of every resource group, the session operations and the indicative
// quotes. Mutations of positions, working orders, watchlists and applications are reached only
// through the guarded clients (guarded.ts) with a permit.

import { attachCore, type ClientCore } from './core';
import { type Environment, environmentOf } from './environment';
import { ValidationError } from './errors';
import { accountsGroup } from './groups/accounts';
import { applicationsReads } from './groups/applications';
import { categoriesGroup } from './groups/categories';
import { indicativeCostsGroup } from './groups/costs';
import {
  confirmationsGroup,
  positionsReads,
  repeatDealingWindowGroup,
  workingOrdersReads,
} from './groups/dealing-reads';
import { historyGroup } from './groups/history';
import { marketsGroup } from './groups/markets';
import { pricesGroup } from './groups/prices';
import { clientSentimentGroup } from './groups/sentiment';
import { sessionGroup } from './groups/session';
import { watchlistsReads } from './groups/watchlists';
import type { HostGate } from './host-gate';
import { DEMO_ALLOWANCES, RateBudget } from './rate-budget';
import { type Logger, Redactor } from './redact';
import { SessionManager } from './session-manager';
import { GatewaySpelling, memorySpellingStore, type SpellingStore } from './spelling';
import { type LockStore, memoryLockStore, memoryTokenStore, type SessionInfo, type TokenStore } from './stores';
import { Transport } from './transport';

export interface ClientConfig {
  /** e.g. `https://demo-api.ig.com/gateway/deal` or the simulated service's `http://127.0.0.1:<port>/gateway/deal`. */
  baseUrl: string;
  apiKey: string;
  identifier: string;
  password: string;
  sessionVersion: 2 | 3;
  /**
   * The account the user chose (default: the login's). v3 sends it as IG-ACCOUNT-ID; a v2 login lands on IG's
   * default account and switches back to it before anything else is sent.
   */
  accountId?: string | undefined;
  /** The chosen account is no longer among the login's accounts: the session stays on IG's current one. */
  onChosenAccountGone?: (chosen: string, current: string) => Promise<void> | void;
  fetch?: typeof fetch;
  /** Per request; default 15 000 ms. */
  timeoutMs?: number;
  tokenStore?: TokenStore;
  lockStore?: LockStore;
  /** Send the password encrypted (reference §1.6) from the first login on; default false. */
  encryptPassword?: boolean;
  /** Called when the gateway answered that the account must send its password encrypted (it then does). */
  onEncryptionRequired?: () => Promise<void> | void;
  /** Where the spelling a gateway answered is remembered (reference §0.1); default: in memory. */
  spellingStore?: SpellingStore;
  /** Share one budget between clients of the same key; default: a new one from the reference's allowances. */
  rateBudget?: RateBudget;
  logger?: Logger;
  /** Retries of reads (never of mutations); default 3 attempts, 300 ms base delay with jitter. */
  retry?: { attempts: number; baseDelayMs: number };
  /** Confirmation reads of the workflow and reconciliation; default 5 attempts, 1000 ms apart. */
  confirm?: { attempts: number; delayMs: number };
  now?: () => number;
  /** Where the API key, password and tokens may go (the background: IG's hosts and those the user granted). */
  hostGate?: HostGate;
}

function requireText(value: unknown, field: string): void {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new ValidationError(field, `Missing ${field} in the client configuration`);
  }
}

export function createClient(config: ClientConfig) {
  requireText(config.baseUrl, 'baseUrl');
  requireText(config.apiKey, 'apiKey');
  requireText(config.identifier, 'identifier');
  requireText(config.password, 'password');
  if (config.sessionVersion !== 2 && config.sessionVersion !== 3) {
    throw new ValidationError('sessionVersion', 'sessionVersion must be 2 or 3');
  }
  const baseUrl = config.baseUrl.replace(/\/+$/, '');
  const environment: Environment = environmentOf(baseUrl);
  const redactor = new Redactor();
  redactor.add(config.password, config.apiKey, config.identifier);
  const logger = redactor.wrapLogger(config.logger);
  const now = config.now ?? Date.now;
  const budget =
    config.rateBudget ?? new RateBudget({ now, allowances: environment === 'demo' ? DEMO_ALLOWANCES : undefined });
  const transport = new Transport({
    baseUrl,
    apiKey: config.apiKey,
    fetch: config.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    timeoutMs: config.timeoutMs ?? 15_000,
    retry: config.retry ?? { attempts: 3, baseDelayMs: 300 },
    budget,
    logger,
    redactor,
    spelling: new GatewaySpelling(baseUrl, config.spellingStore ?? memorySpellingStore()),
    hostGate: config.hostGate,
  });
  const session = new SessionManager(
    {
      baseUrl,
      identifier: config.identifier,
      password: config.password,
      sessionVersion: config.sessionVersion,
      accountId: config.accountId,
      onChosenAccountGone: config.onChosenAccountGone,
      encryptPassword: config.encryptPassword,
      onEncryptionRequired: config.onEncryptionRequired,
    },
    transport,
    config.tokenStore ?? memoryTokenStore(),
    redactor,
    logger,
    now,
  );
  transport.auth = session;
  const core: ClientCore = {
    transport,
    session,
    budget,
    lockStore: config.lockStore ?? memoryLockStore(),
    redactor,
    logger,
    environment,
    apiKey: config.apiKey,
    now,
    confirm: config.confirm ?? { attempts: 5, delayMs: 1000 },
  };
  const client = {
    environment,
    baseUrl,
    budget,
    /** Logs in now (e.g. a login check); also lifts the block a refused login leaves. */
    login: (signal?: AbortSignal): Promise<SessionInfo> => session.login(signal),
    /** Facts of the current session (accounts, current account); null before the first login. */
    sessionInfo: (): SessionInfo | null => session.info,
    accountId: (): string | null => session.accountId,
    /** The pending reconciliation lock, if any (dealing is blocked while there is one). */
    pendingReconciliation: () => core.lockStore.get(),
    accounts: accountsGroup(core),
    confirmations: confirmationsGroup(core),
    positions: positionsReads(core),
    repeatDealingWindow: repeatDealingWindowGroup(core),
    workingOrders: workingOrdersReads(core),
    categories: categoriesGroup(core),
    markets: marketsGroup(core),
    prices: pricesGroup(core),
    indicativeCosts: indicativeCostsGroup(core),
    watchlists: watchlistsReads(core),
    session: sessionGroup(core),
    clientSentiment: clientSentimentGroup(core),
    applications: applicationsReads(core),
    /** IG's history (beyond the spec): the account's activity and transactions. */
    history: historyGroup(core),
  };
  attachCore(client, core);
  return client;
}

export type Client = ReturnType<typeof createClient>;
