// Live prices end to end: the built extension in Chromium streams from the simulated Lightstreamer
// server through its offscreen document. A visible watchlist moves with no price polling; a dropped
// socket shows Reconnecting… then Live; a refused stream falls back to polling and says so; an alert
// fires from a streamed price with no page open; the popup's market view and the pinned market's badge
// move with the stream.
import type { Page } from '@playwright/test';
import { formatChange } from '../lib/format';
import { profit } from '../sim/money';
import { Universe } from '../sim/universe';
import { TestClient } from '../tests/sim/helpers';
import { alertAboveMid, ask, notifications, showWatchlist } from './extension-calls';
import { badgeText, expect, test } from './harness';
import { playwrightPage } from './journeys/playwright-page';
import { marketPolls, recordStreamStates, streamedEpics, twentyMarkets } from './journeys/stream';
import { setPrefs } from './launch';

const EURUSD = 'CS.D.EURUSD.MINI.IP';
const FTSE = 'IX.D.FTSE.DAILY.IP';
/**
 * Prices every 2 s while a page is open (the default is 5), as a trader may set it; the engine's share of the
 * allowance stretches that to one read about every 3.4 s (lib/engine/cadence.ts).
 */
const REFRESH_SEC = 2;
const REFRESH_PERIOD_MS = 3_400;

async function openWatchlist(panel: Page, name: string, epics: string[]) {
  await showWatchlist(panel, name, epics);
  // The table draws only the rows in view; the first one is enough to know the list is shown.
  await expect(panel.getByTestId('panel-row').first()).toBeVisible({ timeout: 20_000 });
}

test('a 20-market watchlist streams with no price polling over two refresh periods; a dropped socket reconnects', async ({
  configure,
  openPage,
  serviceWorker,
  sim,
  capture,
}) => {
  test.setTimeout(120_000);
  await configure();
  await setPrefs(serviceWorker, { priceRefreshSec: REFRESH_SEC });
  const panel = await openPage('sidepanel.html');
  await expect(panel.getByTestId('panel-account')).toContainText(/\S/);
  const epics = twentyMarkets(sim);
  await openWatchlist(panel, 'Streamed', epics);
  const state = panel.getByTestId('stream-state');
  await expect(state).toHaveText('Live', { timeout: 20_000 });
  await expect.poll(() => epics.every((e) => streamedEpics(sim).has(e)), { timeout: 20_000 }).toBe(true);

  const rowsText = () => panel.getByTestId('panel-row').allTextContents();
  const before = await rowsText();
  const from = sim.control.requestLog().length;
  // Over two price-refresh periods: a panel that polled would have asked by now.
  await panel.waitForTimeout(2 * REFRESH_PERIOD_MS + 500);
  const after = await rowsText();
  expect(after.filter((t, i) => t !== before[i]).length).toBeGreaterThan(0);
  expect(marketPolls(sim, from)).toEqual([]);
  await expect(state).toHaveText('Live');
  await panel.getByRole('button', { name: 'Budget' }).click();
  await expect(panel.getByTestId('stream-saved')).toContainText(/save about \d+ price requests a minute/);
  await capture(panel, 'stream-live');

  const states = await recordStreamStates(playwrightPage(panel));
  expect(sim.control.stream.dropSockets()).toBeGreaterThan(0);
  await expect.poll(states, { timeout: 20_000 }).toContain('Reconnecting…');
  await expect(state).toHaveText('Live', { timeout: 20_000 });
  const resumed = await rowsText();
  await expect.poll(rowsText, { timeout: 20_000 }).not.toEqual(resumed);
});

test('a refused stream (maintenance) shows Delayed (polling) with why, and prices still refresh', async ({
  configure,
  openPage,
  sim,
}) => {
  sim.control.stream.maintenance(true);
  await configure();
  const panel = await openPage('sidepanel.html');
  const ftse = panel.locator(`[data-testid="panel-row"][data-epic="${FTSE}"]`);
  await expect(ftse).toBeVisible({ timeout: 20_000 });
  await expect(panel.getByTestId('stream-state')).toHaveText(
    'Delayed (polling): The streaming service is not taking connections',
    { timeout: 20_000 },
  );
  sim.control.setMarket(FTSE, { bid: 9000, offer: 9001 });
  await expect(ftse).toContainText('9,000.0', { timeout: 20_000 });
});

test('a price alert fires from a streamed price with no page open', async ({
  configure,
  openPage,
  sim,
  serviceWorker,
}) => {
  await configure();
  const popup = await openPage(`popup.html?epic=${FTSE}`);
  await expect(popup.getByRole('heading', { name: /FTSE 100/ })).toBeVisible();
  const { level } = await alertAboveMid(popup, EURUSD);
  await popup.close();

  // No page open: the stream still carries the alert's market.
  await expect.poll(() => streamedEpics(sim).has(EURUSD), { timeout: 20_000 }).toBe(true);
  const from = sim.control.requestLog().length;
  sim.control.setMarket(EURUSD, { bid: level + 0.001, offer: level + 0.0012 });
  await expect.poll(() => notifications(serviceWorker), { timeout: 20_000 }).toHaveLength(1);
  expect(marketPolls(sim, from)).toEqual([]);
});

