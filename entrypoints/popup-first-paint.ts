// Run by popup.html as it is parsed, before its main bundle: starts the storage reads the popup's first
// paint needs (lib/settings/early-read.ts) and, when they hold what the popup will show first, paints it
// (lib/popup/first-screen.ts) while the main bundle loads.
import { firstScreen, paintFirstScreen } from '../lib/popup/first-screen';
import { parsePopupParams } from '../lib/popup/params';
import { earlyReads, extensionStorage, startEarlyRead } from '../lib/settings/early-read';

export default defineUnlistedScript(() => {
  const storage = extensionStorage();
  if (!storage) return;
  const reads = startEarlyRead(storage);
  const shared = earlyReads();
  if (!reads.session || !reads.local || !shared) return;
  shared.painted = Promise.all([reads.session, reads.local])
    .then(([session, local]) => {
      const app = document.getElementById('app');
      // The popup's own render came first (or the page is not parsed yet): it shows itself.
      if (!app || app.firstChild) return false;
      const screen = firstScreen(parsePopupParams(location.search), session, local, Date.now(), navigator.onLine);
      if (screen) paintFirstScreen(screen, app);
      return !!screen;
    })
    .catch(() => false);
});
