// Dealing in Firefox: without a permit no dealing control is shown and nothing reaches the service; with a
// demo permit the costs quote comes first, then the deal is placed and its confirmation shown.
import type { SimHandle } from '../harness';
import { DEALING_PATHS, EURUSD } from '../journeys/data';
import { byRole, byTestId, type JourneyPage } from '../journeys/driver';
import { expectDealingRefused, grantDemoPermit, quoteAndPlace } from '../journeys/steps';
import { expect, test } from './harness';

const dealingRequests = (sim: SimHandle) => sim.control.requestLog().filter((r) => DEALING_PATHS.test(r.path));

/** Routes the side panel to a market, as the popup does before it opens the sidebar. */
function routeToMarket(page: JourneyPage, epic: string): Promise<void> {
  return page.evaluate(
    (route) =>
      (
        globalThis as unknown as { browser: { storage: { session: { set(v: object): Promise<void> } } } }
      ).browser.storage.session.set({ sidepanelRoute: route }),
    { view: 'market', epic, at: Date.now() },
  );
}

test('dealing: without a permit no control and nothing sent; with a demo permit a quote, a deal and its confirmation', async ({
  connect,
  openPage,
  sim,
  capture,
}) => {
  const options = await connect();
  await routeToMarket(options, EURUSD);
  const panel = await openPage('sidepanel.html');
  await panel.expectText(byTestId('panel-detail-bid'), /\d/);
  await panel.expectCount(byTestId('deal-ticket'), 0);
  await panel.expectCount(byTestId('dealing-permit-badge'), 0);
  await expectDealingRefused(panel);
  expect(dealingRequests(sim)).toEqual([]);
  expect((await sim.control.state()).positions).toEqual([]);

  // Granted a demo permit in the settings, the open panel shows the ticket on the market.
  await grantDemoPermit(options);
  await panel.expectText(byTestId('dealing-permit-badge', 'deal-ticket'), 'SIMCFD1');
  await quoteAndPlace(panel, '1');
  await panel.expectText(byTestId('deal-outcome'), /Deal accepted at [\d.,]+, size 1\. Deal id \S+/);
  await capture(panel, 'dealing-accepted');
  const positions = (await sim.control.state()).positions as { epic: string; size: number }[];
  expect(positions).toHaveLength(1);
  expect(positions[0]).toMatchObject({ epic: EURUSD, size: 1 });
  const sent = dealingRequests(sim).map((r) => `${r.method} ${r.path.replace(/\/[^/]*$/, '/…')}`);
  expect(sent[0]).toMatch(/^POST \/indicativecostsandcharges/);
  expect(sent.filter((s) => s.startsWith('POST /positions'))).toHaveLength(1);
  expect(sent.some((s) => s.startsWith('GET /confirms'))).toBe(true);
  await panel.expectCount(byRole('button', 'Place deal', 'deal-ticket'), 1);
});
