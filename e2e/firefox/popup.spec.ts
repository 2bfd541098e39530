// The popup's quick lookup in Firefox (the toolbar popup's page, opened as a tab at the popup's size).
import { EURUSD, PRICE_FX, SENTIMENT_LABEL } from '../journeys/data';
import { byRole, byTestId } from '../journeys/driver';
import { expect, test } from './harness';

test('look a market up by name: results with prices, then the market with bid, offer and sentiment', async ({
  connect,
  openPage,
  capture,
}) => {
  await connect();
  const popup = await openPage('popup.html');
  const search = byRole('combobox', 'Search markets');
  await popup.fill(search, 'EUR/USD');
  const result = { css: `[data-testid="popup-result"][data-epic="${EURUSD}"]` };
  await popup.expectText(result, 'EUR/USD');
  await popup.expectText(result, PRICE_FX);
  await capture(popup, 'popup-results');

  await popup.click(result);
  const market = byTestId('popup-market');
  await popup.expectText({ css: 'h1', within: 'popup-market' }, 'EUR/USD');
  await popup.expectText({ css: '.market__prices', within: 'popup-market' }, /Bid\s*\d\.\d{4}/);
  await popup.expectText({ css: '.market__prices', within: 'popup-market' }, /Offer\s*\d\.\d{4}/);
  const sentiment = await popup.find({ css: '[role="img"][aria-label^="Clients"]', within: 'popup-market' });
  expect(await sentiment.evaluate((e) => e.getAttribute('aria-label'))).toMatch(SENTIMENT_LABEL);
  await popup.expectCount(market, 1);
  await capture(popup, 'popup-market');
});
