// A page's side of its early screen (lib/early-screen/paint.ts): it renders once the screen is shown,
// hidden, and shows itself in the screen's place once it has what the screen showed.
import { earlyReads } from '../settings/early-read';

/** The painted screen's container, placed before the page's (hidden) root. */
export const FIRST_SCREEN_ID = 'first-screen';

/** The page has rendered its own screen: the painted one goes and the page's shows, in the same frame. */
export function handOverFirstScreen(app: HTMLElement | null = document.getElementById('app')): void {
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
