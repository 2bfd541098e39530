// Every price at IG's precision in the built extension: a 5-decimal (EUR/USD) and a 3-decimal (USD/JPY)
// market, held at prices whose last digit is 0 (which JSON sends without it: 1.15400 as 1.154), read the
// same, to the last decimal, in the watchlist row, the market detail and the popup.
import { showWatchlist } from './extension-calls';
import { expect, test } from './harness';

const MARKETS = [
  { epic: 'CS.D.EURUSD.CFD.IP', bid: 1.154, offer: 1.1541, shown: ['1.15400', '1.15410'] },
  { epic: 'CS.D.USDJPY.CFD.IP', bid: 150.2, offer: 150.21, shown: ['150.200', '150.210'] },
];

test('a 5- and a 3-decimal market show their full precision alike in the watchlist, the detail and the popup', async ({
  configure,
  openPage,
  sim,
  capture,
}) => {
  test.setTimeout(90_000);
  for (const m of MARKETS) sim.control.setMarket(m.epic, { bid: m.bid, offer: m.offer });
  await configure();
  const panel = await openPage('sidepanel.html');
  await expect(panel.getByTestId('panel-account')).toContainText(/\S/);
  await showWatchlist(
    panel,
    'Precision',
    MARKETS.map((m) => m.epic),
  );

  for (const m of MARKETS) {
    const row = panel.locator(`[data-testid="panel-row"][data-epic="${m.epic}"]`);
    await expect(row.locator('.wl-bid')).toHaveText(m.shown[0]!, { timeout: 20_000 });
    await expect(row.locator('.wl-offer')).toHaveText(m.shown[1]!);
  }
  await capture(panel, 'precision-watchlist');

  for (const m of MARKETS) {
    await panel.locator(`[data-testid="panel-row"][data-epic="${m.epic}"] .wl-name button`).click();
    await expect(panel.getByTestId('panel-detail-bid')).toHaveText(m.shown[0]!, { timeout: 20_000 });
    await expect(panel.getByTestId('panel-detail-offer')).toHaveText(m.shown[1]!);
    await panel.getByRole('button', { name: 'Back' }).click();
    await expect(panel.getByTestId('panel-row').first()).toBeVisible();
  }

  for (const m of MARKETS) {
    const popup = await openPage(`popup.html?epic=${m.epic}`);
    const prices = popup.getByTestId('popup-market').locator('.market__prices');
    await expect(prices.getByText('Bid').locator('xpath=following-sibling::dd')).toHaveText(m.shown[0]!, {
      timeout: 20_000,
    });
    await expect(prices.getByText('Offer').locator('xpath=following-sibling::dd')).toHaveText(m.shown[1]!);
    await popup.close();
  }
});
