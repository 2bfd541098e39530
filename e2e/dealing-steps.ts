// Steps the dealing journeys share: a demo dealing permit granted in the settings, and the side panel
// opened on one market.
import type { BrowserContext, Page } from '@playwright/test';
import { expect } from './harness';
import { ACCOUNT } from './journeys/data';
import { playwrightPage } from './journeys/playwright-page';
import { grantDemoPermit as grant } from './journeys/steps';
import type { ExtensionGlobals } from './launch';

export async function grantDemoPermit(openPage: (path: string) => Promise<Page>): Promise<Page> {
  const options = await openPage('options.html');
  await options.getByRole('button', { name: 'Check' }).click();
  // The check's result line appears above the permit's button and pushes it down: a click aimed before it lands
  // beside the button (ci121: the permit's form never opened). A user reads the result before going on.
  await expect(options.getByTestId('options-check-result')).toContainText(ACCOUNT.connected);
  await expect(options.getByTestId('options-active-account')).toHaveText(ACCOUNT.id);
  await grant(playwrightPage(options));
  return options;
}

/** The side panel on a market (the route the popup writes before opening the panel). */
export async function openMarket(context: BrowserContext, openPage: (path: string) => Promise<Page>, epic: string) {
  const worker = context.serviceWorkers()[0]!;
  await worker.evaluate(
    (value) => (globalThis as unknown as ExtensionGlobals).chrome.storage.session.set({ sidepanelRoute: value }),
    { view: 'market', epic, at: Date.now() },
  );
  const panel = await openPage('sidepanel.html');
  await expect(panel.getByRole('heading', { level: 2 }).first()).toBeVisible();
  return panel;
}
