// Run by popup.html as it is parsed, before its main bundle: starts the storage reads the popup's first
// paint needs and, when the popup kept the screen it opens to, shows it while the main bundle loads
// (lib/early-screen/paint.ts).
import { paintFromEarlyReads, showKeptScreen } from '../lib/early-screen/paint';
import { popupOpeningKey } from '../lib/popup/kept-key';
import { parsePopupParams } from '../lib/popup/params';

export default defineUnlistedScript(() =>
  paintFromEarlyReads((session, local, app) => {
    const key = popupOpeningKey(parsePopupParams(location.search), session.popupLastQuery, navigator.onLine);
    return showKeptScreen('popup', key, session, local, app);
  }),
);
