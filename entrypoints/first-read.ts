// Run by popup.html and sidepanel.html as they are parsed, before their main bundle: starts the storage
// reads their first paint needs (lib/settings/early-read.ts).
import { type EarlyStorage, startEarlyRead } from '../lib/settings/early-read';

type Ext = { runtime?: { id?: string }; storage?: EarlyStorage };

export default defineUnlistedScript(() => {
  const scope = globalThis as unknown as { browser?: Ext; chrome?: Ext };
  const api = scope.browser?.runtime?.id ? scope.browser : scope.chrome;
  if (api?.storage) startEarlyRead(api.storage);
});
