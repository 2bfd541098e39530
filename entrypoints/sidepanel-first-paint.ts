// Run by sidepanel.html as it is parsed, before its main bundle: starts the storage reads the side panel's
// first paint needs and, when the panel kept the screen it opens to (the chosen watchlist, or the History
// view), shows it while the main bundle loads (lib/early-screen/paint.ts).
import { paintFromEarlyReads, showKeptScreen } from '../lib/early-screen/paint';
import { PREFS_STORED, SIDEPANEL_ROUTE_KEY } from '../lib/settings/stored-items';
import { panelOpeningKey } from '../lib/sidepanel/kept-key';

export default defineUnlistedScript(() =>
  paintFromEarlyReads((session, local, app) => {
    const key = panelOpeningKey(session[SIDEPANEL_ROUTE_KEY], local[PREFS_STORED.key], navigator.onLine);
    return showKeptScreen('sidepanel', key, session, local, app);
  }),
);
