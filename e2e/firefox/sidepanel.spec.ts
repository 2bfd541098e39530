// The side panel in Firefox (the sidebar's page, opened as a tab at the sidebar's size): the watchlist
// with prices and sentiment and a market's detail with its chart and sentiment; a list created and edited by name.
import { DETAIL, MY_WATCHLIST, NEW_LIST, PRICE_FX, SENTIMENT_LABEL } from '../journeys/data';
import { byRole, byTestId } from '../journeys/driver';
import { addMarket, createWatchlist, removeMarket } from '../journeys/steps';
import { expect, test } from './harness';

const row = byTestId('panel-row');

test('the side panel shows the watchlist with prices and sentiment, and a market with its chart and sentiment', async ({
  connect,
  openPage,
  capture,
}) => {
  await connect();
  const panel = await openPage('sidepanel.html');
  await panel.expectText(byTestId('panel-account'), /\S/);
  await panel.expectText({ css: 'select option:checked' }, MY_WATCHLIST.name);
  await panel.expectCount(row, MY_WATCHLIST.rows);
  // Every row has its price and the clients' long/short split.
  await panel.expectCount({ css: '[data-testid="panel-row"] [role="img"][aria-label^="Clients "]' }, MY_WATCHLIST.rows);
  const labels = await panel.attributes({ css: '[data-testid="panel-row"] [role="img"]' }, 'aria-label');
  expect(labels.filter((l) => SENTIMENT_LABEL.test(l ?? ''))).toHaveLength(MY_WATCHLIST.rows);
  for (let i = 0; i < MY_WATCHLIST.rows; i++)
    await panel.expectText({ css: `[data-testid="panel-row"]:nth-child(${i + 1})` }, /\d[\d,]*\.\d+/);
  await capture(panel, 'sidepanel-watchlist');

  // A market opens from its row.
  await panel.click(byRole('button', DETAIL.button));
  await panel.expectText({ css: 'h2' }, DETAIL.button);
  await panel.expectText(byTestId('panel-detail-bid'), PRICE_FX);
  // The chart, drawn by the lazily loaded charting library, with values in its legend.
  await panel.expectCount({ css: `figure[aria-label="Price chart of ${DETAIL.button}, 1 hour bars"]` }, 1);
  const canvas = await panel.find({ css: 'figure[aria-label^="Price chart of"] canvas' });
  expect(await canvas.evaluate((c) => (c as HTMLCanvasElement).width)).toBeGreaterThan(0);
  await panel.expectText(byTestId('panel-chart-legend'), /C \d\.\d{4}/);
  // Sentiment now, and its trend.
  const now = await panel.find({ css: '[data-testid="panel-sentiment-now"] [role="img"]' });
  expect(await now.evaluate((e) => e.getAttribute('aria-label'))).toMatch(SENTIMENT_LABEL);
  await panel.expectCount(byTestId('panel-sentiment-trend'), 1);
  await capture(panel, 'sidepanel-market');
});

test('create a watchlist, add markets by name, remove one: the service has them', async ({
  connect,
  openPage,
  sim,
}) => {
  await connect();
  const panel = await openPage('sidepanel.html');
  await panel.expectCount(row, MY_WATCHLIST.rows);

  await createWatchlist(panel, NEW_LIST.name);
  const created = (await sim.control.state()).watchlists.find((w) => w.name === NEW_LIST.name);
  expect(created?.epics).toEqual([]);

  for (const add of NEW_LIST.adds) await addMarket(panel, NEW_LIST.name, add.term, add.name);
  await panel.expectCount(row, NEW_LIST.adds.length);
  const afterAdds = (await sim.control.state()).watchlists.find((w) => w.id === created?.id);
  expect(new Set(afterAdds?.epics)).toEqual(new Set(NEW_LIST.adds.map((a) => a.epic)));

  await removeMarket(panel, NEW_LIST.name, NEW_LIST.removes.name);
  await panel.expectCount(row, NEW_LIST.adds.length - 1);
  await panel.expectCount({ css: `[data-testid="panel-row"][data-epic="${NEW_LIST.removes.epic}"]` }, 0);
  const afterRemove = (await sim.control.state()).watchlists.find((w) => w.id === created?.id);
  expect(afterRemove?.epics).not.toContain(NEW_LIST.removes.epic);
  expect(afterRemove?.epics).toHaveLength(NEW_LIST.adds.length - 1);
});
