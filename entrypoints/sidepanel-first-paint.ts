// Run by sidepanel.html as it is parsed, before its main bundle: starts the storage reads the side panel's
// first paint needs and, when they hold the watchlist it will show first, paints it
// (lib/sidepanel/first-screen.ts) while the main bundle loads (lib/early-screen/paint.ts).
import { paintFromEarlyReads } from '../lib/early-screen/paint';
import { paintPanelFirstScreen, panelFirstScreen } from '../lib/sidepanel/first-screen';

export default defineUnlistedScript(() =>
  paintFromEarlyReads((session, local, app) => {
    const screen = panelFirstScreen(session, local, Date.now(), navigator.onLine);
    if (screen) paintPanelFirstScreen(screen, app);
    return !!screen;
  }),
);
