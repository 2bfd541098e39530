// The first run as a new user meets it: installing opens the welcome page; connecting through it meets
// each of IG's refusals in plain words with what to do next, then connects, makes and picks a first
// watchlist, and the side panel opens on it with live prices.

import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './harness';
import { ACCOUNT, MY_WATCHLIST, LOGIN_REFUSALS as REFUSALS, refusalFault } from './journeys/data';
import { ROOT, saveScreenshot } from './launch';

test.use({ keepWelcome: true });

const STORE_DIR = join(ROOT, 'artifacts', 'store');

async function welcomePage(context: import('@playwright/test').BrowserContext): Promise<Page> {
  const isWelcome = (p: Page) => p.url().endsWith('/welcome.html');
  const page = context.pages().find(isWelcome) ?? (await context.waitForEvent('page', { predicate: isWelcome }));
  await expect(page.getByRole('heading', { name: 'Welcome to Marketside' })).toBeVisible();
  return page;
}

test('a new install: welcome, every refusal explained, connected, a first watchlist, the side panel live', async ({
  context,
  sim,
  openPage,
  expectErrors,
}) => {
  test.setTimeout(120_000);
  expectErrors(/40[013]|error\.(security|public-api)/);
  const welcome = await welcomePage(context);
  await welcome.setViewportSize({ width: 1280, height: 800 });
  await expect(welcome.getByText('My IG → Settings → API keys')).toBeVisible();
  await expect(welcome.getByText(/A demo account needs its own API key/)).toBeVisible();

  // Driven at once, as the page appears: what is chosen and typed stays (the stored connection loads late).
  await welcome.getByRole('radio', { name: /Custom gateway/ }).check();
  await welcome.getByRole('textbox', { name: 'Base URL' }).fill(sim.baseUrl);
  await welcome.getByLabel('API key', { exact: true }).fill(sim.apiKey);
  await welcome.getByLabel('Identifier (IG username)').fill(sim.identifier);
  await welcome.getByLabel('Password', { exact: true }).fill(sim.password);
  await welcome.getByRole('button', { name: 'Save' }).click();
  await expect(welcome.getByRole('status').filter({ hasText: 'Saved' })).toHaveText(
    'Saved for this browser session only.',
  );
  await expect(welcome.getByRole('radio', { name: /Custom gateway/ })).toBeChecked();
  await saveScreenshot(welcome, STORE_DIR, 'welcome');

  const result = welcome.getByTestId('options-check-result');
  for (const refusal of REFUSALS) {
    await sim.control.injectFault(refusalFault(refusal));
    await welcome.getByRole('button', { name: 'Check' }).click();
    await expect(result).toContainText(refusal.title);
    await expect(result).toContainText(refusal.next);
    await expect(result).toContainText(`IG code: ${refusal.errorCode}`);
  }
  await sim.control.clearFaults();

  await welcome.getByRole('button', { name: 'Check' }).click();
  await expect(result).toContainText(ACCOUNT.connected);
  const after = welcome.getByTestId('welcome-after-connect');
  await expect(after.getByRole('radio', { name: MY_WATCHLIST.name })).toBeVisible();

  // Make a first watchlist (it is made on IG and chosen), then pick the seeded one with markets.
  await after.getByLabel('Or make a new watchlist').fill('First picks');
  await after.getByRole('button', { name: 'Make watchlist' }).click();
  await expect(after.getByRole('radio', { name: 'First picks' })).toBeChecked();
  expect((await sim.control.state()).watchlists.some((w) => w.name === 'First picks')).toBe(true);
  await after.getByRole('radio', { name: MY_WATCHLIST.name }).check();
  await expect(after.getByRole('status').filter({ hasText: 'side panel will open' })).toContainText(MY_WATCHLIST.name);
  await expect(after.getByTestId('welcome-shortcut')).toHaveText('Alt+Shift+M');
  await expect(after.getByRole('button', { name: 'Open the side panel' })).toBeVisible();
  await after.getByRole('button', { name: 'Open the side panel' }).click();
  await saveScreenshot(welcome, STORE_DIR, 'welcome-connected');

  // The side panel opens on the list picked here, with live prices.
  const panel = await openPage('sidepanel.html');
  await expect(panel.getByRole('combobox', { name: 'Watchlist' })).toHaveValue(MY_WATCHLIST.id);
  await expect(panel.getByTestId('panel-row')).toHaveCount(MY_WATCHLIST.rows);
  await expect(panel.getByTestId('stream-state')).toHaveText('Live', { timeout: 20_000 });
});
