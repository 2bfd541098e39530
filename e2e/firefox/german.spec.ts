// A German trader's journey in Firefox, as e2e/german.spec.ts is in Chromium: with Firefox's UI in German
// (its language pack and `intl.locale.requested`), connecting on the settings page, the watchlist, a market's
// detail, the popup and an alert's notification speak German (locales/de.yml) and show de-DE numbers, while
// IG's own words (market names, epics) stay IG's. Screenshots of each screen are saved as firefox-de-*.png.
import type { AlertRule } from '../../lib/model';
import { ACCOUNT, DETAIL, EURUSD_MINI as EURUSD, FTSE, MY_WATCHLIST, NO_POINT } from '../journeys/data';
import { byRole, byTestId, type JourneyPage } from '../journeys/driver';
import { ask } from '../journeys/steps';
import { pointsInPage, pointsOutOfLine } from '../layout-misfits';
import { expect, test } from './harness';

// The alert's notification is recorded in the event page: it must not be suspended while the journey runs.
test.use({ firefoxOptions: { locale: 'de', backgroundIdleMs: 300_000 } });

interface Shown {
  title: string;
  message: string;
}
interface Firefox {
  browser: {
    i18n: { getUILanguage(): string };
    runtime: { getBackgroundPage(): Promise<Firefox & { shown?: Shown[] }> };
    notifications: { create(id: string, o: Shown): Promise<string> };
  };
}

/**
 * Records what the event page asks Firefox to show as notifications: headless Firefox closes each one as it
 * is created, and its events carry only the id.
 */
function recordNotifications(page: JourneyPage): Promise<void> {
  return page.evaluate(async () => {
    const background = await (globalThis as unknown as Firefox).browser.runtime.getBackgroundPage();
    const notifications = background.browser.notifications;
    const create = notifications.create.bind(notifications);
    const shown: Shown[] = [];
    background.shown = shown;
    notifications.create = (id, o) => {
      shown.push({ title: o.title, message: o.message });
      return create(id, o);
    };
  }, null);
}

const shownNotifications = (page: JourneyPage) =>
  page.evaluate(
    async () => [...((await (globalThis as unknown as Firefox).browser.runtime.getBackgroundPage()).shown ?? [])],
    null,
  );

