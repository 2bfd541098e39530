// Switching account in the settings while the side panel streams: the built extension in Chromium against
// the simulated service, whose two accounts hold different positions and funds. The panel shows the first
// account's figures, then the second's once switched, and at no point (every change of its page is
// watched) the first account's figures under the second's name, or the reverse. The stream ends up on the
// new account only.
import { marketOrder, TestClient } from '../tests/sim/helpers';
import { expect, test } from './harness';

const A = 'SIMCFD1';
const B = 'SIMSPB1';

interface Seen {
  account: string;
  balance: string | null;
  rows: string[];
}

test("after a switch of account the side panel shows the new account's funds and positions, never the old one's under its name", async ({
  configure,
  openPage,
  sim,
}) => {
  // Each account holds a position of its own, opened as if on IG's platform.
  const platform = new TestClient(sim);
  await platform.loginV2();
  const eurusd = { epic: 'CS.D.EURUSD.CFD.IP', currencyCode: 'USD', dealReference: 'E2E-SWITCH-A' };
  expect((await platform.post('/positions/otc', marketOrder(eurusd), { version: 2 })).status).toBe(200);
  const sw = await platform.put('/session', { accountId: B });
  platform.headers['X-SECURITY-TOKEN'] = sw.headers.get('x-security-token') ?? '';
  const ftse = { expiry: 'DFB', size: 2, dealReference: 'E2E-SWITCH-B' };
  expect((await platform.post('/positions/otc', marketOrder(ftse), { version: 2 })).status).toBe(200);

  await configure();
  const options = await openPage('options.html');
  await options.getByRole('button', { name: 'Check' }).click();
  await expect(options.getByTestId('options-active-account')).toHaveText(A);

  const panel = await openPage('sidepanel.html');
  await expect(panel.getByTestId('stream-state')).toHaveText('Live');
  await panel.getByRole('button', { name: 'Positions', exact: true }).click();
  const summary = panel.getByTestId('account-summary');
  const rows = panel.getByTestId('panel-position');
  await expect(panel.getByTestId('panel-account')).toContainText(A);
  await expect(summary.getByTestId('funds-Balance')).toHaveText('10,000.00 EUR');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('EUR/USD');

  // From here every state of the page is recorded, as the DOM changes (before it is painted).
  await panel.evaluate(() => {
    const seen: Seen[] = [];
    (window as unknown as { seen: Seen[] }).seen = seen;
    const record = () => {
      const now: Seen = {
        account: document.querySelector('[data-testid="panel-account"]')?.textContent ?? '',
        balance: document.querySelector('[data-testid="funds-Balance"]')?.textContent ?? null,
        rows: [...document.querySelectorAll('[data-testid="panel-position"]')].map((r) => r.textContent ?? ''),
      };
      if (JSON.stringify(now) !== JSON.stringify(seen.at(-1))) seen.push(now);
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true });
    record();
  });

  await options.getByRole('button', { name: `Switch to account ${B}` }).click();
  await expect(options.getByTestId('options-active-account')).toHaveText(B);

  await expect(panel.getByTestId('panel-account')).toContainText(B);
  await expect(summary.getByTestId('funds-Balance')).toHaveText('2,500.00 GBP');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('FTSE 100');
  await expect(summary.getByTestId('funds-age')).toHaveText('Live');

  // The stream runs on the new account alone: its session and items name it.
  const sessions = sim.control.stream.state().sessions;
  expect(sessions.map((s) => s.accountId)).toEqual([B]);
  const items = sessions.flatMap((s) => s.subscriptions.flatMap((x) => x.items));
  expect(items).toEqual(expect.arrayContaining([`ACCOUNT:${B}`, `TRADE:${B}`]));
  expect(items.filter((i) => i.includes(A))).toEqual([]);

  const seen = await panel.evaluate(() => (window as unknown as { seen: Seen[] }).seen);
  const underB = seen.filter((s) => s.account.includes(B));
  const underA = seen.filter((s) => s.account.includes(A));
  expect(underB.length).toBeGreaterThan(0);
  expect(underB.filter((s) => s.balance === '10,000.00 EUR' || s.rows.some((r) => r.includes('EUR/USD')))).toEqual([]);
  expect(underA.filter((s) => s.balance === '2,500.00 GBP' || s.rows.some((r) => r.includes('FTSE 100')))).toEqual([]);
});
