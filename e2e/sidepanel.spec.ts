// The side panel as a trader meets it: the built extension in Chromium against the simulated service.
import type { Page } from '@playwright/test';
import { ROUTE_CHANNEL } from '../lib/sidepanel/route-channel';
import { expect, test } from './harness';
import { DETAIL, EURUSD, FTSE, GBPUSD, MY_WATCHLIST, NEW_LIST } from './journeys/data';
import { playwrightPage } from './journeys/playwright-page';
import { addMarket, createWatchlist, removeMarket } from './journeys/steps';

const rowEpics = (panel: Page) =>
  panel.getByTestId('panel-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-epic')));

test('create a watchlist, add and remove markets, sort them, and find the sort again after reopening', async ({
  configure,
  openPage,
  sim,
  capture,
}) => {
  await configure();
  const panel = await openPage('sidepanel.html');
  await expect(panel.getByTestId('panel-account')).toContainText(/\S/);
  await expect(panel.getByRole('combobox', { name: 'Watchlist' })).toHaveValue(MY_WATCHLIST.id);

  const page = playwrightPage(panel);
  await createWatchlist(page, NEW_LIST.name);
  const created = (await sim.control.state()).watchlists.find((w) => w.name === NEW_LIST.name);
  expect(created?.epics).toEqual([]);

  for (const add of NEW_LIST.adds) await addMarket(page, NEW_LIST.name, add.term, add.name);
  await expect(panel.getByTestId('panel-row')).toHaveCount(NEW_LIST.adds.length);
  const afterAdds = (await sim.control.state()).watchlists.find((w) => w.id === created?.id);
  expect(new Set(afterAdds?.epics)).toEqual(new Set([EURUSD, GBPUSD, FTSE]));

  // Import and export are a click away in the toolbar.
  await panel.getByRole('button', { name: 'Import / export' }).click();
  await expect(panel.getByRole('button', { name: 'Export as CSV' })).toBeVisible();
  await panel.getByRole('button', { name: 'Import / export' }).click();

  // Sort by bid: highest first, then flipped.
  await panel.getByRole('button', { name: 'Sort by Bid' }).click();
  await expect.poll(() => rowEpics(panel)).toEqual([FTSE, GBPUSD, EURUSD]);
  await panel.getByRole('button', { name: 'Sort by Bid' }).click();
  await expect.poll(() => rowEpics(panel)).toEqual([EURUSD, GBPUSD, FTSE]);
  await capture(panel, 'sidepanel-watchlist');

  // Remove one: gone here and on the service.
  await removeMarket(page, NEW_LIST.name, NEW_LIST.removes.name);
  await expect(panel.getByTestId('panel-row')).toHaveCount(2);
  const afterRemove = (await sim.control.state()).watchlists.find((w) => w.id === created?.id);
  expect(new Set(afterRemove?.epics)).toEqual(new Set([EURUSD, FTSE]));

  // Reopened, the panel shows the same list in the same order.
  await panel.reload();
  await expect(panel.getByRole('combobox', { name: 'Watchlist' })).toHaveValue(created!.id);
  await expect.poll(() => rowEpics(panel)).toEqual([EURUSD, FTSE]);
  await expect(panel.getByRole('button', { name: 'Sort by Bid' }).locator('xpath=..')).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
});

test('a failed add leaves the watchlist as it was and says why', async ({ configure, openPage, sim }) => {
  await configure();
  const panel = await openPage('sidepanel.html');
  await expect(panel.getByRole('combobox', { name: 'Watchlist' })).toHaveValue(MY_WATCHLIST.id);
  await expect(panel.getByTestId('panel-row')).toHaveCount(MY_WATCHLIST.rows);
  const before = await rowEpics(panel);
  const onService = (await sim.control.state()).watchlists.find((w) => w.id === MY_WATCHLIST.id)?.epics;

  await sim.control.injectFault({
    method: 'PUT',
    path: `^/watchlists/${MY_WATCHLIST.id}$`,
    count: 5,
    action: { kind: 'error', status: 400, errorCode: 'error.service.watchlists.add-instrument.invalid-epic' },
  });
  await panel.getByRole('searchbox', { name: `Add a market to ${MY_WATCHLIST.name}` }).fill('GBP/USD');
  await panel.getByRole('button', { name: `Add GBP/USD to ${MY_WATCHLIST.name}`, exact: true }).click();

  const error = panel.getByTestId('panel-action-error');
  await expect(error.getByRole('alert')).toBeVisible();
  await expect(error).toContainText('error.service.watchlists.add-instrument.invalid-epic');
  expect(await rowEpics(panel)).toEqual(before);
  await expect(panel.getByTestId('panel-row')).toHaveCount(3);
  expect((await sim.control.state()).watchlists.find((w) => w.id === MY_WATCHLIST.id)?.epics).toEqual(onService);
});

