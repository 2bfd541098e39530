// A price alert in Firefox: set on a market no page shows, it fires one notification when the simulated
// price crosses it, and only one however many refreshes follow.
import type { AlertRule, MarketQuote } from '../../lib/model';
import type { Prefs } from '../../lib/settings/registry';
import type { SimHandle } from '../harness';
import { EURUSD_MINI, FTSE } from '../journeys/data';
import type { JourneyPage } from '../journeys/driver';
import { ask } from '../journeys/steps';
import { expect, test } from './harness';

type Listener = (id: string) => void;
interface Firefox {
  browser: {
    notifications: Record<'onShown' | 'onClosed', { addListener(l: Listener): void }> & {
      getAll(): Promise<Record<string, unknown>>;
    };
    storage: { local: { get(key: string): Promise<Record<string, unknown>> } };
  };
  notified?: Set<string>;
}

/**
 * Starts counting the extension's notifications from this page. Headless Firefox has no alert service: a
 * notification is closed as soon as it is created, so it is seen through its `onShown`/`onClosed` events
 * (dispatched to every extension page) as well as `getAll()`.
 */
function watchNotifications(page: JourneyPage): Promise<void> {
  return page.evaluate(() => {
    const g = globalThis as unknown as Firefox;
    const seen = new Set<string>();
    g.notified = seen;
    g.browser.notifications.onShown.addListener((id) => seen.add(id));
    g.browser.notifications.onClosed.addListener((id) => seen.add(id));
  }, null);
}

const notifications = (page: JourneyPage) =>
  page.evaluate(async () => {
    const g = globalThis as unknown as Firefox;
    for (const id of Object.keys(await g.browser.notifications.getAll())) g.notified?.add(id);
    return [...(g.notified ?? [])];
  }, null);

const storedAlerts = (page: JourneyPage) =>
  page.evaluate(
    async () =>
      ((await (globalThis as unknown as Firefox).browser.storage.local.get('alerts')).alerts ?? []) as AlertRule[],
    null,
  );

/** Waits until the service has been asked for prices (of `epic`, when given) `n` more times: the refresh rounds. */
async function refreshes(sim: SimHandle, n: number, epic = ''): Promise<void> {
  const asked = () =>
    sim.control.requestLog().filter((r) => r.path === '/markets' && (r.query.epics ?? '').includes(epic)).length;
  const target = asked() + n;
  await expect.poll(asked, { timeout: 30_000 }).toBeGreaterThanOrEqual(target);
}

// From polled prices, the fallback when the stream is refused (e2e/firefox/stream.spec.ts has the popup's
// alert fire from a poll with no page open): the simulated stream refuses sessions, so the reads can be counted.
test('a price alert fires once when the price crosses it', async ({ connect, openPage, sim }) => {
  sim.control.stream.maintenance(true);
  const options = await connect();
  // Prices every 2 s while a page is open, as a trader may set it, so that refresh rounds come quickly.
  await options.fill({ css: '#pref-priceRefreshSec' }, '2');
  await expect
    .poll(() =>
      options.evaluate(
        async () =>
          ((await (globalThis as unknown as Firefox).browser.storage.local.get('prefs')).prefs as Prefs)
            ?.priceRefreshSec,
        null,
      ),
    )
    .toBe(2);
  // A visible page keeps the refresh engine at the price cadence; it shows FTSE, not the alert's market.
  const popup = await openPage(`popup.html?epic=${FTSE}`);
  await popup.expectText({ css: 'h1' }, 'FTSE 100');
  await watchNotifications(popup);

  const [quote] = await ask<{ value: MarketQuote }[]>(popup, 'markets.quotes', { epics: [EURUSD_MINI] });
  const mid = ((quote?.value.bid ?? 0) + (quote?.value.offer ?? 0)) / 2;
  const level = Number((mid * 1.01).toFixed(4));
  const created = await ask<AlertRule>(popup, 'alerts.create', { epic: EURUSD_MINI, kind: 'above', target: level });
  expect(created).toMatchObject({ epic: EURUSD_MINI, armed: true });

  // Below the level: a refresh of the market goes by and nothing fires.
  await refreshes(sim, 1, EURUSD_MINI);
  expect(await notifications(popup)).toEqual([]);
  expect((await storedAlerts(popup))[0]).toMatchObject({ id: created.id, armed: true, firedAt: null });

  sim.control.setMarket(EURUSD_MINI, { bid: level + 0.001, offer: level + 0.0012 });
  await expect.poll(() => notifications(popup), { timeout: 30_000 }).toHaveLength(1);
  const [id] = await notifications(popup);
  expect(id).toContain(`|${EURUSD_MINI}|${created.id}|`);
  const [fired] = await storedAlerts(popup);
  expect(fired).toMatchObject({ id: created.id, armed: false, firedAt: expect.any(Number) });

  // Once: later refresh rounds, the price still above the level, add nothing.
  await refreshes(sim, 2);
  expect(await notifications(popup)).toEqual([id]);
  expect(await storedAlerts(popup)).toEqual([fired]);
});
