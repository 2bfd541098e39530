// Price alerts end to end: an alert set on a market that no page shows fires a browser notification
// when the simulated price crosses it (the refresh engine fetches alert markets with what pages watch),
// fires once, and clicking the notification opens the market in the side panel.
import type { Worker } from '@playwright/test';
import type { AlertRule } from '../lib/model';
import { alertAboveMid, ask, notifications } from './extension-calls';
import { expect, type SimHandle, test } from './harness';
import { EURUSD_MINI as EURUSD, FTSE } from './journeys/data';
import { setPrefs } from './launch';

interface Chrome {
  chrome: {
    runtime: {
      sendMessage(message: unknown): Promise<{ res: unknown }>;
      getContexts(filter: { contextTypes: string[] }): Promise<unknown[]>;
    };
    notifications: {
      getAll(): Promise<Record<string, boolean>>;
      onClicked: { dispatch(id: string): void };
    };
    storage: {
      local: { get(key: string): Promise<Record<string, unknown>> };
      session: { get(key: string): Promise<Record<string, unknown>> };
    };
  };
}

/** Price reads of `epic` at the service so far. */
function priceReads(sim: SimHandle, epic: string): number {
  return sim.control
    .requestLog()
    .filter(
      (e) =>
        e.method === 'GET' &&
        (e.path === `/markets/${epic}` || (e.path === '/markets' && (e.query.epics ?? '').split(',').includes(epic))),
    ).length;
}

/**
 * Waits until the service has been asked for `epic` `times` more times. The engine checks the alerts
 * on what one refresh read before it starts the next, so two reads mean one refresh fully checked.
 */
async function readsOf(sim: SimHandle, epic: string, times: number): Promise<void> {
  const start = priceReads(sim, epic);
  await expect.poll(() => priceReads(sim, epic), { timeout: 45_000 }).toBeGreaterThanOrEqual(start + times);
}

async function storedAlerts(worker: Worker): Promise<AlertRule[]> {
  return worker.evaluate(
    async () =>
      ((await (globalThis as unknown as Chrome).chrome.storage.local.get('alerts')).alerts ?? []) as AlertRule[],
  );
}

// Alerts from polled prices, the fallback when the stream is refused (e2e/stream.spec.ts has them fire from
// streamed ticks): the simulated stream refuses sessions, so the engine polls and the reads can be counted.
// Prices every 2 s while a page is open (the default is 5), as a trader may set it, so that refreshes come sooner:
// the engine's share of the allowance makes it one read about every 3.4 s (lib/engine/cadence.ts).
test.beforeEach(async ({ sim, serviceWorker }) => {
  sim.control.stream.maintenance(true);
  await setPrefs(serviceWorker, { priceRefreshSec: 2 });
});

test('an alert fires one notification when the price crosses it, and the click opens the market', async ({
  configure,
  openPage,
  sim,
  serviceWorker,
  context,
}) => {
  await configure();
  // A visible page keeps the refresh engine at the price cadence; it shows FTSE, not the alert's market.
  const popup = await openPage(`popup.html?epic=${FTSE}`);
  await expect(popup.getByRole('heading', { name: /FTSE 100/ })).toBeVisible();

  const { level, created } = await alertAboveMid<AlertRule>(popup, EURUSD);
  expect(created).toMatchObject({ epic: EURUSD, armed: true, instrumentName: expect.stringContaining('EUR/USD') });

  // Below the level: refreshes of the market go by and nothing fires.
  await readsOf(sim, EURUSD, 2);
  expect(await notifications(serviceWorker)).toEqual([]);

  sim.control.setMarket(EURUSD, { bid: level + 0.001, offer: level + 0.0012 });
  await expect.poll(() => notifications(serviceWorker), { timeout: 20_000 }).toHaveLength(1);
  const [id] = await notifications(serviceWorker);
  expect(id).toContain(`|${EURUSD}|${created.id}|`);
  const [fired] = await storedAlerts(serviceWorker);
  expect(fired).toMatchObject({ id: created.id, armed: false, firedAt: expect.any(Number) });

  // Fires once: later refreshes through the level add nothing (the popup's market keeps them going).
  await readsOf(sim, FTSE, 2);
  expect(await notifications(serviceWorker)).toHaveLength(1);

  // The click, dispatched to the worker's own listener. Without a real user gesture Chromium usually
  // refuses the side panel, and the panel page opens in a tab instead; either way it shows the market.
  await serviceWorker.evaluate(
    (nid) => (globalThis as unknown as Chrome).chrome.notifications.onClicked.dispatch(nid),
    id as string,
  );
  const panelTab = () => context.pages().find((p) => p.url().endsWith('/sidepanel.html'));
  const sidePanels = () =>
    serviceWorker.evaluate(
      async () =>
        (await (globalThis as unknown as Chrome).chrome.runtime.getContexts({ contextTypes: ['SIDE_PANEL'] })).length,
    );
  await expect.poll(async () => Boolean(panelTab()) || (await sidePanels()) > 0, { timeout: 15_000 }).toBe(true);
  const route = await serviceWorker.evaluate(
    async () => (await (globalThis as unknown as Chrome).chrome.storage.session.get('sidepanelRoute')).sidepanelRoute,
  );
  expect(route).toMatchObject({ view: 'market', epic: EURUSD });
  const panel = panelTab();
  if (panel) await expect(panel.getByRole('heading', { name: /EUR\/USD/ }).first()).toBeVisible();
  await expect.poll(() => notifications(serviceWorker)).toEqual([]);

  // Re-armed, it can fire again.
  const rearmed = await ask<AlertRule>(popup, 'alerts.rearm', { id: created.id });
  expect(rearmed).toMatchObject({ armed: true, firedAt: null });
  await expect.poll(() => notifications(serviceWorker), { timeout: 20_000 }).toHaveLength(1);
});

test('no alert fires while the market is closed, however far the price goes', async ({
  configure,
  openPage,
  sim,
  serviceWorker,
}) => {
  await configure();
  const popup = await openPage(`popup.html?epic=${FTSE}`);
  await expect(popup.getByRole('heading', { name: /FTSE 100/ })).toBeVisible();
  const created = await ask<AlertRule>(popup, 'alerts.create', { epic: EURUSD, kind: 'below', target: 0.5 });
  const before = priceReads(sim, EURUSD);
  sim.control.setMarket(EURUSD, { bid: 0.4, offer: 0.4002, marketStatus: 'CLOSED' });
  // The engine reads the market once more (and learns it is closed), then a refresh follows that checked it.
  await expect.poll(() => priceReads(sim, EURUSD), { timeout: 45_000 }).toBeGreaterThan(before);
  await readsOf(sim, FTSE, 2);
  expect(await notifications(serviceWorker)).toEqual([]);
  expect((await storedAlerts(serviceWorker))[0]).toMatchObject({ id: created.id, armed: true, firedAt: null });
});