test('a market opens with its chart, sentiment now and over time, related markets and dealing rules', async ({
  configure,
  openPage,
  sim,
  capture,
}) => {
  await configure();
  const panel = await openPage('sidepanel.html');
  await expect(panel.getByTestId('panel-row').first()).toBeVisible();

  // Readings the background recorded on earlier days (the trend builds up while Marketside watches).
  const now = Date.now();
  await panel.evaluate(
    async (points) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('marketside-sentiment-history');
        open.onupgradeneeded = () => open.result.createObjectStore('entries');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('entries', 'readwrite');
          const last = points[points.length - 1]!;
          tx.objectStore('entries').put({ value: points, fetchedAt: last.t, lastUsed: last.t }, 'EURUSD');
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        };
      }),
    [
      { t: now - 3 * 3600_000, long: 41 },
      { t: now - 2 * 3600_000, long: 47 },
      { t: now - 3600_000, long: 52 },
    ],
  );

  await panel.getByRole('button', { name: DETAIL.button, exact: true }).click();
  await expect(panel.getByRole('heading', { level: 2, name: DETAIL.button })).toBeVisible();
  await expect(panel.getByTestId('panel-detail-bid')).toHaveText(/\d\.\d{4}/);

  // The chart: drawn by the lazily loaded charting library, with values in the legend.
  const chart = panel.getByRole('figure', { name: /^Price chart of EUR\/USD Mini, 1 hour bars$/ });
  await expect(chart.locator('canvas').first()).toBeVisible();
  await expect(panel.getByTestId('panel-chart-legend')).toContainText(/C \d\.\d{4}/);
  await expect(panel.getByTestId('panel-allowance')).toContainText('Weekly historical data allowance');
  await panel.getByRole('combobox', { name: 'Resolution' }).selectOption('DAY');
  await expect(panel.getByRole('figure', { name: /1 day bars$/ })).toBeVisible();
  await expect
    .poll(async () =>
      (await sim.control.requestLog()).some(
        (r) => r.path.startsWith('/prices/CS.D.EURUSD.MINI.IP') && /DAY/.test(JSON.stringify(r)),
      ),
    )
    .toBe(true);
  await panel.getByRole('radio', { name: 'Line' }).check();
  await expect(panel.getByTestId('panel-chart-legend')).toContainText(/C \d\.\d{4}/);

  // Sentiment now, and its trend from the recorded readings plus the one just taken.
  await expect(
    panel.getByTestId('panel-sentiment-now').getByRole('img', { name: /^Clients \d+% long, \d+% short$/ }),
  ).toBeVisible();
  await expect(panel.getByRole('img', { name: /^Clients long on EUR\/USD Mini: \d+% now, 41% on/ })).toBeVisible();

  // The alert form for this market is hosted here.
  await expect(panel.getByRole('form', { name: 'Alert for EUR/USD Mini' })).toBeVisible();

  // Instrument facts.
  await expect(panel.getByText('Minimum deal size')).toBeVisible();
  await expect(panel.getByText('Opening hours')).toBeVisible();
  await capture(panel, 'sidepanel-market');

  // A related market opens in its turn.
  const related = panel.getByTestId('panel-related').getByRole('button').first();
  await expect(related).toBeVisible();
  await related.click();
  await expect(panel.getByRole('heading', { level: 2 })).not.toHaveText(DETAIL.button);
  await panel.getByRole('button', { name: 'Back' }).click();
  await expect(panel.getByRole('heading', { level: 2, name: DETAIL.button })).toBeVisible();
});

test('browse a category and open one of its instruments', async ({ configure, openPage }) => {
  await configure();
  const panel = await openPage('sidepanel.html');
  await panel.getByRole('button', { name: 'Browse' }).click();
  const category = panel.locator('button.category').first();
  await expect(category).toBeVisible();
  await category.click();
  const instrument = panel.getByTestId('panel-instrument').first();
  await expect(instrument).toBeVisible();
  const name = (await instrument.getByRole('button').first().textContent()) ?? '';
  await instrument.getByRole('button').first().click();
  await expect(panel.getByRole('heading', { level: 2, name })).toBeVisible();
});

