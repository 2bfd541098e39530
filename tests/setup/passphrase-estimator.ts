// Passphrase estimates in the test's own thread (the settings page computes them in a worker); the estimator
// loads only in the tests that ask for one. Imported once the browser is faked: the catalogue's module reads
// the browser as it loads.
import { beforeAll } from 'vitest';

beforeAll(async () => {
  const [{ estimateIn }, { zxcvbnInThread }] = await Promise.all([
    import('../../lib/vault/estimator'),
    import('../../lib/vault/zxcvbn-check'),
  ]);
  estimateIn(zxcvbnInThread);
});
