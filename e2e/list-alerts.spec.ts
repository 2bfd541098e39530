// A list alert end to end: made from the watchlist with the keyboard (axe audits the form in
// e2e/accessibility.spec.ts, in its watchlist state), it watches
// every market of the list from the stream with no page open, fires one notification for the market
// whose day change crossed (not for the others), not again while it stays beyond, and the click opens
// that market.
import type { ListAlert } from '../lib/alerts/list-rules';
import { ask, notifications } from './extension-calls';
import { expect, test } from './harness';
import { EURUSD_MINI as EURUSD, FTSE } from './journeys/data';
import { marketPolls, streamedEpics } from './journeys/stream';

interface Chrome {
  chrome: {
    notifications: { onClicked: { dispatch(id: string): void } };
    storage: {
      local: { get(key: string): Promise<Record<string, unknown>> };
      session: { get(key: string): Promise<Record<string, unknown>> };
    };
  };
}

type Quote = { value: { epic: string; bid: number; offer: number; netChange: number; percentageChange: number } };

test('a list alert fires once for the market that crossed, from the stream with no page open; the click opens it', async ({
  configure,
  openPage,
  sim,
  serviceWorker,
}) => {
  await configure();
  const panel = await openPage('sidepanel.html');
  const list = await ask<{ id: string }>(panel, 'watchlists.create', { name: 'Movers', epics: [EURUSD, FTSE] });
  const quotes = await ask<Quote[]>(panel, 'markets.quotes', { epics: [EURUSD, FTSE] });
  const threshold = Math.ceil(Math.max(...quotes.map((q) => Math.abs(q.value.percentageChange))) + 1.5);

  // Made from the watchlist, with the keyboard only.
  await panel.reload();
  await panel.getByRole('combobox', { name: 'Watchlist' }).selectOption(list.id);
  const toggle = panel.getByRole('button', { name: 'List alert' });
  await toggle.focus();
  await panel.keyboard.press('Enter');
  const form = panel.getByRole('region', { name: 'Alerts on “Movers”' });
  await expect(form.getByText('No alert on this list yet.')).toBeVisible();
  await form.getByRole('combobox', { name: 'Condition' }).selectOption('day-change');
  const pct = form.getByRole('textbox', { name: 'Percent' });
  await pct.fill(String(threshold));
  await pct.press('Enter');
  await expect(form.getByTestId('list-alert')).toHaveText(new RegExp(`day change beyond ±${threshold}%`));
  await panel.close();

  // No page open: the stream carries the list's markets for the alert.
  await expect.poll(() => [EURUSD, FTSE].every((e) => streamedEpics(sim).has(e)), { timeout: 20_000 }).toBe(true);
  const from = sim.control.requestLog().length;
  const [eur, ftse] = quotes.map((q) => q.value) as [Quote['value'], Quote['value']];
  const beyond = (q: Quote['value'], pctMore: number) => {
    const mid = (q.bid + q.offer) / 2;
    const open = mid - q.netChange;
    const spread = q.offer - q.bid;
    const next = open * (1 + pctMore / 100);
    return { bid: next - spread / 2, offer: next + spread / 2 };
  };
  // FTSE held where it is; EUR/USD crosses the day change.
  sim.control.setMarket(FTSE, { bid: ftse.bid, offer: ftse.offer });
  sim.control.setMarket(EURUSD, beyond(eur, threshold + 0.5));
  await expect.poll(() => notifications(serviceWorker), { timeout: 20_000 }).toHaveLength(1);
  const [id] = await notifications(serviceWorker);
  expect(id).toContain(`|${EURUSD}|list-`);

  // Further beyond: nothing more. FTSE crossing afterwards proves that later tick was checked.
  sim.control.setMarket(EURUSD, beyond(eur, threshold + 0.8));
  sim.control.setMarket(FTSE, beyond(ftse, -(threshold + 0.5)));
  await expect.poll(() => notifications(serviceWorker), { timeout: 20_000 }).toHaveLength(2);
  const all = await notifications(serviceWorker);
  expect(all.filter((n) => n.includes(`|${EURUSD}|`))).toHaveLength(1);
  expect(marketPolls(sim, from)).toEqual([]);
  const stored = await serviceWorker.evaluate(
    async () =>
      (await (globalThis as unknown as Chrome).chrome.storage.local.get('listAlerts')).listAlerts as ListAlert[],
  );
  expect(stored[0]?.history.map((h) => h.epic)).toEqual([FTSE, EURUSD]);

  // The click opens the market that fired.
  await serviceWorker.evaluate(
    (nid) => (globalThis as unknown as Chrome).chrome.notifications.onClicked.dispatch(nid),
    id as string,
  );
  await expect
    .poll(
      async () =>
        (await serviceWorker.evaluate(
          async () =>
            (
              await (globalThis as unknown as Chrome).chrome.storage.session.get('sidepanelRoute')
            ).sidepanelRoute,
        )) as unknown,
      { timeout: 15_000 },
    )
    .toMatchObject({ view: 'market', epic: EURUSD });
});