test('the alerts view, and positions read-only without a dealing permit', async ({ configure, openPage }) => {
  await configure();
  const panel = await openPage('sidepanel.html');
  await expect(panel.getByRole('combobox', { name: 'Watchlist' })).toBeVisible();
  await panel.getByRole('button', { name: 'Alerts', exact: true }).click();
  await expect(panel.getByRole('heading', { name: 'Alerts', exact: true })).toBeVisible();

  await panel.getByRole('button', { name: 'Positions' }).click();
  await expect(panel.getByRole('heading', { name: 'Positions' })).toBeVisible();
  await expect(panel.getByText('No open positions.')).toBeVisible();
  await expect(panel.getByText(/Read-only: dealing is off/)).toBeVisible();
});

test('the popup or omnibox opens a market here through the session route', async ({
  configure,
  openPage,
  serviceWorker,
}) => {
  await configure();
  const panel = await openPage('sidepanel.html');
  await expect(panel.getByRole('combobox', { name: 'Watchlist' })).toBeVisible();
  // As the omnibox does (lib/sidepanel/route.ts openRoute): stored for the next opening, posted to this one.
  await serviceWorker.evaluate(
    async ([epic, channel]) => {
      const route = { view: 'market', epic, at: Date.now() };
      new BroadcastChannel(channel).postMessage(route);
      await (
        globalThis as unknown as { chrome: { storage: { session: { set(v: object): Promise<void> } } } }
      ).chrome.storage.session.set({ sidepanelRoute: route });
    },
    [FTSE, ROUTE_CHANNEL] as const,
  );
  await expect(panel.getByRole('heading', { level: 2, name: 'FTSE 100' })).toBeVisible();
});

test('rows stay live while the panel is visible, flash when they move, and pause while it is hidden', async ({
  configure,
  openPage,
  sim,
}) => {
  await configure();
  const panel = await openPage('sidepanel.html');
  const ftse = panel.locator(`[data-testid="panel-row"][data-epic="${FTSE}"]`);
  await expect(ftse).toBeVisible();

  // A flash lasts 1.2 s: the row's classes are watched from before the move, so that a look the loaded
  // machine makes late still sees the flash the user saw.
  type Watched = HTMLElement & { flashes?: string[] };
  await ftse.evaluate((row: Watched) => {
    const flashes: string[] = [];
    row.flashes = flashes;
    new MutationObserver(() => {
      for (const c of row.classList) if (c.startsWith('flash-')) flashes.push(c);
    }).observe(row, { attributes: true, attributeFilter: ['class'] });
  });
  sim.control.setMarket(FTSE, { bid: 9000, offer: 9001 });
  await expect(ftse).toContainText('9,000.0', { timeout: 20_000 });
  await expect.poll(() => ftse.evaluate((row: Watched) => row.flashes?.join(' ') ?? '')).toMatch(/flash-up-/);
  // Its coloured edge shows while it flashes and is gone once the flash is over.
  const edge = () =>
    ftse.evaluate((row) => {
      const after = getComputedStyle(row, '::after');
      const colours = after.visibility === 'hidden' ? [] : (after.boxShadow.match(/rgba?\([^)]*\)/g) ?? []);
      return { flashing: /flash-/.test(row.className), drawn: colours.some((c) => !/^rgba\(.*, 0\)$/.test(c)) };
    });
  const flashing = await edge();
  expect(flashing.drawn).toBe(flashing.flashing);
  await expect.poll(async () => (await edge()).flashing, { timeout: 20_000 }).toBe(false);
  expect((await edge()).drawn).toBe(false);

  // The rate budget in use, on demand.
  await panel.getByRole('button', { name: 'Budget' }).click();
  await expect(panel.getByRole('region', { name: 'Rate budget' })).toContainText(/\d+ \/ \d+ a minute/);

  // Hidden (another tab in front, the panel closed to a strip): no more price requests.
  await panel.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  // What was in flight may still land: wait for a quiet spell longer than a refresh period (5 s), then
  // check a second one.
  const priceRequests = () => sim.control.requestLog().filter((r) => r.path.startsWith('/markets')).length;
  let seen = priceRequests();
  for (let spell = 0; spell < 5; spell++) {
    await panel.waitForTimeout(6_000);
    if (priceRequests() === seen) break;
    seen = priceRequests();
  }
  const before = priceRequests();
  await panel.waitForTimeout(8000);
  expect(priceRequests()).toBe(before);

  // Shown again: refreshing resumes.
  await panel.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  sim.control.setMarket(FTSE, { bid: 8800, offer: 8801 });
  await expect(ftse).toContainText('8,800.0', { timeout: 20_000 });
  await expect(ftse).toHaveClass(/flash-down-/);
});
