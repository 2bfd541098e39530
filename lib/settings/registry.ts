// Every stored key of Marketside, declared once with its type, default and area.
// - local:   what the user chose or made (settings, watch preferences, alerts, remembered
//            credentials when "remember" is ticked) and the reconciliation lock: survives restarts.
// - session: tokens and a password kept for this browser session only: memory, never on disk.
// Cached market data is not here: it lives in IndexedDB (lib/cache).
// Versioned items migrate on read, so an update never loses what the user made.
import { storage, type WxtStorageItem } from 'wxt/utils/storage';
import type { AlertRule, Environment, LockView, PermitView } from '../model';
import { migrateAlerts, migrateConnection, migratePrefs, migrateRecent } from './migrations';

export type Theme = 'system' | 'light' | 'dark';
export type SortColumn = 'name' | 'bid' | 'offer' | 'change' | 'changePct' | 'sentiment' | 'status';

export interface Prefs {
  /** Seconds between price refreshes while a page is visible. */
  priceRefreshSec: number;
  /** Minutes between sentiment refreshes while a page is visible. */
  sentimentRefreshMin: number;
  /** Minutes between background refreshes (badge, alerts) when no page is open; alarms run at most once a minute. */
  backgroundRefreshMin: number;
  sparklines: boolean;
  theme: Theme;
  sort: { column: SortColumn; direction: 'asc' | 'desc' };
  selectedWatchlistId: string | null;
}

export const defaultPrefs: Prefs = {
  priceRefreshSec: 5,
  sentimentRefreshMin: 5,
  backgroundRefreshMin: 5,
  sparklines: true,
  theme: 'system',
  sort: { column: 'name', direction: 'asc' },
  selectedWatchlistId: null,
};

/** The connection settings; the secrets in it are present only when the user ticked "remember". */
export interface Connection {
  environment: Environment;
  baseUrl: string | null;
  apiKey: string | null;
  identifier: string | null;
  password: string | null;
  remember: boolean;
  sessionVersion: 2 | 3;
}

export const defaultConnection: Connection = {
  environment: 'demo',
  baseUrl: null,
  apiKey: null,
  identifier: null,
  password: null,
  remember: false,
  sessionVersion: 2,
};

/** Secrets for this browser session only (when "remember" is not ticked). */
export interface SessionSecrets {
  apiKey: string | null;
  password: string | null;
}

/** Session tokens as the client's TokenStore saves them: opaque to everything but lib/api. */
export type StoredTokens = Record<string, unknown>;

/** A recent lookup in the popup. */
export interface RecentLookup {
  epic: string;
  instrumentName: string;
  at: number;
}

/** The lock as stored: what the pages see of it, and the context the client reconciles with. */
export interface StoredLock extends LockView {
  /** What the client needs to reconcile (e.g. account id, direction, size). */
  context: Record<string, unknown>;
}

/**
 * An item defined on first use. @wxt-dev/storage reads an item (and runs its migration) the moment it is
 * defined: defining all of them when a page loads cost every page a dozen storage reads queued ahead of
 * the one its first paint needs, and put values it never uses (secrets among them) in its memory.
 */
export function lazyItem<T, M extends Record<string, unknown>>(
  define: () => WxtStorageItem<T, M>,
): WxtStorageItem<T, M> {
  let item: WxtStorageItem<T, M> | undefined;
  const real = () => {
    item ??= define();
    return item;
  };
  return new Proxy({} as WxtStorageItem<T, M>, {
    get: (_, prop) => Reflect.get(real(), prop),
    has: (_, prop) => Reflect.has(real(), prop),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_, prop) => {
      const d = Reflect.getOwnPropertyDescriptor(real(), prop);
      return d && { ...d, configurable: true };
    },
  });
}

export const prefs = lazyItem(() =>
  storage.defineItem<Prefs>('local:prefs', {
    fallback: defaultPrefs,
    version: 2,
    migrations: { 2: (old: unknown) => migratePrefs(old, defaultPrefs) },
  }),
);

export const connection = lazyItem(() =>
  storage.defineItem<Connection>('local:connection', {
    fallback: defaultConnection,
    version: 2,
    migrations: { 2: (old: unknown) => migrateConnection(old, defaultConnection) },
  }),
);

export const sessionSecrets = lazyItem(() =>
  storage.defineItem<SessionSecrets>('session:secrets', {
    fallback: { apiKey: null, password: null },
  }),
);

export const sessionTokens = lazyItem(() =>
  storage.defineItem<StoredTokens | null>('session:tokens', { fallback: null }),
);

export const recentLookups = lazyItem(() =>
  storage.defineItem<RecentLookup[]>('local:recentLookups', {
    fallback: [],
    version: 2,
    migrations: { 2: migrateRecent },
  }),
);

/** The market whose change the toolbar badge shows. */
export const pinnedEpic = lazyItem(() =>
  storage.defineItem<string | null>('local:pinnedEpic', { fallback: null, version: 1 }),
);

export const alerts = lazyItem(() =>
  storage.defineItem<AlertRule[]>('local:alerts', {
    fallback: [],
    version: 2,
    migrations: { 2: migrateAlerts },
  }),
);

/** Open when a dealing mutation's outcome is unknown; every mutation is refused until it is cleared. */
export const reconciliationLock = lazyItem(() =>
  storage.defineItem<StoredLock | null>('local:reconciliationLock', { fallback: null }),
);

/** Permits with an expiry survive a browser restart until they expire. */
export const permits = lazyItem(() => storage.defineItem<PermitView[]>('local:permits', { fallback: [] }));

/** Permits granted "until the browser closes". */
export const sessionPermits = lazyItem(() => storage.defineItem<PermitView[]>('session:permits', { fallback: [] }));

/** The registry as a list, for tests and for the settings export (which excludes every secret). */
export const registry = {
  prefs,
  connection,
  sessionSecrets,
  sessionTokens,
  recentLookups,
  pinnedEpic,
  alerts,
  reconciliationLock,
  permits,
  sessionPermits,
} as const;
