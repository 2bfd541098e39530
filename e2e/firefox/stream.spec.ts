// Live prices in Firefox: the stream runs in the event page while a page that shows prices is open (the
// page keeps it awake, lib/stream/keep-awake), and stops when the last one closes; alarm polling goes on.
import type { AlertRule, MarketQuote } from '../../lib/model';
import type { Prefs } from '../../lib/settings/registry';
import { EURUSD_MINI, FTSE } from '../journeys/data';
import { byRole, byTestId, type JourneyPage } from '../journeys/driver';
import { ask } from '../journeys/steps';
import { marketPolls, recordStreamStates, streamedEpics, streamSessions, twentyMarkets } from '../journeys/stream';
import { until } from '../launch-firefox';
import { expect, test } from './harness';

const row = byTestId('panel-row');
const state = byTestId('stream-state');

/** Whether the event page is running now (asking does not wake it). */
const backgroundRunning = (page: JourneyPage) =>
  page.evaluate(async () => {
    const runtime = (globalThis as unknown as { browser: { runtime: { getContexts(f: object): Promise<unknown[]> } } })
      .browser.runtime;
    return (await runtime.getContexts({ contextTypes: ['BACKGROUND'] })).length > 0;
  }, null);

const pause = (ms: number) => until(`${ms} ms to pass`, async () => false, ms).catch(() => undefined);

test('a 20-market watchlist in the sidebar streams for 30 s with no price polling; a dropped socket reconnects', async ({
  connect,
  openPage,
  sim,
  capture,
}) => {
  test.setTimeout(150_000);
  const options = await connect();
  const epics = twentyMarkets(sim);
  const created = await ask<{ id: string }>(options, 'watchlists.create', { name: 'Streamed', epics });
  const panel = await openPage('sidepanel.html');
  await panel.select(byRole('combobox', 'Watchlist'), created.id);
  await panel.expectText({ css: 'select option:checked' }, 'Streamed');
  await panel.find(row);
  await panel.expectText(state, 'Live');
  await until('the stream to carry the 20 markets', async () => epics.every((e) => streamedEpics(sim).has(e)), 20_000);

  // Visible for 30 s (Firefox's default idle limit for the event page): rows move, nothing polls prices,
  // and it is the same stream session all along.
  const rowsText = () => panel.texts(row);
  const before = await rowsText();
  const sessions = streamSessions(sim);
  expect(sessions).toHaveLength(1);
  const from = sim.control.requestLog().length;
  await pause(30_000);
  const after = await rowsText();
  expect(after.filter((t, i) => t !== before[i]).length).toBeGreaterThan(0);
  expect(marketPolls(sim, from)).toEqual([]);
  expect(streamSessions(sim)).toEqual(sessions);
  expect(await backgroundRunning(panel)).toBe(true);
  await panel.expectText(state, 'Live');
  await capture(panel, 'stream-live');

  const states = await recordStreamStates(panel);
  expect(sim.control.stream.dropSockets()).toBeGreaterThan(0);
  await until('Reconnecting… to show', async () => (await states()).includes('Reconnecting…'), 20_000);
  await until('Live to show again', async () => (await states()).at(-1) === 'Live', 20_000);
  const resumed = await rowsText();
  await until('rows to move again', async () => (await rowsText()).some((t, i) => t !== resumed[i]), 20_000);

  // A market's detail header takes a tick from the stream too, with no price poll.
  const [epic] = epics;
  await panel.click({ css: `[data-testid="panel-row"][data-epic="${epic}"] button.link` });
  await panel.expectText(byTestId('panel-detail-bid'), /\d/);
  // The price to move to is read off the page: a question of the test's own to the event page could be the
  // request the check below finds (a stale answer is served and fetched again behind it).
  const detailBid = async () => Number((await panel.texts(byTestId('panel-detail-bid')))[0]?.replace(/,/g, ''));
  const bid = Number(((await detailBid()) * 1.05).toPrecision(5));
  expect(bid).toBeGreaterThan(0);
  const at = sim.control.requestLog().length;
  sim.control.setMarket(epic!, { bid, offer: bid * 1.0001 });
  await until(
    `the detail's bid to be near ${bid}`,
    async () => Math.abs((await detailBid()) / bid - 1) < 0.005,
    20_000,
  );
  expect(
    sim.control
      .requestLog()
      .slice(at)
      .filter((r) => r.path === '/markets'),
  ).toEqual([]);
});

