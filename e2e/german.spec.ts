// A German trader's journey: with Chromium's UI in German, the settings, the watchlist, a market's detail,
// the popup and an alert's notification speak German (locales/de.yml), while IG's own words (market names,
// epics) stay IG's. Screenshots of each screen are saved as de-*.png.
import type { Worker } from '@playwright/test';
import type { AlertRule } from '../lib/model';
import { ask } from './extension-calls';
import { DETAIL, EURUSD_MINI as EURUSD, FTSE, MY_WATCHLIST } from './journeys/data';
import { expect, test, uiLanguageOf } from './language';

test.use({ uiLanguage: 'de' });

interface Shown {
  title: string;
  message: string;
}

/** Records what the worker asks Chromium to show as notifications (Chromium keeps only their ids). */
function recordNotifications(worker: Worker): Promise<void> {
  return worker.evaluate(() => {
    const g = globalThis as unknown as {
      chrome: { notifications: { create: (id: string, o: Shown) => Promise<string> } };
      shown: Shown[];
    };
    const create = g.chrome.notifications.create.bind(g.chrome.notifications);
    g.shown = [];
    g.chrome.notifications.create = (id, o) => {
      g.shown.push({ title: o.title, message: o.message });
      return create(id, o);
    };
  });
}

test('settings, watchlist, market detail, popup and an alert in German', async ({
  configure,
  openPage,
  serviceWorker,
  sim,
  capture,
}) => {
  // The catalogue's locale (getUILanguage flickers to en-US in Chromium's worker under load: e2e/language.ts).
  expect(await uiLanguageOf(serviceWorker)).toBe('de');
  await configure();

  const options = await openPage('options.html');
  await expect(options.getByRole('heading', { level: 1, name: 'Marketside-Einstellungen' })).toBeVisible();
  await expect(options.getByRole('heading', { name: 'Verbindung' })).toBeVisible();
  await expect(options.getByRole('heading', { name: 'Voreinstellungen' })).toBeVisible();
  await expect(options.getByRole('textbox', { name: 'API-Schlüssel', exact: true })).toBeVisible();
  await expect(options.getByRole('button', { name: 'Prüfen' })).toBeVisible();
  await capture(options, 'de-settings');
  await options.close();

  const panel = await openPage('sidepanel.html', { width: 400, height: 760 });
  await expect(panel.getByRole('combobox', { name: 'Watchlist' })).toHaveValue(MY_WATCHLIST.id);
  await expect(panel.getByTestId('panel-row')).toHaveCount(MY_WATCHLIST.rows);
  await expect(panel.getByRole('navigation', { name: 'Ansichten des Seitenbereichs' })).toContainText('Positionen');
  await expect(panel.getByRole('button', { name: 'Nach Geld sortieren' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Nach Brief sortieren' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Änd.: nach Veränderung sortieren' })).toBeVisible();
  // de-DE numbers in the rows too: the FX market's price with a decimal comma.
  await expect(panel.locator(`[data-testid="panel-row"][data-epic="${EURUSD}"]`)).toContainText(/\d,\d{4}/);
  await capture(panel, 'de-watchlist');

  await panel.getByRole('button', { name: DETAIL.button, exact: true }).click();
  await expect(panel.getByRole('heading', { level: 2, name: DETAIL.button })).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Instrument und Handelsregeln' })).toBeVisible();
  await expect(panel.getByText('Mindesthandelsgröße')).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Kundenstimmung' })).toBeVisible();
  // de-DE numbers (lib/format/, in the catalogue's language): a decimal comma, no dot.
  await expect(panel.getByTestId('panel-detail-bid')).toHaveText(/^\d,\d{4,5}$/);
  await capture(panel, 'de-market-detail');

  const popup = await openPage(`popup.html?epic=${FTSE}`);
  await expect(popup.getByRole('heading', { name: /FTSE 100/ })).toBeVisible();
  for (const term of ['Geld', 'Brief', 'Spread', 'Hoch', 'Tief', 'Veränderung'])
    await expect(popup.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) })).toBeVisible();
  await expect(popup.getByRole('heading', { name: 'Kundenstimmung' })).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Alarm setzen' })).toBeVisible();
  await capture(popup, 'de-popup');

  // An alert on a market no page shows: crossing its level raises a German notification.
  sim.control.stream.maintenance(true);
  await recordNotifications(serviceWorker);
  const [quote] = await ask<{ value: { bid: number; offer: number } }[]>(popup, 'markets.quotes', { epics: [EURUSD] });
  const level = Number(((((quote?.value.bid ?? 0) + (quote?.value.offer ?? 0)) / 2) * 1.01).toFixed(4));
  const created = await ask<AlertRule>(popup, 'alerts.create', { epic: EURUSD, kind: 'above', target: level });
  sim.control.setMarket(EURUSD, { bid: level + 0.001, offer: level + 0.0012 });
  const shown = () => serviceWorker.evaluate(() => (globalThis as unknown as { shown: Shown[] }).shown);
  await expect.poll(shown, { timeout: 30_000 }).toHaveLength(1);
  const [notice] = await shown();
  // The level and the price in de-DE digits: a decimal comma.
  expect(notice?.title).toMatch(new RegExp(`^${created.instrumentName.replace(/[/.]/g, '\\$&')} über \\d,\\d{4,5}$`));
  expect(notice?.message).toMatch(/^Kurs \d,\d{4,5}$/);
});
