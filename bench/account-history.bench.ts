// The side panel's History against a year of activity (2,000 round trips: 4,000 activities and 2,000
// transactions in the simulator's record), in headless Chromium: time to the first history row painted,
// against the side panel's first watchlist row in the same run (openings alternate, warm cache both), and
// the history requests the openings cost against the per-minute allowance.
import './env';
import type { BrowserContext, Worker } from 'playwright-core';
import { SIDEPANEL_VIEWPORT } from '../e2e/launch';
import { median, percentile } from './env';
import { markFirstInSidePanel } from './floor';
import { markTime, withPageBench } from './setup';
import type { BenchModule, BenchResult } from './types';

const OPENINGS = 10;
const TRADES = 2000;
const MARK = 'marketside-first-content';
const round = (n: number) => Math.round(n * 10) / 10;

/** Marks the frame that paints the first row the route shows (a watchlist row or a history row). */
const MARK_FIRST = markFirstInSidePanel('[data-testid="panel-row"], [data-testid="history-transaction"]', MARK);

async function route(worker: Worker, value: unknown) {
  await worker.evaluate(
    (v) =>
      (
        globalThis as unknown as { chrome: { storage: { session: { set(x: unknown): Promise<void> } } } }
      ).chrome.storage.session.set({ sidepanelRoute: v }),
    value,
  );
}

async function openAndMeasure(context: BrowserContext, url: string, testId: string): Promise<number> {
  const page = await context.newPage();
  try {
    await page.setViewportSize(SIDEPANEL_VIEWPORT);
    await page.goto(url);
    await page.getByTestId(testId).first().waitFor({ timeout: 30_000 });
    return await markTime(page, MARK);
  } finally {
    await page.close();
  }
}

const bench: BenchModule = {
  title: "side panel History's first page against a year of activity vs the first watchlist row",
  browsers: ['chromium'],
  run: () =>
    withPageBench(
      {
        initScripts: [MARK_FIRST],
        prepareSim: (sim) =>
          sim.control.seedHistory({ accountId: 'SIMCFD1', trades: TRADES, spanMs: 360 * 86_400_000 }),
      },
      async ({ context, serviceWorker, sim, url: at }) => {
        const url = at('sidepanel.html');
        const historyRoute = { view: 'history', period: 'year' };
        // First openings fill the caches (the history's first page costs its two requests here).
        const logStart = sim.control.requestLog().length;
        await route(serviceWorker, { view: 'watchlists', at: Date.now() });
        await openAndMeasure(context, url, 'panel-row');
        await route(serviceWorker, { ...historyRoute, at: Date.now() });
        const cold = await openAndMeasure(context, url, 'history-transaction');
        const watchlist: number[] = [];
        const history: number[] = [];
        for (let i = 0; i < OPENINGS; i++) {
          await route(serviceWorker, { view: 'watchlists', at: Date.now() });
          watchlist.push(await openAndMeasure(context, url, 'panel-row'));
          await route(serviceWorker, { ...historyRoute, at: Date.now() });
          history.push(await openAndMeasure(context, url, 'history-transaction'));
        }
        const historyRequests = sim.control
          .requestLog()
          .slice(logStart)
          .filter((e) => e.path.startsWith('/history/')).length;
        const ratio = median(history) / median(watchlist);
        const results: BenchResult[] = [
          {
            name: `History first row, ${TRADES * 2} activities / ${TRADES} transactions over a year, warm, median`,
            value: round(median(history)),
            unit: 'ms',
            baseline: round(median(watchlist)),
            target: '<= 1.5 × baseline',
            pass: ratio <= 1.5,
            note: `baseline: first watchlist row, same run, ${OPENINGS} alternating openings; ratio ${ratio.toFixed(2)}`,
          },
          {
            name: 'History first row, warm, p95',
            value: round(percentile(history, 95)),
            unit: 'ms',
            baseline: round(percentile(watchlist, 95)),
          },
          { name: 'History first row, first opening (fetched from the service)', value: round(cold), unit: 'ms' },
          {
            name: `history requests over ${OPENINGS + 1} openings`,
            value: historyRequests,
            unit: 'requests',
            target: '<= 2 (first opening only; then the cache)',
            pass: historyRequests <= 2,
            note: 'allowance: 30 non-trading requests a minute',
          },
        ];
        return results;
      },
    ),
};

export default bench;