// An idle limit a little above the page's 10 s keep-awake interval, so a stall of 16 s outlasts it.
test.describe('with a 12 s idle limit for the event page', () => {
  test.use({ firefoxOptions: { backgroundIdleMs: 12_000 } });

  test("the popup's market streams and keeps the event page awake; closed, the stream stops and polling fires an alert", async ({
    connect,
    openPage,
    sim,
  }) => {
    test.setTimeout(180_000);
    const options = await connect();
    const popup = await openPage(`popup.html?epic=${FTSE}`);
    await popup.expectText({ css: 'h1', within: 'popup-market' }, 'FTSE 100');
    await popup.expectText(state, 'Live');
    await until('the stream to carry FTSE 100', async () => streamedEpics(sim).has(FTSE), 20_000);

    // A tick reaches the popup's market view from the stream, not from a poll.
    const from = sim.control.requestLog().length;
    sim.control.setMarket(FTSE, { bid: 9000, offer: 9001 });
    await popup.expectText({ css: '.market__prices', within: 'popup-market' }, '9,000.0');
    expect(marketPolls(sim, from)).toEqual([]);

    // No ticks for 16 s (PROBE only): nothing the page asks for, yet the event page, idle limit 12 s, stays
    // up and keeps its session, because the popup says it wants the stream.
    const sessions = streamSessions(sim);
    sim.control.stream.stall(true);
    for (let i = 0; i < 16; i++) {
      await pause(1_000);
      expect(await backgroundRunning(popup)).toBe(true);
    }
    sim.control.stream.stall(false);
    expect(streamSessions(sim)).toEqual(sessions);
    await popup.expectText(state, 'Live');

    // An alert on a market no page shows, and the background refresh every minute.
    const [quote] = await ask<{ value: MarketQuote }[]>(popup, 'markets.quotes', { epics: [EURUSD_MINI] });
    const level = Number(((((quote?.value.bid ?? 0) + (quote?.value.offer ?? 0)) / 2) * 1.01).toFixed(4));
    const alert = await ask<AlertRule>(popup, 'alerts.create', { epic: EURUSD_MINI, kind: 'above', target: level });
    await options.fill({ css: '#pref-backgroundRefreshMin' }, '1');
    await until(
      'the 1-minute background refresh to be saved',
      async () =>
        (await options.evaluate(
          async () =>
            (
              (await (
                globalThis as unknown as {
                  browser: { storage: { local: { get(k: string): Promise<{ prefs?: Prefs }> } } };
                }
              ).browser.storage.local.get('prefs')) as { prefs?: Prefs }
            ).prefs?.backgroundRefreshMin,
          null,
        )) === 1,
    );

    // Every page closed: the background ends its stream session (a clean destroy, not a dropped socket).
    await popup.page.close();
    await options.page.close();
    await until('the stream session to end', async () => streamSessions(sim).length === 0, 20_000);
    const closedAt = sim.control.requestLog().length;

    // With no page open, the alarm's poll brings the crossed price and the alert fires; no stream is opened.
    sim.control.setMarket(EURUSD_MINI, { bid: level + 0.001, offer: level + 0.0012 });
    await until(
      'a background price poll of the alert market',
      async () => marketPolls(sim, closedAt).some((r) => (r.query.epics ?? '').includes(EURUSD_MINI)),
      120_000,
    );
    expect(streamSessions(sim)).toEqual([]);
    expect(
      sim.control
        .requestLog()
        .slice(closedAt)
        .filter((r) => r.path.includes('create_session')),
    ).toEqual([]);
    const reopened = await openPage('options.html');
    await until('the alert to have fired', async () => {
      const alerts = await ask<AlertRule[]>(reopened, 'alerts.list', {});
      return alerts.some((a) => a.id === alert.id && !a.armed && typeof a.firedAt === 'number');
    });
  });
});
