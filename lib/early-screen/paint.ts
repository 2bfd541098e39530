// The pages' early scripts (entrypoints/popup-first-paint.ts, entrypoints/sidepanel-first-paint.ts): each
// starts the two storage reads of its page's first paint (lib/settings/early-read.ts) and, when they hold
// what the page will show first, paints it while the main bundle loads. The painted screen is inert and
// stands before the page's root, which stays hidden until the page hands over (./hand-over.ts).
import { extensionStorage, startEarlyRead } from '../settings/early-read';
import { el } from './dom';
import { FIRST_SCREEN_ID } from './hand-over';

type Values = Record<string, unknown>;

/** Paints the page's screen from its early reads (with showFirstScreen); false when it paints nothing. */
export type PaintEarly = (session: Values, local: Values, app: HTMLElement) => boolean;

/** Shows `content` in place of the page's root until the page hands over. */
export function showFirstScreen(content: Node[], app: HTMLElement): void {
  app.hidden = true;
  app.before(el('div', { id: FIRST_SCREEN_ID, inert: '' }, ...content));
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
