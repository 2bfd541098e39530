// The pages' early scripts (entrypoints/popup-first-paint.ts, entrypoints/sidepanel-first-paint.ts): each
// starts the two storage reads of its page's first paint (lib/settings/early-read.ts) and, when the screen
// the page kept (./kept.ts) is of what it will show first, shows it while the main bundle loads. The shown
// screen is inert and stands before the page's root, which stays hidden until the page hands over (./hand-over.ts).
import { extensionStorage, startEarlyRead, storedAt } from '../settings/early-read';
import type { Theme } from '../settings/prefs';
import { keptScreenName, PREFS_STORED } from '../settings/stored-items';
import { applyTheme } from '../settings/theme';
import type { KeptPage, KeptScreen } from './kept';

type Values = Record<string, unknown>;

/** The shown screen's container, placed before the page's (hidden) root. */
export const FIRST_SCREEN_ID = 'first-screen';

/** Paints the page's screen from its early reads; false when it paints nothing. */
export type PaintEarly = (session: Values, local: Values, app: HTMLElement) => boolean;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The kept screen of `key` in an early read of storage.session, when it is one. */
export function keptScreenOf(session: Record<string, unknown>, page: KeptPage, key: string): KeptScreen | null {
  const name = keptScreenName(page, key);
  const kept = name ? session[name] : null;
  return isRecord(kept) && kept.key === key && typeof kept.html === 'string' ? { key, html: kept.html } : null;
}

/** Parsing has reached the end of the page (before its module scripts run): its root is there to paint beside. */
const parsed = () =>
  new Promise((done) =>
    document.readyState === 'loading' ? document.addEventListener('readystatechange', done) : done(0),
  );

export function paintFromEarlyReads(paint: PaintEarly): void {
  const storage = extensionStorage();
  if (!storage) return;
  const reads = startEarlyRead(storage);
  if (!reads.session || !reads.local) return;
  reads.painted = Promise.all([reads.session, reads.local, parsed()])
    .then(([session, local]) => {
      const app = document.getElementById('app');
      // The page's own render came first: it shows itself.
      if (!app || app.firstChild) return false;
      return paint(session, local, app);
    })
    .catch(() => false);
}

/**
 * Shows the screen `page` kept when it is of `key` (what the page will show first; null: something it never
 * keeps) in place of the page's (hidden) root, and marks the frame that shows it (`first-content`, as the
 * popup's list does).
 */
export function showKeptScreen(page: KeptPage, key: string | null, session: Values, local: Values, app: HTMLElement) {
  const kept = key === null ? null : keptScreenOf(session, page, key);
  // An older stored version: the page migrates it first.
  if (!kept || !storedAt(local, PREFS_STORED)) return false;
  applyTheme((local[PREFS_STORED.key] as { theme?: Theme } | undefined)?.theme ?? 'system');
  const shown = document.createElement('div');
  shown.id = FIRST_SCREEN_ID;
  shown.inert = true;
  // Markup the page's own components rendered (lib/early-screen/kept.ts): their text was escaped then.
  shown.innerHTML = kept.html;
  app.hidden = true;
  app.before(shown);
  requestAnimationFrame(() => {
    if (performance.getEntriesByName('first-content').length === 0) performance.mark('first-content');
  });
  return true;
}
