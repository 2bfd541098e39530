// Run by popup.html and sidepanel.html as they are parsed, before their main bundle: starts the storage
// reads their first paint needs (lib/settings/early-read.ts).
import { extensionStorage, startEarlyRead } from '../lib/settings/early-read';

export default defineUnlistedScript(() => {
  const storage = extensionStorage();
  if (storage) startEarlyRead(storage);
});
