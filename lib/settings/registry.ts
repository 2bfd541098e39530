// Every stored key of Marketside, declared once with its type, default and area.
// - local:   what the user chose or made (settings, watch preferences, alerts, remembered
//            credentials when "remember" is ticked, encrypted under the user's PIN: lib/vault) and the
//            reconciliation lock: survives restarts. No secret is ever here in plain text.
// - session: tokens, a password kept for this browser session only and the vault's derived key:
//            memory, never on disk.
// Cached market data is not here: it lives in IndexedDB (lib/cache).
// Versioned items migrate on read, so an update never loses what the user made.
import { storage, type WxtStorageItem, type WxtStorageItemOptions } from 'wxt/utils/storage';
import type { ListAlert } from '../alerts/list-rules';
import type { FirstPaintSnapshot } from '../cache/first-paint-snapshot';
import { loadPart } from '../load-once';
import type { ErrorView } from '../messages/contract';
import type { AlertRule, DealOutcome, LockView, PermitView } from '../model';
import type { VaultNotice } from '../vault/reader';
import type { VaultRecord } from '../vault/record';
import { emptyMarks, type WatchlistMarks } from '../watchlists/marks';
import { defaultPrefs, type Prefs } from './prefs';
import {
  FIRST_PAINT_KEY,
  KEPT_SCREEN_KEYS,
  PREFS_STORED,
  RECENT_LOOKUPS_STORED,
  WATCHLIST_MARKS_STORED,
} from './stored-items';
import {
  type Connection,
  defaultConnection,
  type RecentLookup,
  type SessionSecrets,
  type StoredTokens,
} from './values';

export { defaultPrefs, type Prefs, type SortColumn, type Theme } from './prefs';
export {
  type Connection,
  defaultConnection,
  type RecentLookup,
  type SessionSecrets,
  type StoredTokens,
} from './values';

// A migration runs once, when a value an older version wrote is first read: its code loads then (in
// Chrome's worker as a part of its own).
const migrations = loadPart('settings migrations', () => import('./migrations'));

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

type StoredKey = `local:${string}` | `session:${string}`;
type StoredOptions<T> = WxtStorageItemOptions<T> & { fallback: T };
const itemKeys = new WeakMap<object, [StoredKey, StoredOptions<never>]>();

/** A stored item defined on first use (lazyItem) whose key is known before: storedKeys reads it. */
export function storedItem<T>(key: StoredKey, options: StoredOptions<T>): WxtStorageItem<T, Record<string, never>> {
  const item = lazyItem(() => storage.defineItem<T, Record<string, never>>(key, options));
  itemKeys.set(item, [key, options as StoredOptions<never>]);
  return item;
}

/**
 * The keys reading these items asks storage for, by area (a versioned item's value and wxt's `$` record of
 * its version), without defining them.
 */
export function storedKeys(items: readonly object[]): { local: string[]; session: string[] } {
  const out = { local: [] as string[], session: [] as string[] };
  for (const item of items) {
    const stored = itemKeys.get(item);
    if (!stored) throw new Error('Not an item of the registry (storedItem)');
    const [area, name] = stored[0].split(':', 2) as ['local' | 'session', string];
    out[area].push(name, ...(stored[1].version === undefined ? [] : [`${name}$`]));
  }
  return out;
}

/** Keys and versions of the items pages read before defining them (lib/settings/stored-items.ts). */
export { FIRST_PAINT_KEY, PREFS_STORED, RECENT_LOOKUPS_STORED, WATCHLIST_MARKS_STORED };

/**
 * Calls back with each new stored value of a key ('local:prefs'), without defining its item: watching
 * through an item defines it, which reads it (twice, when versioned) before the page's first paint.
 */
export function watchStored<T>(key: `local:${string}` | `session:${string}`, fallback: T, cb: (value: T) => void) {
  return storage.watch<T>(key, (value) => cb(value ?? fallback));
}

export const prefs = storedItem<Prefs>(`local:${PREFS_STORED.key}`, {
  fallback: defaultPrefs,
  version: PREFS_STORED.version,
  migrations: { 2: async (old: unknown) => (await migrations()).migratePrefs(old, defaultPrefs) },
});

export const connection = storedItem<Connection>('local:connection', {
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
});

export const sessionSecrets = storedItem<SessionSecrets>('session:secrets', {
  fallback: { apiKey: null, password: null },
});

export const sessionTokens = storedItem<StoredTokens | null>('session:tokens', { fallback: null });

export const recentLookups = storedItem<RecentLookup[]>(`local:${RECENT_LOOKUPS_STORED.key}`, {
  fallback: [],
  version: RECENT_LOOKUPS_STORED.version,
  migrations: { 2: async (old: unknown) => (await migrations()).migrateRecent(old) },
});

