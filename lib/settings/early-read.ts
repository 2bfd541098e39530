// The popup's and the side panel's first storage reads, started by a tiny classic script that their HTML
// runs as it is parsed (entrypoints/popup-first-paint.ts, entrypoints/sidepanel-first-paint.ts, which also
// show the screen the page kept from them: lib/early-screen/paint.ts), before the page's main bundle has loaded and compiled: the
// reads' round trips then overlap the bundle's loading instead of following it.
// The page takes each read once (lib/settings/read-stored.ts); a read that does not cover the names a
// page asks for is ignored and the page reads for itself. This goes into that tiny script: it imports only
// lib/browser-kind.ts, for the browser's own storage (the polyfill comes with the page's bundle, later).
import { nativeExtensionApi } from '../browser-kind';

/** What the early script reads: the keys (and version records) the pages' first paints read. */
export const EARLY_KEYS = {
  session: [
    'firstPaint',
    'popupLastQuery',
    'sidepanelRoute',
    'popupScreen.results',
    'popupScreen.recent',
    'sidepanelScreen.watchlists',
    'sidepanelScreen.history',
  ],
  local: ['recentLookups', 'recentLookups$', 'prefs', 'prefs$'],
} as const;

export type EarlyArea = keyof typeof EARLY_KEYS;
type Values = Record<string, unknown>;
type Reads = Partial<Record<EarlyArea, Promise<Values>>> & {
  /** The page's early screen (lib/early-screen/paint.ts): true once painted, false when it paints nothing. */
  painted?: Promise<boolean>;
};

interface StorageArea {
  get(keys: string[]): Promise<Values>;
}
export interface EarlyStorage {
  local: StorageArea;
  session?: StorageArea;
}

/** The extension's storage as the browser gives it (no polyfill: lib/browser-kind.ts says why). */
export function extensionStorage(scope: object = globalThis): EarlyStorage | null {
  return nativeExtensionApi<{ storage?: EarlyStorage }>(scope)?.storage ?? null;
}

const GLOBAL = '__marketsideEarlyRead';
type Scope = { [GLOBAL]?: Reads };

/** Starts both reads and leaves them for the page (the returned object, shared: takeEarlyRead empties it). */
export function startEarlyRead(storage: EarlyStorage, scope: object = globalThis): Reads {
  const reads: Reads = {};
  for (const area of ['session', 'local'] as const) {
    const api = storage[area];
    if (!api) continue;
    try {
      const read = Promise.resolve(api.get([...EARLY_KEYS[area]]));
      // A failed read is the page's to handle when it takes it (it then reads for itself); never unhandled.
      read.catch(() => undefined);
      reads[area] = read;
    } catch {
      // The page reads for itself.
    }
  }
  (scope as Scope)[GLOBAL] = reads;
  return reads;
}

/** The early script's own reads (it paints from them): the page takes them through takeEarlyRead. */
export function earlyReads(scope: object = globalThis): Reads | null {
  return (scope as Scope)[GLOBAL] ?? null;
}

/** The early read of an area when it holds every name wanted; each area's read is taken at most once. */
export function takeEarlyRead(area: EarlyArea, names: string[], scope: object = globalThis): Promise<Values> | null {
  const reads = (scope as Scope)[GLOBAL];
  const read = reads?.[area];
  if (!reads || !read) return null;
  delete reads[area];
  const covered: readonly string[] = EARLY_KEYS[area];
  return names.every((n) => covered.includes(n)) ? read : null;
}

/** Whether an early read's value of a versioned item is at the version the page reads (as readStored decides). */
export function storedAt(values: Values, { key, version }: { key: string; version: number }): boolean {
  return values[key] === undefined || ((values[`${key}$`] as { v?: unknown } | null | undefined)?.v ?? 1) === version;
}
