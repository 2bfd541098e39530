// A market's chart streams: at a resolution the stream has (1 minute here), the chart's last bar moves with
// CHART:{epic}:1MINUTE and a new bar is appended when the next one starts, with no more price history asked
// of the service after the chart's first request. The simulated clock runs at real time here (the page asks
// for the hour before now) and the market is Bitcoin, which trades every day and hour.
import type { Page } from '@playwright/test';
import { showWatchlist } from './extension-calls';
import { expect, type SimHandle, test } from './harness';

const BITCOIN = 'CS.D.BITCOIN.CFD.IP';
const ITEM = `CHART:${BITCOIN}:1MINUTE`;

test.use({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  simOptions: async ({}, use) => {
    // Read when the test starts, however long the suite ran before it.
    await use({ seed: 42, rateLimits: false, startTime: Date.now() });
  },
});

const historyRequests = (sim: SimHandle) =>
  sim.control
    .requestLog()
    .flatMap((r, i) => (r.method === 'GET' && r.path.startsWith('/prices/') ? [{ ...r, i }] : []));

/** Every state the chart shows (bars drawn, last bar's start, the legend's text), however brief. */
async function recordChart(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (globalThis as unknown as { chartStates: string[] }).chartStates = seen;
    const note = () => {
      const canvas = document.querySelector<HTMLElement>('[data-testid="panel-chart"]');
      const legend = document.querySelector('[data-testid="panel-chart-legend"]')?.textContent ?? '';
      const state = `${canvas?.dataset.bars ?? ''}|${canvas?.dataset.lastTime ?? ''}|${legend}`;
      if (seen[seen.length - 1] !== state) seen.push(state);
    };
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
    note();
  });
  return async () => {
    const states = await page.evaluate(() => (globalThis as unknown as { chartStates: string[] }).chartStates);
    return states.map((s) => {
      const [bars, last, legend] = s.split('|');
      return { bars: Number(bars), last: Number(last), legend: legend ?? '' };
    });
  };
}

test("a 1-minute chart's last bar moves with the stream and the next bar is appended, with no more history requests", async ({
  configure,
  openPage,
  sim,
  capture,
}) => {
  test.setTimeout(120_000);
  await configure();
  const panel = await openPage('sidepanel.html');
  await expect(panel.getByTestId('panel-account')).toContainText(/\S/);
  await showWatchlist(panel, 'Coins', [BITCOIN]);
  await panel.getByRole('button', { name: 'Bitcoin', exact: true }).click();
  await expect(panel.getByRole('heading', { level: 2, name: 'Bitcoin' })).toBeVisible();
  await expect(panel.getByTestId('stream-state')).toHaveText('Live', { timeout: 20_000 });

  await panel.getByRole('combobox', { name: 'Resolution' }).selectOption('MINUTE');
  await expect(panel.getByRole('figure', { name: 'Price chart of Bitcoin, 1 min bars' })).toBeVisible();
  const minuteHistory = () => historyRequests(sim).filter((r) => /MINUTE\b/.test(JSON.stringify(r)));
  await expect.poll(() => minuteHistory().length, { timeout: 20_000 }).toBe(1);
  // From here on, no price history is asked for.
  const afterHistory = (minuteHistory()[0]?.i ?? 0) + 1;
  const canvas = panel.getByTestId('panel-chart');
  // The hour of history is drawn (a bar a minute), then the stream carries on from its last bar.
  await expect
    .poll(async () => Number(await canvas.getAttribute('data-bars')), { timeout: 20_000 })
    .toBeGreaterThan(30);
  await expect.poll(() => JSON.stringify(sim.control.state().streaming), { timeout: 20_000 }).toContain(ITEM);
  // History ends before the minute in progress; the stream draws that minute's bar after it.
  const minuteNow = () => Math.floor(sim.control.now() / 60_000) * 60;
  await expect
    .poll(async () => Number(await canvas.getAttribute('data-last-time')) === minuteNow(), { timeout: 20_000 })
    .toBe(true);
  const states = await recordChart(panel);
  const first = (await states())[0];
  if (!first) throw new Error('the chart shows nothing');

  // The last bar moves: from one state to the next, the same bar (same start, same number of bars) shows
  // another close in the legend.
  const repainted = (list: Awaited<ReturnType<typeof states>>) =>
    list.some((s, i) => {
      const before = list[i - 1];
      return !!before && s.last === before.last && s.bars === before.bars && s.legend !== before.legend;
    });
  await expect.poll(async () => repainted(await states()), { timeout: 30_000 }).toBe(true);

  // The next minute: the stream starts a new bar and the chart appends it.
  sim.control.advanceClock(60_000);
  await expect
    .poll(async () => (await states()).some((s) => s.bars === first.bars + 1 && s.last === first.last + 60), {
      timeout: 30_000,
    })
    .toBe(true);
  await expect(panel.getByTestId('panel-chart-legend')).toContainText(/C [\d,]+\.\d/);
  await capture(panel, 'chart-stream');
  expect(
    sim.control
      .requestLog()
      .slice(afterHistory)
      .filter((r) => r.path.startsWith('/prices/')),
  ).toEqual([]);
});