test('settings, watchlist, market detail, popup and an alert in German', async ({ openPage, sim, capture }) => {
  // A bound for a hang: it took 72 s at a load of 26 on two cores, near the config's 90 s.
  test.setTimeout(150_000);
  // Connecting as a German user does, on the settings page in German.
  const options = await openPage('options.html');
  expect(await options.evaluate(() => (globalThis as unknown as Firefox).browser.i18n.getUILanguage(), null)).toBe(
    'de',
  );
  await options.find(byRole('heading', 'Marketside-Einstellungen'));
  await options.find(byRole('heading', 'Verbindung'));
  await options.find(byRole('heading', 'Voreinstellungen'));
  await options.click({ css: 'input[type="radio"][value="custom"]' });
  await options.fill({ css: '#conn-baseUrl' }, sim.baseUrl);
  await options.click(byRole('button', 'Zugriff auf dieses Gateway erlauben'));
  await options.expectText({ css: 'form p.muted' }, 'Der Zugriff auf dieses Gateway ist erlaubt.');
  await options.expectText({ css: 'label[for="conn-apiKey"]' }, /^API-Schlüssel$/);
  await options.fill({ css: '#conn-apiKey' }, sim.apiKey);
  await options.fill(byRole('textbox', 'Kennung (IG-Benutzername)'), sim.identifier);
  await options.fill({ css: '#conn-password' }, sim.password);
  await options.click(byRole('button', 'Speichern'));
  await options.expectText({ css: '[role="status"]' }, 'Nur für diese Browsersitzung gespeichert.');
  await options.click(byRole('button', 'Prüfen'));
  await options.expectText(byTestId('options-check-result'), /^Verbunden: Demo-CFD \(SIMCFD1, CFD\)\.$/);
  await options.expectText(byTestId('options-active-account'), ACCOUNT.id);
  await capture(options, 'de-settings');
  await options.page.close();

  const panel = await openPage('sidepanel.html');
  await panel.expectText({ css: 'select option:checked' }, MY_WATCHLIST.name);
  await panel.expectCount(byTestId('panel-row'), MY_WATCHLIST.rows);
  await panel.expectText({ css: 'nav[aria-label="Ansichten des Seitenbereichs"]' }, 'Positionen');
  for (const sort of ['Nach Geld sortieren', 'Nach Brief sortieren', 'Änd.: nach Veränderung sortieren'])
    await panel.find(byRole('button', sort));
  // de-DE numbers: the FX market's price with a decimal comma, and no dot before its decimals,
  const fxRow = { css: `[data-testid="panel-row"][data-epic="${EURUSD}"]` };
  await panel.expectText(fxRow, /\d,\d{4}/);
  expect((await panel.texts(fxRow)).join(' ')).not.toMatch(/\d\.\d{4}/);
  // and the index's in thousands grouped with a dot: 7.931,2.
  await panel.expectText({ css: `[data-testid="panel-row"][data-epic="${FTSE}"]` }, /\d\.\d{3},\d\b/);
  // The commas of bid, offer and change at one place in each column, in Firefox's text layout, though the
  // markets' decimals differ (1, 4-5, and none: a number without a comma ends there): each number is padded by
  // widths measured in the page's own font.
  await ask(panel, 'watchlists.addMarket', { id: MY_WATCHLIST.id, epic: NO_POINT });
  await panel.expectText({ css: `[data-epic="${NO_POINT}"] td.wl-bid` }, /^\d\.\d{3}$/);
  const points = await panel.page.evaluate(pointsInPage, [['wl-bid', 'wl-offer', 'wl-chg'], ','] as const);
  expect(pointsOutOfLine(points, () => MY_WATCHLIST.rows + 1)).toEqual([]);
  await capture(panel, 'de-watchlist');

  await panel.click(byRole('button', DETAIL.button));
  await panel.expectText({ css: 'h2' }, DETAIL.button);
  await panel.find(byRole('heading', 'Instrument und Handelsregeln'));
  await panel.expectText({ css: 'dt' }, /^Mindesthandelsgröße$/);
  await panel.find(byRole('heading', 'Kundenstimmung'));
  await panel.expectText(byTestId('panel-detail-bid'), /^\d,\d{4,5}$/);
  await capture(panel, 'de-market-detail');

  const popup = await openPage(`popup.html?epic=${FTSE}`);
  await popup.expectText({ css: 'h1' }, 'FTSE 100');
  for (const term of ['Geld', 'Brief', 'Spread', 'Hoch', 'Tief', 'Veränderung'])
    await popup.expectText({ css: 'dt' }, new RegExp(`^${term}$`));
  await popup.expectText({ css: 'h2' }, /^Kundenstimmung$/);
  await popup.find(byRole('button', 'Alarm setzen'));
  await capture(popup, 'de-popup');

  // An alert on a market no page shows: crossing its level raises a German notification.
  sim.control.stream.maintenance(true);
  await recordNotifications(popup);
  const [quote] = await ask<{ value: { bid: number; offer: number } }[]>(popup, 'markets.quotes', { epics: [EURUSD] });
  const level = Number(((((quote?.value.bid ?? 0) + (quote?.value.offer ?? 0)) / 2) * 1.01).toFixed(4));
  const created = await ask<AlertRule>(popup, 'alerts.create', { epic: EURUSD, kind: 'above', target: level });
  sim.control.setMarket(EURUSD, { bid: level + 0.001, offer: level + 0.0012 });
  await expect.poll(() => shownNotifications(popup), { timeout: 30_000 }).toHaveLength(1);
  const [notice] = await shownNotifications(popup);
  expect(notice?.title).toMatch(new RegExp(`^${created.instrumentName.replace(/[/.]/g, '\\$&')} über \\S+$`));
  expect(notice?.message).toMatch(/^Kurs \d,\d{4,5}$/);
});