/**
 * What the popup's and the side panel's first screens show, copied from the cache by the background
 * (lib/background/first-paint/first-paint-keeper.ts) so a page paints from one storage read. Only the background writes it.
 */
/** The pages' kept first screens (lib/early-screen/kept.ts) go with the account they showed. */
export function forgetKeptScreens(): Promise<void> {
  return storage.removeItems(
    Object.values(KEPT_SCREEN_KEYS).flatMap((names) => names.map((k) => `session:${k}` as const)),
  );
}

export const firstPaintSnapshot = storedItem<FirstPaintSnapshot | null>(`session:${FIRST_PAINT_KEY}`, {
  fallback: null,
});

/** The market whose change the toolbar badge shows. */
export const pinnedEpic = storedItem<string | null>('local:pinnedEpic', { fallback: null, version: 1 });

export const alerts = storedItem<AlertRule[]>('local:alerts', {
  fallback: [],
  version: 2,
  migrations: { 2: async (old: unknown) => (await migrations()).migrateAlerts(old) },
});

/**
 * Alerts over a whole watchlist (lib/alerts/list-rules.ts), with the state that keeps each market from
 * firing twice for one crossing and the latest firings.
 */
export const listAlerts = storedItem<ListAlert[]>('local:listAlerts', { fallback: [], version: 1 });

/** Open when a dealing mutation's outcome is unknown; every mutation is refused until it is cleared. */
export const reconciliationLock = storedItem<StoredLock | null>('local:reconciliationLock', { fallback: null });

/** Permits with an expiry survive a browser restart until they expire. */
export const permits = storedItem<PermitView[]>('local:permits', { fallback: [] });

/** Permits granted "until the browser closes". */
export const sessionPermits = storedItem<PermitView[]>('session:permits', { fallback: [] });

/** The working orders this browser session sent, by the id their form gave the submit, with the outcome once known. */
export interface SentOrder {
  id: string;
  at: number;
  outcome: DealOutcome | null;
  /** The page's view of the error the first delivery was answered with, if it ended in one. */
  failed?: ErrorView;
}
export const sentOrders = storedItem<SentOrder[]>('session:sentOrders', { fallback: [] });

/** Remembered credentials, encrypted (AES-GCM under a key derived from the user's PIN: lib/vault). */
export const vault = storedItem<VaultRecord | null>('local:vault', { fallback: null, version: 1 });

/** Wrong PINs in a row: kept on disk so a worker restart does not reset the count. */
export const vaultFailures = storedItem<number>('local:vaultFailures', { fallback: 0 });

/** Why the remembered credentials were erased; shown until new ones are saved. */
export const vaultNotice = storedItem<VaultNotice | null>('local:vaultNotice', { fallback: null });

/** The vault's derived key (raw bytes, base64) while unlocked: memory only, gone when the browser closes. */
export const vaultKey = storedItem<string | null>('session:vaultKey', { fallback: null });
/** The path spelling each gateway answered in (lib/api/spelling.ts), by base URL: not a secret. */
export const gatewaySpellings = storedItem<Record<string, 'ig' | 'spec'>>('local:gatewaySpellings', {
  fallback: {},
});

/** The rate budget's counts by gateway (lib/api/rate-budget.ts BudgetCounts), so a restarted worker keeps them. */
export const rateBudgets = storedItem<Record<string, StoredBudget>>('session:rateBudgets', { fallback: {} });
export type StoredBudget = Record<string, unknown>;

/**
 * Encrypted-password login (IG reference §1.6): `always` is the user's setting "Encrypt my password at
 * login"; `required` the accounts (`<base URL>|<identifier>`) whose gateway answered that they must.
 */
export interface LoginEncryption {
  always: boolean;
  required: string[];
}
export const loginEncryption = storedItem<LoginEncryption>('local:loginEncryption', {
  fallback: { always: false, required: [] },
});

/**
 * The account the user chose for each login (`<base URL>|<identifier>` → account id; not a secret): after a
 * login that lands on IG's default account, the session switches back to it.
 */
export const chosenAccounts = storedItem<Record<string, string>>('local:chosenAccounts', { fallback: {} });

/**
 * Colour flags and notes by market, and each watchlist's sections and chosen columns (lib/watchlists/marks.ts):
 * IG has nowhere to keep them, so they live here and in the settings file only.
 */
export const watchlistMarks = storedItem<WatchlistMarks>(`local:${WATCHLIST_MARKS_STORED.key}`, {
  fallback: emptyMarks,
  version: WATCHLIST_MARKS_STORED.version,
});

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
  sentOrders,
  vault,
  vaultFailures,
  vaultNotice,
  vaultKey,
  gatewaySpellings,
  rateBudgets,
  loginEncryption,
  chosenAccounts,
  watchlistMarks,
} as const;
