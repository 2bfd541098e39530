// The browser's grants of optional host permissions, in memory: the fake browser has none. Every test
// starts as the end-to-end harness does, with the simulated service's host (http://127.0.0.1/*) granted;
// `browser.permissions.remove` / `request` change that for one test.
import { beforeEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

const DEFAULT_GRANTS = ['http://127.0.0.1/*'];
const granted = new Set<string>();

type Permissions = { origins?: string[] };

beforeEach(() => {
  granted.clear();
  for (const g of DEFAULT_GRANTS) granted.add(g);
  Object.assign(fakeBrowser.permissions, {
    contains: async (p: Permissions) => (p.origins ?? []).every((o) => granted.has(o)),
    request: async (p: Permissions) => {
      for (const o of p.origins ?? []) granted.add(o);
      return true;
    },
    remove: async (p: Permissions) => {
      const had = (p.origins ?? []).some((o) => granted.delete(o));
      return had;
    },
  });
});
