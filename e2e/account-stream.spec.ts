// The account summary and positions' profit and loss while streaming: the built extension in Chromium,
// the simulated service's ACCOUNT and PRICE items through the offscreen document. After the first reads,
// a price move and a deal made outside Marketside change the funds and a position's P&L on screen with
// no GET /accounts and no GET /positions in the service's log. The positions' P&L is shown in the account's
// currency at IG's rate (the market details'), and its total is the account's P&L the service streams.
import { profit } from '../sim/money';
import { Universe } from '../sim/universe';
import { TestClient } from '../tests/sim/helpers';
import { expect, type SimHandle, test } from './harness';

const EURUSD = 'CS.D.EURUSD.CFD.IP';

/** "+1,234.56 USD" / "−0.50 EUR" as a number and its currency. */
function money(text: string | null): { amount: number; currency: string } {
  const m = /^([+−]?)([\d,]+\.\d\d) ([A-Z]{3})$/.exec(text ?? '');
  if (!m) throw new Error(`not a money figure: ${text}`);
  return { amount: (m[1] === '−' ? -1 : 1) * Number(m[2]!.replace(/,/g, '')), currency: m[3]! };
}

/** The simulator's own profit of each open EUR/USD position at this bid/offer, in `currency`. */
function simProfits(sim: SimHandle, bid: number, offer: number, currency: string): Map<string, number> {
  const market = new Universe(42, sim.control.now()).markets.find((m) => m.epic === EURUSD);
  if (!market) throw new Error('no EUR/USD in the simulated universe');
  const account = sim.control.state().accounts.find((a) => a.accountType === 'CFD');
  const out = new Map<string, number>();
  for (const p of sim.control.state().positions.filter((x) => x.epic === EURUSD && x.accountId === account?.accountId))
    out.set(
      p.direction,
      profit(market, 'CFD', currency, p.direction, p.size, p.level, p.direction === 'BUY' ? bid : offer),
    );
  return out;
}

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

  // The USD position converts into the account's currency at IG's rate, read with the market's details.
  const rates = panel.getByTestId('positions-rates');
  await expect(rates).toHaveText(/^1 [A-Z]{3} = [\d.]+ USD · IG's rate, /, { timeout: 20_000 });

  const from = sim.control.requestLog().length;
  const cells = row.locator('td');
  const usdOf = (cell: ReturnType<typeof cells.nth>) => cell.getByTestId('position-pnl-own');
  const level = Number((await cells.nth(2).textContent())?.replace(/,/g, ''));
  expect(level).toBeGreaterThan(0);
  const rowPnl = await cells.nth(4).textContent();
  const fundsPnl = await figure('Profit/loss').textContent();
  const margin = await figure('Margin').textContent();

  // The market jumps well above the position's level: its P&L and the account's move with the stream.
  const bid = Math.round(level * 1.05 * 10_000) / 10_000;
  const offer = bid + 0.0002;
  sim.control.setMarket(EURUSD, { bid, offer });
  await expect(cells.nth(4)).not.toHaveText(rowPnl ?? '', { timeout: 20_000 });
  await expect(usdOf(cells.nth(4))).toHaveText(/^\+[\d,]+\.\d\d USD$/);
  await expect(figure('Profit/loss')).not.toHaveText(fundsPnl ?? '', { timeout: 20_000 });
  await expect(figure('Profit/loss')).toHaveText(/^\+/);
  // The row is the money IG would show: the simulator's own profit for it in the position's currency (USD)
  // and, converted, in the account's, which is the account's P&L.
  const buyUsd = simProfits(sim, bid, offer, 'USD').get('BUY') ?? Number.NaN;
  await expect
    .poll(async () => money(await usdOf(cells.nth(4)).textContent()).amount, { timeout: 20_000 })
    .toBe(buyUsd);
  const funds = money(await figure('Profit/loss').textContent());
  const inAccount = (cell: ReturnType<typeof cells.nth>) => cell.getByTestId('position-pnl');
  await expect
    .poll(async () => money(await inAccount(cells.nth(4)).textContent()), { timeout: 20_000 })
    .toEqual({ amount: simProfits(sim, bid, offer, funds.currency).get('BUY'), currency: funds.currency });
  const total = panel.getByTestId('positions-total');
  const sameAsAccount = async () => {
    const [shown, account] = [await total.textContent(), await figure('Profit/loss').textContent()];
    return shown === account ? 'same' : `total ${shown}, account ${account}`;
  };
  await expect(panel.locator('tfoot')).toContainText(`Total (${funds.currency})`);
  await expect.poll(sameAsAccount, { timeout: 20_000 }).toBe('same');

  // Another deal outside Marketside: its position appears and the margin in use grows.
  expect((await platform.post('/positions/otc', order('SELL', 3, 'E2E-FUNDS-2'), { version: 2 })).status).toBe(200);
  await expect(row).toHaveCount(2, { timeout: 20_000 });
  await expect(figure('Margin')).not.toHaveText(margin ?? '', { timeout: 20_000 });
  // The streamed position is valued like the first (same market), and the total in the account's currency
  // is the sum of both rows as the simulator converts them, the account's P&L.
  const usd = simProfits(sim, bid, offer, 'USD');
  const sell = row.filter({ hasText: 'Sell' }).locator('td').nth(4);
  await expect
    .poll(async () => money(await usdOf(sell).textContent()).amount, { timeout: 20_000 })
    .toBe(usd.get('SELL'));
  const converted = simProfits(sim, bid, offer, funds.currency);
  const totalInAccount = Math.round(((converted.get('BUY') ?? 0) + (converted.get('SELL') ?? 0)) * 100) / 100;
  await expect.poll(async () => money(await total.textContent()).amount, { timeout: 20_000 }).toBe(totalInAccount);
  await expect.poll(sameAsAccount, { timeout: 20_000 }).toBe('same');
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
