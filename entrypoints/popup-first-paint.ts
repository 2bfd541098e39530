// Run by popup.html as it is parsed, before its main bundle: starts the storage reads the popup's first
// paint needs and, when they hold what the popup will show first, paints it (lib/popup/first-screen.ts)
// while the main bundle loads (lib/early-screen/paint.ts).
import { paintFromEarlyReads } from '../lib/early-screen/paint';
import { firstScreen, paintFirstScreen } from '../lib/popup/first-screen';
import { parsePopupParams } from '../lib/popup/params';

export default defineUnlistedScript(() =>
  paintFromEarlyReads((session, local, app) => {
    const screen = firstScreen(parsePopupParams(location.search), session, local, Date.now(), navigator.onLine);
    if (screen) paintFirstScreen(screen, app);
    return !!screen;
  }),
);
