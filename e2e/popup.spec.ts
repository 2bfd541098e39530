// The popup as a trader meets it: the built extension in Chromium against the simulated service.
import type { Worker } from '@playwright/test';
import { badgeText, expect, test } from './harness';
import { EURUSD, MY_WATCHLIST, SENTIMENT_LABEL } from './journeys/data';
import { type ExtensionGlobals, pageOpened } from './launch';

/** The side panels Chromium has open (they are not tabs, so not in context.pages()). */
function sidePanels(serviceWorker: Worker): Promise<string[]> {
  return serviceWorker.evaluate(async () => {
    const contexts = await (globalThis as unknown as ExtensionGlobals).chrome.runtime.getContexts({
      contextTypes: ['SIDE_PANEL'],
    });
    return contexts.map((c) => c.documentUrl ?? '');
  });
}

test('search, open a market, see price and sentiment, add it to watchlists, pin it to the badge', async ({
  configure,
  openPage,
  sim,
  serviceWorker,
  capture,
}) => {
  await configure();
  // A colour flag the side panel's lists gave EUR/USD shows in the popup too.
  await serviceWorker.evaluate(
    (epic) =>
      (globalThis as unknown as ExtensionGlobals).chrome.storage.local.set({
        watchlistMarks: { flags: { [epic]: 'blue' }, notes: {}, lists: {} },
      }),
    EURUSD,
  );
  const popup = await openPage('popup.html');
  const search = popup.getByRole('combobox', { name: 'Search markets' });
  await expect(search).toBeFocused();

  await search.pressSequentially('EUR/USD', { delay: 20 });
  const row = popup.locator(`[data-testid="popup-result"][data-epic="${EURUSD}"]`);
  await expect(row).toBeVisible();
  await expect(row).toContainText('EUR/USD');
  await expect(row).toContainText(/\d\.\d{4}/);
  await expect(row.getByRole('img', { name: 'Blue flag' })).toBeVisible();
  await capture(popup, 'popup-results');

  // Keyboard: arrow down to the row, Enter opens it.
  const rows = popup.getByTestId('popup-result');
  const index = (await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-epic')))).indexOf(EURUSD);
  for (let i = 0; i <= index; i++) await search.press('ArrowDown');
  await expect(row).toHaveAttribute('aria-selected', 'true');
  await search.press('Enter');

  const market = popup.getByTestId('popup-market');
  await expect(market.getByRole('heading', { level: 1 })).toHaveText(/EUR\/USD/);
  await expect(market.locator('.market__prices')).toContainText(/Bid\s*\d\.\d{4}/);
  await expect(market.locator('.market__prices')).toContainText(/Offer\s*\d\.\d{4}/);
  await expect(market.getByRole('img', { name: SENTIMENT_LABEL }).first()).toBeVisible();
  await expect(market.getByRole('img', { name: 'Blue flag' })).toBeVisible();
  await capture(popup, 'popup-market');

  // Add to an existing watchlist: the service shows it added.
  const watchlist = market.getByRole('combobox', { name: 'Watchlist' });
  await expect(watchlist.locator(`option[value="${MY_WATCHLIST.id}"]`)).toHaveCount(1);
  await watchlist.selectOption(MY_WATCHLIST.id);
  await market.getByRole('button', { name: 'Add to watchlist' }).click();
  await expect(market.getByRole('status').filter({ hasText: 'Added' })).toContainText(`to ${MY_WATCHLIST.name}`);
  const mine = (await sim.control.state()).watchlists.find((w) => w.id === MY_WATCHLIST.id);
  expect(mine?.epics).toContain(EURUSD);

  // And to a new one, named inline.
  await watchlist.selectOption({ label: 'New watchlist…' });
  await market.getByRole('textbox', { name: 'New watchlist name' }).fill('Majors');
  await market.getByRole('button', { name: 'Add to watchlist' }).click();
  await expect(market.getByRole('status').filter({ hasText: 'Added' })).toContainText('new watchlist Majors');
  const majors = (await sim.control.state()).watchlists.find((w) => w.name === 'Majors');
  expect(majors?.epics).toEqual([EURUSD]);

  // Pin it: the toolbar badge shows the market.
  expect(await badgeText(serviceWorker)).toBe('');
  await market.getByRole('button', { name: 'Pin to toolbar' }).click();
  await expect(market.getByRole('button', { name: 'Unpin from toolbar' })).toBeVisible();
  await expect.poll(() => badgeText(serviceWorker), { timeout: 15_000 }).not.toBe('');

  // Open it in the side panel: the panel opens on the market's route.
  await market.getByRole('button', { name: 'Open in side panel' }).click();
  await expect
    .poll(() => sidePanels(serviceWorker), { timeout: 15_000 })
    .toEqual([expect.stringContaining('/sidepanel.html')]);
  const { sidepanelRoute } = await serviceWorker.evaluate(() =>
    (globalThis as unknown as ExtensionGlobals).chrome.storage.session.get('sidepanelRoute'),
  );
  expect(sidepanelRoute).toMatchObject({ view: 'market', epic: EURUSD });

  // Set an alert from here: the alerts form loads on first use.
  await market.getByRole('button', { name: 'Set an alert' }).click();
  const alertForm = market.getByRole('form', { name: /^Alert for EUR\/USD/ });
  await alertForm.getByRole('textbox', { name: 'Price' }).fill('9.5');
  await alertForm.getByRole('button', { name: 'Set alert' }).click();
  await expect(alertForm.getByRole('status')).toContainText('Alert set: EUR/USD');

  // Escape goes back to the results.
  await popup.keyboard.press('Escape');
  await expect(row).toBeVisible();
  await expect(search).toBeFocused();
});

test('reopened, the popup shows recent lookups with their last price at once', async ({ configure, openPage }) => {
  await configure();
  const first = await openPage(`popup.html?epic=${EURUSD}`);
  await expect(first.getByTestId('popup-market').locator('.market__prices')).toContainText(/Bid\s*\d\.\d{4}/);
  await first.close();

  const popup = await openPage('popup.html');
  const recent = popup.getByRole('listbox', { name: 'Recent lookups' });
  await expect(recent.getByTestId('popup-result')).toHaveCount(1);
  await expect(recent.getByTestId('popup-result')).toContainText(/\d\.\d{4}/);
});

test('opens with a prefilled search from ?q=', async ({ configure, openPage }) => {
  await configure();
  const popup = await openPage('popup.html?q=FTSE');
  await expect(popup.getByRole('combobox', { name: 'Search markets' })).toHaveValue('FTSE');
  await expect(popup.getByTestId('popup-result').first()).toContainText(/FTSE/i);
});

test('signed out: says so and opens the settings', async ({ openPage, context, capture }) => {
  const popup = await openPage('popup.html');
  const alert = popup.getByRole('alert');
  await expect(alert).toContainText('Not connected to IG');
  await capture(popup, 'popup-signed-out');
  const settings = pageOpened(context, /\/options\.html|chrome:\/\/extensions\/\?options=/);
  await alert.getByRole('button', { name: 'Open settings' }).click();
  // Chromium shows an embedded options page inside chrome://extensions; one in a tab is options.html.
  expect((await settings).url()).toMatch(/\/options\.html|chrome:\/\/extensions\/\?options=/);
});

test('a service error shows its message', async ({ configure, openPage, sim, capture }) => {
  await configure();
  await sim.control.injectFault({
    method: 'GET',
    path: '^/markets$',
    count: 100,
    action: { kind: 'error', status: 500, errorCode: 'error.service.marketdata.unavailable' },
  });
  const popup = await openPage('popup.html');
  await popup.getByRole('combobox', { name: 'Search markets' }).fill('EUR/USD');
  const alert = popup.getByRole('alert');
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('error.service.marketdata.unavailable');
  await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible();
  await capture(popup, 'popup-error');
});

test('dark mode follows the system unless the theme preference says otherwise', async ({
  configure,
  openPage,
  capture,
}) => {
  await configure();
  const popup = await openPage('popup.html?q=EUR');
  await expect(popup.getByTestId('popup-result').first()).toBeVisible();
  const background = () => popup.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await popup.emulateMedia({ colorScheme: 'dark' });
  expect(await background()).toBe('rgb(21, 25, 30)');
  await capture(popup, 'popup-dark');
  await popup.emulateMedia({ colorScheme: 'light' });
  expect(await background()).toBe('rgb(255, 255, 255)');

  // A theme chosen in the settings wins over the system, and applies while the popup is open.
  const options = await openPage('options.html');
  await options.getByLabel('Theme').selectOption('dark');
  await expect(popup.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await background()).toBe('rgb(21, 25, 30)');
});
