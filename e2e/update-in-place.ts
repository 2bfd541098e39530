// Chromium's update of the unpacked extension with the browser open: the new build written where the
// extension loads from, then loaded over the installed one with the DevTools protocol's
// `Extensions.loadUnpacked` (as "Load unpacked" on chrome://extensions does for a folder already loaded): the
// same id and storage, an update (`runtime.onInstalled` says so), the old service worker unregistered and the
// new one started. `runtime.reload()` cannot stand in for it here: in headless Chromium 156 it leaves an
// extension loaded with `--load-extension` disabled (its pages then fail with ERR_BLOCKED_BY_CLIENT).
import type { BrowserContext, Page } from '@playwright/test';
import { GRANTED_HOSTS, withGrantedHosts } from './launch';

/** The switch Chromium needs before it takes `Extensions.loadUnpacked` (over Playwright's pipe). */
export const IN_PLACE_UPDATE_ARGS = ['--enable-unsafe-extension-debugging'];

/**
 * Puts `builtDir` where the running extension loads from (`loadedDir`, with the hosts the user granted), runs
 * `beforeLoad` (the new files served while the old worker still runs, as an unpacked extension's are before
 * its reload), then loads the new build over the installed one; resolves with the extension's id (its pages,
 * opened next, wake the new worker; `workerBuild` tells which build answers).
 */
export async function updateInPlace(
  context: BrowserContext,
  builtDir: string,
  loadedDir: string,
  beforeLoad: () => Promise<void> = async () => {},
  grantedHosts = GRANTED_HOSTS,
): Promise<string> {
  const browser = context.browser();
  if (!browser) throw new Error('No browser behind this context to update the extension in');
  const session = await browser.newBrowserCDPSession();
  withGrantedHosts(builtDir, loadedDir, grantedHosts);
  await beforeLoad();
  const { id } = (await session.send('Extensions.loadUnpacked' as never, { path: loadedDir } as never)) as {
    id: string;
  };
  await session.detach();
  return id;
}

/** What `workerBuild` resolves with when no worker answered within its bound. */
export const NO_ANSWER = 'no worker answered';

/**
 * The build the extension's running service worker was made from, asked from one of its pages; `NO_ANSWER`
 * when no worker answers within `timeout` ms (a page's message otherwise waits for ever).
 */
export function workerBuild(page: Page, timeout = 20_000): Promise<unknown> {
  return page.evaluate(
    async ([timeout, none]) => {
      const g = globalThis as unknown as {
        chrome: {
          runtime: { sendMessage(m: unknown): Promise<{ res?: { ok: boolean; data?: { version?: string } } }> };
        };
      };
      const asked = g.chrome.runtime.sendMessage({ id: 1, type: 'build.get', data: {}, timestamp: Date.now() });
      const reply = await Promise.race([asked, new Promise<'none'>((r) => setTimeout(() => r('none'), timeout))]);
      if (reply === 'none') return none;
      return reply?.res?.ok ? reply.res.data?.version : reply?.res;
    },
    [timeout, NO_ANSWER] as const,
  );
}

/**
 * What the updated worker logs when Chromium left it stopped: its first extension calls fail with "No SW" (its
 * process went away as it started, a limbo of unpacked reloads with the extension's pages open, as in
 * yomidevs/yomitan#114), and no worker answers after.
 */
export const LIMBO = /No SW/;
