// Side panel in headless Chromium: time to first meaningful content (the first watchlist row painted)
// with a warm cache and an empty one, median and p95 over 20 openings each; then the memory of a side
// panel showing the largest watchlist the simulated service can hold (every market it has) after a minute
// of live prices while the simulated clock moves them (streamed where the stream carries them, polled at the
// default cadence where it does not; in a fresh browser, so the empty-cache openings have not spent the rate
// budget).
import './env';
import type { BrowserContext, CDPSession } from 'playwright-core';
import { configureConnection, extensionUrl, launchExtension, SIDEPANEL_VIEWPORT } from '../e2e/launch';
import type { SimHandle } from '../sim/server';
import { Universe } from '../sim/universe';
import { emptyCache } from './empty-cache';
import { median, percentile } from './env';
import { againstFloor, FLOOR_PAGE, MARK_FIRST_ROW } from './floor';
import { markTime, withPageBench } from './setup';
import type { BenchModule, BenchResult } from './types';

const OPENINGS = 20;
/**
 * An empty-cache opening costs the watchlists, the list and its prices (and sentiment): more than a few a
 * minute and the client's rate budget (the service's per-minute allowance) rightly slows them down.
 */
const COLD_OPENINGS = 8;
const REFRESH_WINDOW_MS = 60_000;
const round = (n: number) => Math.round(n * 10) / 10;
const MB = 1024 * 1024;

async function openAndMeasure(context: BrowserContext, url: string): Promise<number> {
  const page = await context.newPage();
  try {
    await page.setViewportSize(SIDEPANEL_VIEWPORT);
    await page.goto(url);
    return await markTime(page).catch(async (err) => {
      const text = (
        await page
          .locator('body')
          .textContent()
          .catch(() => '')
      )?.slice(0, 300);
      throw new Error(`No watchlist row in the side panel: ${text}`, { cause: err });
    });
  } finally {
    await page.close();
  }
}

async function heapMb(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize / MB;
}

function summary(name: string, samples: number[], target?: number): BenchResult[] {
  const p95 = percentile(samples, 95);
  return [
    { name: `${name}, median`, value: round(median(samples)), unit: 'ms' },
    {
      name: `${name}, p95`,
      value: round(p95),
      unit: 'ms',
      target: target === undefined ? undefined : `< ${target}`,
      pass: target === undefined ? undefined : p95 < target,
    },
  ];
}

const bench: BenchModule = {
  title: 'side panel: first watchlist row (warm, empty cache) and memory after a minute of live prices',
  browsers: ['chromium'],
  run: () =>
    withPageBench({ floor: true, initScripts: [MARK_FIRST_ROW] }, async ({ context, sim, url: at }) => {
      const url = at('sidepanel.html');
      const first = await context.newPage();
      await first.setViewportSize(SIDEPANEL_VIEWPORT);
      await first.goto(url);
      await first.getByTestId('panel-row').first().waitFor({ timeout: 30_000 });
      await first.waitForTimeout(500);
      await first.close();

      // One opening of the floor, then one of the side panel: the two see the same moment of a loaded machine.
      const floorUrl = at(FLOOR_PAGE);
      const warm: number[] = [];
      const floor: number[] = [];
      for (let i = 0; i < OPENINGS; i++) {
        floor.push(await openAndMeasure(context, floorUrl));
        warm.push(await openAndMeasure(context, url));
      }
      const admin = await context.newPage();
      await admin.goto(at('manifest.json'));
      const cold: number[] = [];
      for (let i = 0; i < COLD_OPENINGS; i++) {
        await emptyCache(admin);
        cold.push(await openAndMeasure(context, url));
      }

      await admin.close();
      await context.close();
      return [
        ...againstFloor('side panel first watchlist row, warm', warm, floor),
        ...firstContent(warm, cold),
        ...(await memory(sim)),
      ];
    }),
};

async function memory(sim: SimHandle): Promise<BenchResult[]> {
  const { context, serviceWorker, extensionId } = await launchExtension();
  try {
    await configureConnection(serviceWorker, sim);
    const url = extensionUrl(extensionId, 'sidepanel.html');
    const admin = await context.newPage();
    await admin.goto(extensionUrl(extensionId, 'manifest.json'));
    // Every market of the service in one watchlist, shown in the side panel.
    const epics = new Universe(42, sim.control.now()).markets.map((m) => m.epic);
    const created = (await admin.evaluate(async (list) => {
      const runtime = (globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } })
        .chrome.runtime;
      const data = { name: 'Bench all', epics: list };
      return runtime.sendMessage({ id: 1, type: 'watchlists.create', data, timestamp: Date.now() });
    }, epics)) as { res: { ok: boolean; data?: { id: string }; error?: { message: string } } };
    if (!created.res.ok || !created.res.data) throw new Error(`watchlists.create: ${created.res.error?.message}`);
    const panel = await context.newPage();
    await panel.setViewportSize(SIDEPANEL_VIEWPORT);
    await panel.goto(url);
    await panel.getByRole('combobox', { name: 'Watchlist' }).selectOption(created.res.data.id);
    await panel.getByTestId('panel-row').first().waitFor({ timeout: 30_000 });
    await panel.waitForTimeout(2_000);
    const cdp = await context.newCDPSession(panel);
    const before = await heapMb(cdp);
    const batches = Math.ceil(epics.length / 50);
    const logStart = sim.control.requestLog().length;
    sim.control.stream.recordSends(true);
    const started = Date.now();
    while (Date.now() - started < REFRESH_WINDOW_MS) {
      sim.control.advanceClock(5_000);
      await panel.waitForTimeout(1_000);
    }
    const sends = sim.control.stream.sends();
    sim.control.stream.recordSends(false);
    const streamed = sends.filter((s) => s.item.startsWith('PRICE:'));
    const streamedEpics = new Set(streamed.map((s) => s.item.split(':')[2])).size;
    const marketRequests = sim.control
      .requestLog()
      .slice(logStart)
      .filter((e) => e.method === 'GET' && e.path === '/markets').length;
    const cycles = Math.round(marketRequests / batches);
    if (streamed.length === 0 && marketRequests === 0) {
      throw new Error('side panel memory: no price reached the panel in the window (neither streamed nor polled)');
    }
    const after = await heapMb(cdp);
    const rows = await panel.getByTestId('panel-row').count();
    return [
      {
        name: `side panel JS heap, ${epics.length}-market watchlist loaded`,
        value: round(before),
        unit: 'MB',
        note: `${rows} rows in the DOM (virtualised)`,
      },
      {
        name: `side panel JS heap after ${Math.round(REFRESH_WINDOW_MS / 1000)} s of live prices`,
        value: round(after),
        unit: 'MB',
        baseline: round(before),
        note: `${streamed.length} streamed updates over ${streamedEpics} markets, ${marketRequests} GET /markets (${cycles} full polled refresh(es)); sim clock +5 s a second`,
      },
      {
        name: 'heap growth over the window',
        value: round(after - before),
        unit: 'MB',
        note: `${streamed.length + marketRequests} price deliveries in ${Math.round(REFRESH_WINDOW_MS / 1000)} s`,
      },
    ];
  } finally {
    await context.close();
  }
}

function firstContent(warm: number[], cold: number[]): BenchResult[] {
  return [
    ...summary(`first watchlist row, warm cache (${OPENINGS} openings)`, warm),
    ...summary(`first watchlist row, empty cache (${COLD_OPENINGS} openings)`, cold),
  ];
}

export default bench;
