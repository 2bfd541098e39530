// Keys and versions of the items pages read before defining them (lib/settings/read-stored.ts), kept apart
// from the registry, which re-exports them, so the pages' tiny early scripts can use them without it.
export const PREFS_STORED = { key: 'prefs', version: 2 } as const;
export const RECENT_LOOKUPS_STORED = { key: 'recentLookups', version: 2 } as const;
/** storage.session: the first-paint snapshot (lib/cache/first-paint-snapshot.ts). */
export const FIRST_PAINT_KEY = 'firstPaint';
/** storage.session: the side panel's route (lib/sidepanel/route.ts). */
export const SIDEPANEL_ROUTE_KEY = 'sidepanelRoute';
/**
 * storage.session: the screens the popup and the side panel first showed, for their next opening
 * (lib/early-screen/), one per page and kind of screen (a key's part before its first colon).
 */
export const KEPT_SCREEN_KEYS = {
  popup: ['popupScreen.results', 'popupScreen.recent'],
  sidepanel: ['sidepanelScreen.watchlists', 'sidepanelScreen.history'],
} as const;

/** Where the screen of `key` (lib/popup/kept-key.ts, lib/sidepanel/kept-key.ts) is kept, or null for none. */
export function keptScreenName(page: keyof typeof KEPT_SCREEN_KEYS, key: string): string | null {
  const name = `${page}Screen.${key.slice(0, key.indexOf(':'))}`;
  return (KEPT_SCREEN_KEYS[page] as readonly string[]).includes(name) ? name : null;
}
