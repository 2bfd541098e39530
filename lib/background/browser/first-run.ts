// A new install opens the welcome page once; an update or a browser update opens nothing.
import type { browser } from 'wxt/browser';

export const WELCOME_PAGE = '/welcome.html';

export function registerFirstRun(runtime: typeof browser.runtime, tabs: Pick<typeof browser.tabs, 'create'>): void {
  runtime.onInstalled.addListener((details) => {
    if (details.reason !== 'install') return;
    void tabs.create({ url: runtime.getURL(WELCOME_PAGE) }).catch(() => undefined);
  });
}
