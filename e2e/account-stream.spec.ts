// The account summary and positions' profit and loss while streaming: the built extension in Chromium,
// the simulated service's ACCOUNT and PRICE items through the offscreen document. After the first reads,
// a price move and a deal made outside Marketside change the funds and a position's P&L on screen with
// no GET /accounts and no GET /positions in the service's log.
import { TestClient } from '../tests/sim/helpers';
import { expect, type SimHandle, test } from './harness';

const EURUSD = 'CS.D.EURUSD.CFD.IP';

const reads = (sim: SimHandle, from: number, path: string) =>
  sim.control
    .requestLog()
    .slice(from)
    .filter((r) => r.method === 'GET' && r.path === path);

const order = (direction: 'BUY' | 'SELL', size: number, dealReference: string) => ({
  epic: EURUSD,
  expiry: '-',
  direction,
  size,
  orderType: 'MARKET',
  currencyCode: 'USD',
  forceOpen: true,
  guaranteedStop: false,
  dealReference,
});

test("while streaming, the account's funds and a position's P&L move with ACCOUNT and prices, with no REST poll", async ({
  configure,
  openPage,
  sim,
  capture,
}) => {
  await configure();
  // A position opened as if on IG's own platform, before the panel opens.
  const platform = new TestClient(sim);
  await platform.loginV2();
  expect((await platform.post('/positions/otc', order('BUY', 2, 'E2E-FUNDS-1'), { version: 2 })).status).toBe(200);

  const panel = await openPage('sidepanel.html');
  await expect(panel.getByTestId('stream-state')).toHaveText('Live', { timeout: 20_000 });
  await panel.getByRole('button', { name: 'Positions', exact: true }).click();
  const row = panel.getByTestId('panel-position').filter({ hasText: 'EUR/USD' });
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  const summary = panel.getByTestId('account-summary');
  await expect(summary.getByTestId('funds-age')).toHaveText('Live', { timeout: 20_000 });
  const figure = (label: string) => summary.getByTestId(`funds-${label}`);
  // The account's currency, known from the one REST read.
  await expect(figure('Balance')).toHaveText(/^[\d,]+\.\d\d [A-Z]{3}$/, { timeout: 20_000 });
  expect(reads(sim, 0, '/accounts').length).toBeGreaterThan(0);
  expect(reads(sim, 0, '/positions').length).toBeGreaterThan(0);
  // The first reads end with the position's market: read once into the cache and subscribed on the stream.
  const log = () => sim.control.requestLog();
  await expect
    .poll(() => log().some((r) => r.method === 'GET' && r.path === '/markets' && r.query.epics?.includes(EURUSD)), {
      timeout: 20_000,
    })
    .toBe(true);
  await expect
    .poll(() => log().some((r) => r.path === '/lightstreamer/control' && r.query.LS_group?.includes(`:${EURUSD}`)), {
      timeout: 20_000,
    })
    .toBe(true);

  const from = sim.control.requestLog().length;
  const cells = row.locator('td');
  const level = Number((await cells.nth(2).textContent())?.replace(/,/g, ''));
  expect(level).toBeGreaterThan(0);
  const rowPnl = await cells.nth(4).textContent();
  const fundsPnl = await figure('Profit/loss').textContent();
  const margin = await figure('Margin').textContent();

  // The market jumps well above the position's level: its P&L and the account's move with the stream.
  const bid = Math.round(level * 1.05 * 10_000) / 10_000;
  sim.control.setMarket(EURUSD, { bid, offer: bid + 0.0002 });
  await expect(cells.nth(4)).not.toHaveText(rowPnl ?? '', { timeout: 20_000 });
  await expect(cells.nth(4)).toHaveText(/^\+/);
  await expect(figure('Profit/loss')).not.toHaveText(fundsPnl ?? '', { timeout: 20_000 });
  await expect(figure('Profit/loss')).toHaveText(/^\+/);
  await expect(panel.locator('tfoot')).toContainText('+');

  // Another deal outside Marketside: its position appears and the margin in use grows.
  expect((await platform.post('/positions/otc', order('SELL', 3, 'E2E-FUNDS-2'), { version: 2 })).status).toBe(200);
  await expect(row).toHaveCount(2, { timeout: 20_000 });
  await expect(figure('Margin')).not.toHaveText(margin ?? '', { timeout: 20_000 });
  await expect(summary.getByTestId('funds-age')).toHaveText('Live');
  await capture(panel, 'account-stream');

  expect(reads(sim, from, '/accounts')).toEqual([]);
  expect(reads(sim, from, '/positions')).toEqual([]);
  // The new prices came from the stream too, not from a market poll.
  const marketPolls = sim.control
    .requestLog()
    .slice(from)
    .filter((r) => r.method === 'GET' && r.path.startsWith('/markets'));
  expect(marketPolls).toEqual([]);
});