test("a deal made outside Marketside appears in positions from the stream's OPU, without a positions poll", async ({
  configure,
  openPage,
  sim,
}) => {
  await configure();
  const panel = await openPage('sidepanel.html');
  // Live before the positions view reads its lists: the background keeps lists read while the stream is live
  // (lib/background/account/account-live.ts) and forgets one read before, which the OPU would then rightly read again.
  await expect(panel.getByTestId('stream-state')).toHaveText('Live', { timeout: 20_000 });
  await panel.getByRole('button', { name: 'Positions', exact: true }).click();
  await expect(panel.getByRole('heading', { name: 'Positions' })).toBeVisible();
  await expect(panel.getByTestId('stream-state')).toHaveText('Live', { timeout: 20_000 });
  await expect
    .poll(() => sim.control.requestLog().some((r) => r.path === '/positions'), { timeout: 20_000 })
    .toBe(true);
  const rows = panel.getByTestId('panel-position');
  // The list from that read is on screen: its table, or the word that there is none.
  await expect(
    panel.getByRole('table', { name: 'Open positions' }).or(panel.getByText('No open positions.')),
  ).toBeVisible({ timeout: 20_000 });
  const before = await rows.count();

  // As if on IG's own platform: a REST deal the extension did not make, at a price held still.
  sim.control.setMarket('CS.D.EURUSD.CFD.IP', { bid: 1.1, offer: 1.1002 });
  const from = sim.control.requestLog().length;
  const platform = new TestClient(sim);
  await platform.loginV2();
  const deal = await platform.post(
    '/positions/otc',
    {
      epic: 'CS.D.EURUSD.CFD.IP',
      expiry: '-',
      direction: 'SELL',
      size: 2,
      orderType: 'MARKET',
      currencyCode: 'USD',
      forceOpen: true,
      guaranteedStop: false,
      dealReference: 'E2E-OPU-1',
    },
    { version: 2 },
  );
  expect(deal.status).toBe(200);
  await expect(rows).toHaveCount(before + 1, { timeout: 20_000 });
  await expect(rows.filter({ hasText: 'EUR/USD' })).toHaveCount(1);
  // Its P&L is money in the position's currency (contract size from the market's cached details), not points:
  // sold 2 at the bid of 1.1, valued at the offer 1.1002, 100,000 a contract, as the simulator reckons it.
  const cfd = new Universe(42, sim.control.now()).markets.find((m) => m.epic === 'CS.D.EURUSD.CFD.IP');
  const opened = sim.control.state().positions.find((p) => p.dealReference === 'E2E-OPU-1');
  expect(cfd && opened).toBeTruthy();
  const expected = profit(cfd!, 'CFD', 'USD', 'SELL', 2, opened!.level, 1.1002);
  expect(expected).toBeLessThan(-1);
  // (the account is in EUR: the row's figure in USD is the one under its EUR conversion).
  await expect(rows.filter({ hasText: 'EUR/USD' }).getByTestId('position-pnl-own')).toHaveText(
    `${formatChange(expected, 2)} USD`,
    { timeout: 20_000 },
  );
  const polls = sim.control
    .requestLog()
    .slice(from)
    .filter((r) => r.method === 'GET' && r.path.startsWith('/positions'));
  expect(polls).toEqual([]);
});

test("the popup's market and the toolbar badge's pinned market move with the stream, with no price poll", async ({
  configure,
  openPage,
  sim,
  serviceWorker,
}) => {
  await configure();
  const popup = await openPage(`popup.html?epic=${EURUSD}`);
  const prices = popup.getByTestId('popup-market').locator('.market__prices');
  await expect(prices).toContainText(/Bid\s*\d\.\d{4}/);
  await ask(popup, 'badge.pin', { epic: EURUSD });
  await expect.poll(() => badgeText(serviceWorker), { timeout: 15_000 }).not.toBe('');
  await expect.poll(() => streamedEpics(sim).has(EURUSD), { timeout: 20_000 }).toBe(true);
  const badgeBefore = await badgeText(serviceWorker);

  const [quote] = await ask<{ value: { bid: number } }[]>(popup, 'markets.quotes', { epics: [EURUSD] });
  const bid = Number(((quote?.value.bid ?? 1) * 1.2).toFixed(4));
  const from = sim.control.requestLog().length;
  sim.control.setMarket(EURUSD, { bid, offer: Number((bid + 0.0002).toFixed(4)) });
  await expect(prices).toContainText(bid.toFixed(4), { timeout: 15_000 });
  await expect.poll(() => badgeText(serviceWorker), { timeout: 15_000 }).not.toBe(badgeBefore);
  expect(marketPolls(sim, from)).toEqual([]);
});
