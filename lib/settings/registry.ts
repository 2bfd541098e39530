// Every stored key of Marketside, declared once with its type, default and area.
// - local:   what the user chose or made (settings, watch preferences, alerts, remembered
//            credentials when "remember" is ticked, encrypted under the user's PIN: lib/vault) and the
//            reconciliation lock: survives restarts. No secret is ever here in plain text.
// - session: tokens, a password kept for this browser session only and the vault's derived key:
//            memory, never on disk.
// Cached market data is not here: it lives in IndexedDB (lib/cache).
// Versioned items migrate on read, so an update never loses what the user made.
import { storage, type WxtStorageItem } from 'wxt/utils/storage';
import type { ListAlert } from '../alerts/list-rules';
import type { FirstPaintSnapshot } from '../cache/first-paint-snapshot';
import { loadPart } from '../load-once';
import type { AlertRule, Environment, LockView, PermitView } from '../model';
import type { VaultNotice } from '../vault/reader';
import type { VaultRecord } from '../vault/record';
import { defaultPrefs, type Prefs } from './prefs';
import { FIRST_PAINT_KEY, KEPT_SCREEN_KEYS, PREFS_STORED, RECENT_LOOKUPS_STORED } from './stored-items';

export { defaultPrefs, type Prefs, type SortColumn, type Theme } from './prefs';

// A migration runs once, when a value an older version wrote is first read: its code loads then (in
// Chrome's worker as a part of its own).
const migrations = loadPart('settings migrations', () => import('./migrations'));

/**
 * The connection settings. Since v3 `apiKey` and `password` are always null here: remembered secrets
 * live encrypted in `vault`; the fields stay so a value written before v3 can be read and moved.
 */
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

/** Keys and versions of the items pages read before defining them (lib/settings/stored-items.ts). */
export { FIRST_PAINT_KEY, PREFS_STORED, RECENT_LOOKUPS_STORED };

/**
 * Calls back with each new stored value of a key ('local:prefs'), without defining its item: watching
 * through an item defines it, which reads it (twice, when versioned) before the page's first paint.
 */
export function watchStored<T>(key: `local:${string}` | `session:${string}`, fallback: T, cb: (value: T) => void) {
  return storage.watch<T>(key, (value) => cb(value ?? fallback));
}

export const prefs = lazyItem(() =>
  storage.defineItem<Prefs>(`local:${PREFS_STORED.key}`, {
    fallback: defaultPrefs,
    version: PREFS_STORED.version,
    migrations: { 2: async (old: unknown) => (await migrations()).migratePrefs(old, defaultPrefs) },
  }),
);

