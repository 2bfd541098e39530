// The account's history after real dealing through the extension: a position opened from the ticket,
// amended and closed, a working order created, amended and deleted; History then shows each event, the
// round trip linked, the realised P&L equal to the simulator's balance change, and exports it as CSV.
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { grantDemoPermit, openMarket } from './dealing-steps';
import { expect, test } from './harness';
import { EURUSD } from './journeys/data';
import { playwrightPage } from './journeys/playwright-page';
import { ask, quoteAndPlace } from './journeys/steps';

interface Outcome {
  status: string;
  dealId?: string;
  level?: number | null;
}

test('History after dealing: every event, the round trip linked, realised P&L equal to the balance change, CSV export', async ({
  configure,
  context,
  openPage,
  sim,
  capture,
}) => {
  await configure();
  await grantDemoPermit(openPage);
  const balanceOf = async () =>
    (await sim.control.state()).accounts.find((a) => a.accountId === 'SIMCFD1')?.balance ?? Number.NaN;
  const start = await balanceOf();

  const panel = await openMarket(context, openPage, EURUSD);
  await expect(panel.getByTestId('deal-ticket')).toBeVisible();
  await quoteAndPlace(playwrightPage(panel), '1');
  await expect(panel.getByTestId('deal-ticket').getByTestId('deal-outcome')).toContainText('Deal accepted');
  const [position] = (await sim.control.state()).positions as { dealId: string; level: number }[];
  if (!position) throw new Error('no position opened');
  const page = playwrightPage(panel);
  const step = () => sim.control.advanceClock(2000);

  step();
  const amended = await ask<Outcome>(page, 'positions.amend', {
    dealId: position.dealId,
    stopLevel: null,
    limitLevel: Math.round((position.level + 0.05) * 1e5) / 1e5,
  });
  expect(amended.status).toBe('accepted');
  step();
  const quote = await ask<{ quoteReference: string }>(page, 'positions.quoteClose', { dealId: position.dealId });
  const closed = await ask<Outcome>(page, 'positions.close', {
    dealId: position.dealId,
    quoteReference: quote.quoteReference,
  });
  expect(closed.status).toBe('accepted');
  step();
  const order = await ask<Outcome>(page, 'workingOrders.create', {
    epic: EURUSD,
    direction: 'BUY',
    size: 1,
    type: 'LIMIT',
    level: Math.round((position.level - 0.01) * 1e5) / 1e5,
    currencyCode: 'USD',
    requestId: 'MS-HISTORY-ORDER',
  });
  expect(order.status).toBe('accepted');
  step();
  const orderId = ((await sim.control.state()).workingOrders as { dealId: string }[])[0]?.dealId ?? '';
  expect(
    (
      await ask<Outcome>(page, 'workingOrders.amend', {
        dealId: orderId,
        level: Math.round((position.level - 0.02) * 1e5) / 1e5,
        type: 'LIMIT',
      })
    ).status,
  ).toBe('accepted');
  step();
  expect((await ask<Outcome>(page, 'workingOrders.delete', { dealId: orderId })).status).toBe('accepted');
  const change = Math.round(((await balanceOf()) - start) * 100) / 100;

  await panel.getByRole('button', { name: 'History', exact: true }).first().click();
  const view = panel.getByTestId('history-view');
  await expect(view.getByTestId('history-transaction')).toHaveCount(2);
  await expect(view.getByTestId('history-trades')).toHaveText('1');
  const realised = await view.getByTestId('history-realised').textContent();
  expect(Number((realised ?? '').replace(/[^\d.-]/g, ''))).toBe(change);
  await expect(view.getByTestId('history-linked')).toHaveText(new RegExp(`^${position.dealId} → DIAAAA\\w+$`));
  await capture(panel, 'history-transactions');

  await view.getByRole('tab', { name: 'Activity' }).click();
  const rows = view.getByTestId('history-activity-row');
  await expect(rows).toHaveCount(6);
  for (const text of [
    'Working order deleted',
    'Working order amended',
    'Working order opened',
    'Position/s closed',
    'Limit/stop amended',
    'Position opened',
  ])
    await expect(view.getByText(new RegExp(text)).first()).toBeVisible();

  // Reopened: served from the cache, no request to the service.
  const before = sim.control.requestLog().filter((r) => r.path.startsWith('/history/')).length;
  await panel.getByRole('button', { name: 'Positions', exact: true }).click();
  await panel.getByRole('button', { name: 'History', exact: true }).first().click();
  await expect(view.getByTestId('history-transaction')).toHaveCount(2);
  expect(sim.control.requestLog().filter((r) => r.path.startsWith('/history/')).length).toBe(before);

  const [download] = await Promise.all([panel.waitForEvent('download'), view.getByTestId('history-export').click()]);
  const csv = await readFile((await download.path()) ?? '', 'utf8');
  const parsed = Papa.parse<Record<string, string | number>>(csv, { header: true, dynamicTyping: true });
  const deal = parsed.data.find((r) => r.type === 'DEAL');
  expect(deal).toMatchObject({ pnl: change, open_deal_id: position.dealId, link: 'linked' });
  expect(csv).toMatch(/\r\n\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z,DEAL,/);
  expect(parsed.data.find((r) => r.type === 'DEPO')).toMatchObject({ pnl: 10000 });
});
