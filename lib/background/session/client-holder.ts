// Holds the one client of the background: built lazily from the settings (the connection, and the
// secrets in use: the unlocked vault's or this session's), rebuilt when they change, logged in on
// first need. Tokens, the lock, the rate budget's counts and the spelling each gateway answered live in
// storage, so a rebuilt or restarted worker reuses them.

import { browser } from 'wxt/browser';
import {
  type Allowances,
  type Client,
  createClient,
  DEMO_ALLOWANCES,
  type HostGate,
  hostGate,
  LIVE_ALLOWANCES,
  type LockStore,
  RateBudget,
  type SessionInfo,
  type SpellingStore,
  type TokenStore,
} from '../../api';
import { chosenAccounts, connection, loginEncryption, sessionSecrets, vault, vaultKey } from '../../settings/registry';
import { SignedOutError } from '../routing/errors';
import { baseUrlFor } from './base-url';
import { ServiceOutage } from './outage';
import { connectionRead, readConnection, secretsInUse } from './remembered';
import { storageBudgetStore, storageLockStore, storageSpellingStore, storageTokenStore } from './storage-stores';

export interface ClientHolderOptions {
  fetch?: typeof fetch;
  now?: () => number;
  tokenStore?: TokenStore;
  lockStore?: LockStore;
  spellingStore?: SpellingStore;
  timeoutMs?: number;
  retry?: { attempts: number; baseDelayMs: number };
  /** Overrides the allowances the rate budget starts from (before the service reports the key's own). */
  allowances?: Partial<Allowances>;
  /** Where secrets may go; default: IG's hosts and those the user granted in the browser. */
  hostGate?: HostGate;
}

/** IG's hosts, and any other only while the browser holds the user's grant for it. */
export const browserHostGate: HostGate = hostGate((pattern) => browser.permissions.contains({ origins: [pattern] }));

export interface ClientSettings {
  baseUrl: string;
  apiKey: string;
  identifier: string;
  password: string;
  sessionVersion: 2 | 3;
  /** The user's "Encrypt my password at login", or the gateway said this account must. */
  encryptPassword: boolean;
  /** The account the user last switched to on this login, if any (a new client starts there). */
  accountId?: string | undefined;
}

/** How an account is named among those that must encrypt their password (not a secret). */
export const accountKey = (s: { baseUrl: string; identifier: string }) => `${s.baseUrl}|${s.identifier}`;

/** The settings a client needs, or null when something is missing (the user is signed out). */
export async function readClientSettings(): Promise<ClientSettings | null> {
  // Asked together (one storage call: lib/settings/batched-reads.ts). The secrets follow the connection's
  // first read: its migration moves an older version's remembered secrets into this session's (remembered.ts).
  const encryptionRead = loginEncryption.getValue();
  const chosenRead = chosenAccounts.getValue();
  encryptionRead.catch(() => undefined);
  chosenRead.catch(() => undefined);
  const secretsRead = connectionRead() ? secretsInUse() : null;
  secretsRead?.catch(() => undefined);
  const conn = await readConnection();
  const { apiKey, password } = await (secretsRead ?? secretsInUse());
  const baseUrl = baseUrlFor(conn.environment, conn.baseUrl);
  if (!baseUrl || !apiKey || !password || !conn.identifier) return null;
  const encryption = await encryptionRead;
  const encryptPassword =
    encryption.always || encryption.required.includes(accountKey({ baseUrl, identifier: conn.identifier }));
  const settings = { baseUrl, apiKey, identifier: conn.identifier, password, sessionVersion: conn.sessionVersion };
  const accountId = (await chosenRead)[accountKey(settings)];
  return { ...settings, encryptPassword, accountId };
}

/** Remembers that this account's gateway requires its password encrypted. */
async function rememberEncryptionRequired(settings: ClientSettings): Promise<void> {
  const key = accountKey(settings);
  const current = await loginEncryption.getValue();
  if (!current.required.includes(key))
    await loginEncryption.setValue({ ...current, required: [...current.required, key] });
}

/** Remembers (or, with null, forgets) the account the user chose for this login. */
async function rememberChosen(settings: ClientSettings, accountId: string | null): Promise<void> {
  const key = accountKey(settings);
  const { [key]: _, ...others } = await chosenAccounts.getValue();
  await chosenAccounts.setValue(accountId ? { ...others, [key]: accountId } : others);
}

/** The chosen account no longer exists: the session stayed on IG's current account. */
export type AccountGoneListener = (chosen: string, current: string) => Promise<void> | void;

// The chosen account is left out: a switch changes it without a new client.
function sameSettings(a: ClientSettings, b: ClientSettings): boolean {
  return (
    a.baseUrl === b.baseUrl &&
    a.apiKey === b.apiKey &&
    a.identifier === b.identifier &&
    a.password === b.password &&
    a.sessionVersion === b.sessionVersion &&
    a.encryptPassword === b.encryptPassword
  );
}