export const connection = lazyItem(() =>
  storage.defineItem<Connection>('local:connection', {
    fallback: defaultConnection,
    version: 3,
    migrations: {
      2: async (old: unknown) => (await migrations()).migrateConnection(old, defaultConnection),
      // Plain-text remembered secrets leave storage.local on first use after the update: they work for
      // this browser session (storage.session) until the user chooses a PIN to remember them encrypted.
      3: async (old: Connection) => {
        const split = (await migrations()).splitRememberedSecrets(old);
        if (split.secrets) await sessionSecrets.setValue(split.secrets);
        return split.connection;
      },
    },
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
  storage.defineItem<RecentLookup[]>(`local:${RECENT_LOOKUPS_STORED.key}`, {
    fallback: [],
    version: RECENT_LOOKUPS_STORED.version,
    migrations: { 2: async (old: unknown) => (await migrations()).migrateRecent(old) },
  }),
);

/**
 * What the popup's and the side panel's first screens show, copied from the cache by the background
 * (lib/background/first-paint-keeper.ts) so a page paints from one storage read. Only the background writes it.
 */
/** The pages' kept first screens (lib/early-screen/kept.ts) go with the account they showed. */
export function forgetKeptScreens(): Promise<void> {
  return storage.removeItems(
    Object.values(KEPT_SCREEN_KEYS).flatMap((names) => names.map((k) => `session:${k}` as const)),
  );
}

export const firstPaintSnapshot = lazyItem(() =>
  storage.defineItem<FirstPaintSnapshot | null>(`session:${FIRST_PAINT_KEY}`, { fallback: null }),
);

/** The market whose change the toolbar badge shows. */
export const pinnedEpic = lazyItem(() =>
  storage.defineItem<string | null>('local:pinnedEpic', { fallback: null, version: 1 }),
);

export const alerts = lazyItem(() =>
  storage.defineItem<AlertRule[]>('local:alerts', {
    fallback: [],
    version: 2,
    migrations: { 2: async (old: unknown) => (await migrations()).migrateAlerts(old) },
  }),
);

/**
 * Alerts over a whole watchlist (lib/alerts/list-rules.ts), with the state that keeps each market from
 * firing twice for one crossing and the latest firings.
 */
export const listAlerts = lazyItem(() =>
  storage.defineItem<ListAlert[]>('local:listAlerts', { fallback: [], version: 1 }),
);

/** Open when a dealing mutation's outcome is unknown; every mutation is refused until it is cleared. */
export const reconciliationLock = lazyItem(() =>
  storage.defineItem<StoredLock | null>('local:reconciliationLock', { fallback: null }),
);

/** Permits with an expiry survive a browser restart until they expire. */
export const permits = lazyItem(() => storage.defineItem<PermitView[]>('local:permits', { fallback: [] }));

/** Permits granted "until the browser closes". */
export const sessionPermits = lazyItem(() => storage.defineItem<PermitView[]>('session:permits', { fallback: [] }));

/** Remembered credentials, encrypted (AES-GCM under a key derived from the user's PIN: lib/vault). */
export const vault = lazyItem(() =>
  storage.defineItem<VaultRecord | null>('local:vault', { fallback: null, version: 1 }),
);

/** Wrong PINs in a row: kept on disk so a worker restart does not reset the count. */
export const vaultFailures = lazyItem(() => storage.defineItem<number>('local:vaultFailures', { fallback: 0 }));

/** Why the remembered credentials were erased; shown until new ones are saved. */
export const vaultNotice = lazyItem(() =>
  storage.defineItem<VaultNotice | null>('local:vaultNotice', { fallback: null }),
);

/** The vault's derived key (raw bytes, base64) while unlocked: memory only, gone when the browser closes. */
export const vaultKey = lazyItem(() => storage.defineItem<string | null>('session:vaultKey', { fallback: null }));
/** The path spelling each gateway answered in (lib/api/spelling.ts), by base URL: not a secret. */
export const gatewaySpellings = lazyItem(() =>
  storage.defineItem<Record<string, 'ig' | 'spec'>>('local:gatewaySpellings', {
    fallback: {},
  }),
);

/** The rate budget's counts by gateway (lib/api/rate-budget.ts BudgetCounts), so a restarted worker keeps them. */
export const rateBudgets = lazyItem(() =>
  storage.defineItem<Record<string, StoredBudget>>('session:rateBudgets', { fallback: {} }),
);
export type StoredBudget = Record<string, unknown>;

/**
 * Encrypted-password login (IG reference §1.6): `always` is the user's setting "Encrypt my password at
 * login"; `required` the accounts (`<base URL>|<identifier>`) whose gateway answered that they must.
 */
export interface LoginEncryption {
  always: boolean;
  required: string[];
}
export const loginEncryption = lazyItem(() =>
  storage.defineItem<LoginEncryption>('local:loginEncryption', {
    fallback: { always: false, required: [] },
  }),
);

/**
 * The account the user chose for each login (`<base URL>|<identifier>` → account id; not a secret): after a
 * login that lands on IG's default account, the session switches back to it.
 */
export const chosenAccounts = lazyItem(() =>
  storage.defineItem<Record<string, string>>('local:chosenAccounts', { fallback: {} }),
);

/** The registry as a list, for tests and for the settings export (which excludes every secret). */
export const registry = {
  prefs,
  connection,
  sessionSecrets,
  sessionTokens,
  recentLookups,
  pinnedEpic,
  alerts,
  listAlerts,
  reconciliationLock,
  permits,
  sessionPermits,
  vault,
  vaultFailures,
  vaultNotice,
  vaultKey,
  gatewaySpellings,
  rateBudgets,
  loginEncryption,
  chosenAccounts,
} as const;
