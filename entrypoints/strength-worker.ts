// The settings page's passphrase estimator, in a worker the page starts at its first estimate
// (lib/vault/estimate-worker.ts). It loads the estimator as it starts, while the user is still typing.
import { type CheckScope, serveChecks } from '../lib/vault/estimate-worker';
import { zxcvbnInThread } from '../lib/vault/zxcvbn-check';

export default defineUnlistedScript({
  main() {
    serveChecks(globalThis as unknown as CheckScope, zxcvbnInThread.check);
    zxcvbnInThread.warm();
  },
});