export class ClientHolder {
  private current: { settings: ClientSettings; client: Client } | null = null;
  private readonly budgets = new Map<string, RateBudget>();
  private readonly unwatch: (() => void)[] = [];
  readonly tokenStore: TokenStore;
  readonly lockStore: LockStore;
  private readonly spellingStore: SpellingStore;
  private readonly listeners = new Set<() => void>();
  private readonly goneListeners = new Set<AccountGoneListener>();
  /** The service failing (IG's weekend maintenance): requests held back with a growing pause. */
  readonly outage: ServiceOutage;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: ClientHolderOptions = {}) {
    this.outage = new ServiceOutage(options.now ?? Date.now);
    this.fetch = this.outage.wrap((input, init) => (options.fetch ?? globalThis.fetch)(input, init));
    this.tokenStore = options.tokenStore ?? storageTokenStore();
    this.lockStore = options.lockStore ?? storageLockStore();
    this.spellingStore = options.spellingStore ?? storageSpellingStore();
  }

  /** Rebuild the client when the connection, the session secrets or the vault change. */
  watchSettings(): void {
    const drop = () => this.settingsChanged();
    this.unwatch.push(connection.watch(drop), sessionSecrets.watch(drop), vault.watch(drop), vaultKey.watch(drop));
  }

  stop(): void {
    for (const u of this.unwatch.splice(0)) u();
  }

  onRebuild(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onChosenAccountGone(listener: AccountGoneListener): () => void {
    this.goneListeners.add(listener);
    return () => this.goneListeners.delete(listener);
  }

  /** After a switch: later logins on these settings (expired tokens, a new worker, an unlock) come back to it. */
  async rememberChosen(accountId: string): Promise<void> {
    const settings = this.current?.settings ?? (await readClientSettings());
    if (settings) await rememberChosen(settings, accountId);
  }

  /** Those who follow the client learn of new settings even when none was built (an unlock after a restart). */
  private settingsChanged(): void {
    if (this.current) this.invalidate();
    else for (const l of this.listeners) l();
  }

  invalidate(): void {
    if (!this.current) return;
    this.current = null;
    for (const l of this.listeners) l();
  }

  /** The client if one was built and logged in; never builds or logs in. */
  peek(): Client | null {
    return this.current?.client ?? null;
  }

  /** One budget per gateway (any key or account on it counts against it: the cautious side). */
  private budgetFor(settings: ClientSettings): RateBudget {
    let budget = this.budgets.get(settings.baseUrl);
    if (!budget) {
      const demo = settings.baseUrl.includes('demo-api.ig.com');
      budget = new RateBudget({
        now: this.options.now,
        allowances: { ...(demo ? DEMO_ALLOWANCES : LIVE_ALLOWANCES), ...this.options.allowances },
        maxWaitMs: 5_000,
        store: storageBudgetStore(settings.baseUrl),
      });
      void budget.restore();
      this.budgets.set(settings.baseUrl, budget);
    }
    return budget;
  }

  /** The client for the current settings; throws SignedOutError when credentials are missing. */
  async get(): Promise<Client> {
    const settings = await readClientSettings();
    if (!settings) {
      this.invalidate();
      throw new SignedOutError();
    }
    if (this.current && sameSettings(this.current.settings, settings)) return this.current.client;
    const client = createClient({
      ...settings,
      fetch: this.fetch,
      now: this.options.now,
      timeoutMs: this.options.timeoutMs,
      retry: this.options.retry,
      tokenStore: this.tokenStore,
      lockStore: this.lockStore,
      spellingStore: this.spellingStore,
      rateBudget: this.budgetFor(settings),
      onEncryptionRequired: () => rememberEncryptionRequired(settings),
      onChosenAccountGone: async (chosen, current) => {
        await rememberChosen(settings, null);
        for (const l of this.goneListeners) await l(chosen, current);
      },
      hostGate: this.options.hostGate ?? browserHostGate,
    });
    if (this.current) this.invalidate();
    this.current = { settings, client };
    return client;
  }

  /** The session's facts: the client's, or those of stored tokens that belong to these settings. */
  async sessionInfo(): Promise<SessionInfo | null> {
    const current = this.current;
    if (!current) return null;
    const info = current.client.sessionInfo();
    if (info) return info;
    const stored = await this.tokenStore.load().catch(() => null);
    const s = current.settings;
    if (
      stored &&
      stored.baseUrl === s.baseUrl &&
      stored.identifier === s.identifier &&
      (stored.version === 2 ? (stored.asked ?? 2) : 3) === s.sessionVersion
    ) {
      return stored.info;
    }
    return null;
  }

  /** The client with a session: stored tokens are reused, otherwise it logs in now. */
  async signedIn(): Promise<{ client: Client; info: SessionInfo }> {
    const client = await this.get();
    const info = (await this.sessionInfo()) ?? (await client.login());
    return { client, info };
  }
}
