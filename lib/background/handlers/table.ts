// The handler table: one async function per message name of the contract. The router validates the
// request and the sender before a handler runs, and turns whatever a handler throws into an ErrorView.
// Other parts plug in through a BackgroundPlugin (plugins.ts): a `Partial<Handlers>` and engine hooks.

import type { Guard, LockStore } from '../../api';
import type { EngineHooks } from '../../engine/hooks';
import type { CacheStoreName, MessageName, ParsedRequestOf, Replies } from '../../messages/contract';
import type { registry } from '../../settings/registry';
import type { VaultOptions } from '../../vault/crypto';
import type { VaultReader } from '../../vault/reader';
import type { AccountState } from '../account/account-state';
import type { CacheWriter, MarketWatchApi, SessionApi } from '../ports';
import type { ApiClient } from '../session/api-client';
import type { ClientHolder } from '../session/client-holder';

export interface HandlerContext {
  /** Market data through the cache: fresh entries cost no request, stale ones are revalidated. */
  markets: MarketWatchApi;
  /** The client with a session (stored tokens reused, otherwise logs in); throws SignedOutError without settings. */
  getClient(): Promise<ApiClient>;
  /** The client's holder: `peek()` without logging in, `sessionInfo()`, `invalidate()` after a settings change. */
  clients: ClientHolder;
  /** The one permit guard of the background; restored from the stored permits. */
  guard(): Guard;
  /** The status, the signed-in account and the reconciliation lock store. */
  session: SessionApi;
  /** The reconciliation lock (storage.local), the same store as `session.lockStore`. */
  lockStore: LockStore;
  cache: CacheWriter;
  /** Tell open pages that these keys of a cache store changed, so they re-read them. */
  announce(store: CacheStoreName, keys: string[]): void;
  /** Recompute the status and send it to open pages (after a permit, lock, account or pin change). */
  statusChanged(): Promise<void>;
  /** Show the pinned market (registry.pinnedEpic) on the toolbar badge now, or clear the badge. */
  refreshBadge(): Promise<void>;
  /** Remember an error for the status (what the pages show as the last problem); null clears it. */
  reportError(err: unknown): void;
  registry: typeof registry;
  /** The remembered credentials, encrypted under the user's PIN (lib/vault), as read. */
  vault: VaultReader;
  /** The vault's KDF: where Argon2id runs (Firefox: a worker) and, in tests, lighter parameters. */
  vaultOptions: VaultOptions;
  now(): number;
  /** Positions, working orders and funds the stream keeps current (account-state.ts, made with its first use). */
  account?(): Promise<AccountState>;
  /** After a switch of account: forget the old account's figures and restart the stream on the new one. */
  accountSwitched?(): Promise<void>;
  /** Since when the stream has been live on the signed-in account (its history changes all seen); null when not live. */
  historyLiveSince?(): number | null;
}

export type Handler<N extends MessageName> = (request: ParsedRequestOf<N>, ctx: HandlerContext) => Promise<Replies[N]>;

export type Handlers = { [N in MessageName]: Handler<N> };

/** A part of the background: the messages it answers and, when it watches markets, its engine hooks. */
export interface BackgroundPlugin {
  name: string;
  handlers?: Partial<Handlers>;
  hooks?: EngineHooks;
  /** Run when the worker starts (after the settings are watched); returns how to stop. */
  start?: (ctx: HandlerContext) => (() => void) | undefined;
}
