// A page's side of its early screen (lib/early-screen/paint.ts): it renders once the screen is shown,
// hidden, and shows itself in the screen's place once it has what the screen showed, keeping that first
// screen of its own for the next opening (./kept.ts).
import { earlyReads } from '../settings/early-read';
import { type Keep, keepScreen } from './kept';
import { FIRST_SCREEN_ID } from './paint';

export { FIRST_SCREEN_ID };

/**
 * The page has rendered its own screen: the shown one goes and the page's shows, in the same frame. With
 * `keep`, the page's screen has its rows: it is kept for the next opening.
 */
export function handOverFirstScreen(keep?: Keep, app: HTMLElement | null = document.getElementById('app')): void {
  if (keep && app) keepScreen(keep, app);
  const shown = document.getElementById(FIRST_SCREEN_ID);
  if (!shown) return;
  shown.remove();
  if (app) app.hidden = false;
}

/** How long a page waits for the early script's reads before it renders regardless. */
const EARLY_WAIT_MS = 150;

/**
 * Runs the page's first render once the early script has decided: at once when it painted nothing, after
 * the frame that shows its screen when it painted one (rendering first would hold that frame back).
 */
export function afterEarlyScreen(renderPage: () => void): void {
  const painted = earlyReads()?.painted;
  if (!painted) {
    renderPage();
    return;
  }
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    renderPage();
  };
  // A page not on screen has no frames, and the reads may never answer: the timer renders it.
  setTimeout(once, EARLY_WAIT_MS);
  void painted.then((shown) => (shown ? requestAnimationFrame(() => setTimeout(once)) : once()));
}

/** The page's views hand over once their rows are in; the page does regardless after this long. */
export const HAND_OVER_AT_LATEST_MS = 300;

/** Hands over now when no screen is shown, else at the latest after HAND_OVER_AT_LATEST_MS; returns a cancel. */
export function handOverAtLatest(handOver: () => void): () => void {
  if (!document.getElementById(FIRST_SCREEN_ID)) {
    handOver();
    return () => undefined;
  }
  const late = setTimeout(handOver, HAND_OVER_AT_LATEST_MS);
  return () => clearTimeout(late);
}
