// Dealing from the side panel against the simulated service: nothing without a permit; with a demo
// permit the costs quote comes first, then the deal is opened and confirmed; rejections in plain words;
// a lost reply reconciled to exactly one position, across a closed panel and a restarted worker.
import type { Page } from '@playwright/test';
import { grantDemoPermit, openMarket } from './dealing-steps';
import { expect, type SimHandle, test } from './harness';
import { DEALING_PATHS, EURUSD } from './journeys/data';
import { playwrightPage } from './journeys/playwright-page';
import { expectDealingRefused, quoteAndPlace as place } from './journeys/steps';
import type { ExtensionGlobals } from './launch';

interface PageGlobals {
  chrome: ExtensionGlobals['chrome'] & { runtime: { sendMessage(message: unknown): Promise<unknown> } };
}

/** A message as the pages' messaging library sends it; the reply comes back as `{ res }`. */
function sendRaw(page: Page, type: string, data: unknown) {
  return page.evaluate(
    ([t, d]) =>
      (globalThis as unknown as PageGlobals).chrome.runtime.sendMessage({
        id: 1,
        type: t,
        data: d,
        timestamp: Date.now(),
      }),
    [type, data] as const,
  ) as Promise<{ res: { ok: boolean; error?: { kind: string } } }>;
}

const dealingRequests = (sim: SimHandle) => sim.control.requestLog().filter((r) => DEALING_PATHS.test(r.path));

async function quoteAndPlace(panel: Page, size: string) {
  await place(playwrightPage(panel), size);
  return panel.getByTestId('deal-ticket').getByTestId('deal-outcome');
}

test('without a permit no dealing control is shown and the background refuses dealing, sending nothing', async ({
  configure,
  context,
  openPage,
  sim,
}) => {
  await configure();
  const panel = await openMarket(context, openPage, EURUSD);
  await expect(panel.getByText(/Bid/).first()).toBeVisible();
  await expect(panel.getByTestId('deal-ticket')).toHaveCount(0);
  await expect(panel.getByTestId('dealing-permit-badge')).toHaveCount(0);

  await expectDealingRefused(playwrightPage(panel));
  expect(dealingRequests(sim)).toEqual([]);
  expect((await sim.control.state()).positions).toEqual([]);
});

test('a demo permit: the costs quote first, then a deal opened and confirmed; a rejection in plain words; revoked, dealing is gone', async ({
  configure,
  context,
  openPage,
  sim,
  capture,
}) => {
  await configure();
  const options = await grantDemoPermit(openPage);
  const panel = await openMarket(context, openPage, EURUSD);
  const ticket = panel.getByTestId('deal-ticket');
  await expect(ticket).toBeVisible();
  await expect(ticket.getByTestId('dealing-permit-badge')).toContainText('SIMCFD1');

  // The ticket catches a size below the minimum; nothing is sent.
  await ticket.getByLabel('Size').fill('0.1');
  await expect(ticket.getByTestId('deal-issues')).toContainText('The minimum size on this market is');
  await expect(ticket.getByRole('button', { name: 'Get costs quote' })).toBeDisabled();

  const outcome = await quoteAndPlace(panel, '1');
  await expect(outcome).toContainText(/Deal accepted at [\d.,]+, size 1\. Deal id \S+/);
  await capture(panel, 'dealing-accepted');
  const positions = (await sim.control.state()).positions as { epic: string; size: number }[];
  expect(positions).toHaveLength(1);
  expect(positions[0]).toMatchObject({ epic: EURUSD, size: 1 });

  // The service rejects a deal the account cannot fund.
  const rejected = await quoteAndPlace(panel, '5000');
  await expect(rejected).toHaveText('Deal rejected: There are not enough funds in the account for this deal.');
  expect((await sim.control.state()).positions).toHaveLength(1);

  // Revoked in the settings: the ticket disappears and the background refuses.
  await options.bringToFront();
  await options.getByRole('button', { name: 'Turn off dealing permit' }).click();
  await expect(options.getByTestId('options-permit-dealing').getByText('Off.')).toBeVisible();
  await expect(panel.getByTestId('deal-ticket')).toHaveCount(0);
  const before = dealingRequests(sim).length;
  const reply = await sendRaw(panel, 'deal.quoteOpen', {
    epic: EURUSD,
    direction: 'BUY',
    size: 1,
    orderType: 'MARKET',
    currencyCode: 'USD',
  });
  expect(reply.res).toMatchObject({ ok: false, error: { kind: 'permit-required' } });
  expect(dealingRequests(sim)).toHaveLength(before);
});

test('a lost reply: outcome unknown, dealing blocked, reconciled to exactly one position after the panel closed and the worker restarted', async ({
  configure,
  context,
  openPage,
  sim,
  capture,
  expectErrors,
}) => {
  expectErrors(/Failed to fetch|ERR_EMPTY_RESPONSE|ERR_CONNECTION|503/);
  await configure();
  await grantDemoPermit(openPage);
  const panel = await openMarket(context, openPage, EURUSD);
  await expect(panel.getByTestId('deal-ticket')).toBeVisible();

  // The deal executes but its reply is lost; the service then cannot answer for a while.
  sim.control.injectFault({ method: 'POST', path: '^/positions/otc$', action: { kind: 'drop-after' } });
  sim.control.injectFault({
    method: 'GET',
    path: '^/(confirms/.*|positions|working-orders)$',
    count: 10_000,
    action: { kind: 'error', status: 503, errorCode: 'system.error' },
  });
  const outcome = await quoteAndPlace(panel, '1');
  await expect(outcome).toContainText('Outcome unknown');

  // Blocked: the ticket will not quote, the settings show the banner.
  await expect(panel.getByTestId('deal-ticket').getByRole('button', { name: 'Get costs quote' })).toBeDisabled();
  const options = await openPage('options.html');
  await expect(options.getByTestId('dealing-lock-banner')).toContainText('the outcome of a deal is unknown');
  await capture(options, 'dealing-lock-banner');
  const refused = await sendRaw(options, 'deal.quoteOpen', {
    epic: EURUSD,
    direction: 'BUY',
    size: 1,
    orderType: 'MARKET',
    currencyCode: 'USD',
  });
  expect(refused.res).toMatchObject({ ok: false, error: { kind: 'locked' } });

  // Close everything and stop the worker: the lock is in storage.local.
  await panel.close();
  await options.close();
  const probe = await context.newPage();
  const cdp = await context.newCDPSession(probe);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await probe.close();

  // The service answers again; the restarted worker reconciles.
  sim.control.clearFaults();
  const again = await openPage('options.html');
  const settled = again.getByTestId('dealing-settled-banner');
  await expect(settled).toBeVisible({ timeout: 20_000 });
  await expect(again.getByTestId('dealing-lock-banner')).toHaveCount(0);
  await capture(again, 'dealing-reconciled');
  await expect(settled).toContainText(`The deal on ${EURUSD} went through`);
  // One deal request, one position (however often the browser put the request on the wire).
  const positions = (await sim.control.state()).positions as { epic: string; dealReference: string }[];
  expect(positions.map((p) => p.epic)).toEqual([EURUSD]);
});
