// A 200-market watchlist in the side panel with every column chosen, the top 50 markets on screen and
// streaming: the panel's first row and its main-thread busy time while it streams, against the same list with
// today's default columns and against the streaming floor page (floor.ts: the streamed quotes of the 50 markets
// the panel keeps live, written into plain text rows), taking turns in the same run. Goal: busy time at most 2× the floor's.
// Busy time alone would let a starved page look cheap (it draws fewer frames, so it does less), so each window
// also counts what the page wrote: the frames that wrote rows and the rows written (the same observer in every
// page), and the updates the simulated service sent for the 50 markets. A ratio counts only when the page drew
// as many frames of updates as the floor (at least 90 %); the busy time per frame drawn is beside it.
// Runs alone: `npm run bench -- watchlist-columns`; BENCH_EXTENSION_DIR measures another build (e.g. main's).
import './env';
import type { BrowserContext, Page } from 'playwright-core';
import { SIDEPANEL_VIEWPORT } from '../e2e/launch';
import { columnIds } from '../lib/watchlists/columns';
import type { SimHandle } from '../sim/server';
import { Universe } from '../sim/universe';
import { median, percentile } from './env';
import { FIRST_ROW_MARK, FLOOR_PAGE, FLOOR_STREAM_PAGE, MARK_FIRST_ROW } from './floor';
import { ask, panelLayout, settledPrices, streamedEpics, streamState, waitFor } from './live-page';
import { COUNT_APPLIED } from './page-counters';
import { withPageBench } from './setup';
import { pricesStreamed } from './stream-sends';
import type { BenchModule, BenchResult } from './types';

const SIZE = 200;
const STREAMED = 50;
const ROUNDS = Number(process.env.WATCHLIST_ROUNDS ?? 5);
/** Each page's busy time is over this window, once its stream is flowing. */
const WINDOW_MS = 8_000;
const round = (n: number) => Math.round(n * 10) / 10;
const ratio = (n: number) => Math.round(n * 100) / 100;

type Variant = 'default' | 'all';
type Page3 = Variant | 'floor';

interface Window {
  /** CPU and wall busy, ms a second. */
  cpu: number;
  wall: number;
  /** Frames that wrote rows, rows written, and updates the service sent for the watched markets, a second. */
  frames: number;
  rows: number;
  sent: number;
  /** PRICE items the extension subscribed during the window. */
  watched: number;
  /** Quote messages the page's live Port received, and quotes in them, a second. */
  messages: number;
  quotes: number;
  /** Storage change events the page's own listeners received, a second (COUNT_APPLIED). */
  storage: number;
  /** The markets the page received quotes for during the window, sorted. */
  epics: string[];
}

const applied = (page: Page) =>
  page.evaluate(() => {
    const g = globalThis as unknown as {
      applied: { frames: number; rows: number };
      received: { messages: number; quotes: number; epics: Set<string> };
      storageEvents: number;
    };
    const epics = [...g.received.epics].sort();
    g.received.epics.clear();
    return {
      ...g.applied,
      messages: g.received.messages,
      quotes: g.received.quotes,
      storage: g.storageEvents,
      epics,
    };
  });

/** Updates the service wrote for PRICE items since recording started. */
const priceSends = (sim: SimHandle) => sim.control.stream.sends().filter((u) => u.item.startsWith('PRICE:')).length;

/**
 * Main-thread busy time (CDP TaskDuration) of `page` over the window, in ms a second: `cpu` counted in the
 * thread's own CPU time (threadTicks), `wall` in wall time. On a shared machine the wall time of a task also
 * counts the time the thread waited for a core, so a page reads as busy as the machine is loaded (a page that
 * cannot keep up reads ~1000 ms/s whatever it does); the CPU time is the goal's measure. The extension's pages
 * share one renderer process, so both include the offscreen document's stream client, for floor and panel alike.
 * Beside it, what the page applied of the stream in the same window (COUNT_APPLIED) and what the service sent.
 */
async function measureWindow(context: BrowserContext, page: Page, sim: SimHandle): Promise<Window> {
  const cpuSession = await context.newCDPSession(page);
  const wallSession = await context.newCDPSession(page);
  await cpuSession.send('Performance.enable', { timeDomain: 'threadTicks' });
  await wallSession.send('Performance.enable', { timeDomain: 'timeTicks' });
  const task = async (cdp: typeof cpuSession) =>
    (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
  sim.control.stream.recordSends(true);
  const from = { cpu: await task(cpuSession), wall: await task(wallSession), ...(await applied(page)) };
  const at = Date.now();
  await page.waitForTimeout(WINDOW_MS);
  const to = { cpu: await task(cpuSession), wall: await task(wallSession), ...(await applied(page)) };
  const secs = (Date.now() - at) / 1000;
  const sent = priceSends(sim);
  sim.control.stream.recordSends(false);
  const watched = pricesStreamed(sim);
  await cpuSession.detach();
  await wallSession.detach();
  return {
    cpu: ((to.cpu - from.cpu) / secs) * 1000,
    wall: ((to.wall - from.wall) / secs) * 1000,
    frames: (to.frames - from.frames) / secs,
    rows: (to.rows - from.rows) / secs,
    sent: sent / secs,
    watched,
    messages: (to.messages - from.messages) / secs,
    quotes: (to.quotes - from.quotes) / secs,
    storage: (to.storage - from.storage) / secs,
    epics: to.epics,
  };
}

async function open(context: BrowserContext, url: string, height: number, flowing: (p: Page) => Promise<boolean>) {
  const page = await context.newPage();
  await page.setViewportSize({ width: SIDEPANEL_VIEWPORT.width, height });
  await page.goto(url);
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, FIRST_ROW_MARK, {
    timeout: 30_000,
  });
  const firstRow = await page.evaluate(
    (mark) => (performance.getEntriesByName(mark)[0] as PerformanceEntry).startTime,
    FIRST_ROW_MARK,
  );
  await waitFor('the stream flowing', () => flowing(page), 30_000);
  // The cache's first reads are done before the window.
  await page.waitForTimeout(1_000);
  return { page, firstRow };
}

const stats = (xs: number[]) => `median ${round(median(xs))}, p90 ${round(percentile(xs, 90))}`;
type Count = Exclude<keyof Window, 'epics'>;
const med = (ws: Window[], k: Count) => median(ws.map((w) => w[k]));

const bench: BenchModule = {
  title: `watchlist columns: a ${SIZE}-market list, ${STREAMED} streaming, every column vs default vs a plain-text floor`,
  browsers: ['chromium'],
  run: () =>
    withPageBench({ floor: true, initScripts: [MARK_FIRST_ROW, COUNT_APPLIED] }, async ({ context, sim, url }) => {
      // The streamed markets (currencies and indices) first, so the 50 on screen all stream.
      const all = new Universe(42, sim.control.now()).markets.map((m) => m.epic);
      const streams = (e: string) => e.startsWith('CS.D.') || e.startsWith('IX.D.');
      const epics = [...all.filter(streams), ...all.filter((e) => !streams(e))].slice(0, SIZE);
      const admin = await context.newPage();
      await admin.goto(url('manifest.json'));
      const list = await ask<{ id: string }>(admin, 'watchlists.create', { name: 'Bench columns', epics });
      const setColumns = (columns: readonly string[] | null) =>
        admin.evaluate(
          async ([id, columns]) => {
            const storage = (
              globalThis as unknown as {
                chrome: {
                  storage: {
                    local: { get(k: string): Promise<Record<string, unknown>>; set(v: unknown): Promise<void> };
                  };
                };
              }
            ).chrome.storage.local;
            const marks = ((await storage.get('watchlistMarks')).watchlistMarks ?? {}) as Record<string, unknown>;
            const lists = { ...((marks.lists as Record<string, unknown>) ?? {}), [id]: { columns, sections: [] } };
            await storage.set({ watchlistMarks: { flags: {}, notes: {}, ...marks, lists } });
          },
          [list.id, columns] as const,
        );

      const panelUrl = url('sidepanel.html');
      const rowsIn = async (p: Page) => p.getByTestId('panel-row').count();
      const panelFlowing = async (p: Page) =>
        (await streamState(p)) === 'Live' && (await settledPrices(sim)) === STREAMED;

      // The panel's height for each layout that puts exactly 50 markets in its watch: the panel keeps live the
      // rows on screen and WATCH_MARGIN (15) below them, so 35 rows on screen, from the layout itself (the
      // virtualiser's range holds the rows that start above the scroller's bottom); then the service must
      // stream exactly 50 (waited for, however slow the machine).
      const ON_SCREEN = STREAMED - 15;
      const heights: Record<Variant, number> = { default: SIDEPANEL_VIEWPORT.height, all: SIDEPANEL_VIEWPORT.height };
      const panelMarkets: Record<Variant, string[]> = { default: [], all: [] };
      for (const variant of ['default', 'all'] as const) {
        await setColumns(variant === 'all' ? columnIds : null);
        const page = await context.newPage();
        await page.setViewportSize({ width: SIDEPANEL_VIEWPORT.width, height: heights[variant] });
        await page.goto(panelUrl);
        await page.getByRole('combobox', { name: 'Watchlist' }).selectOption(list.id);
        await page.locator('.wl-table [data-testid="panel-row"]').first().waitFor({ timeout: 30_000 });
        const layout = () => panelLayout(page);
        let at = await layout();
        if (at.row < 10) throw new Error(`${variant} columns: a row ${at.row} px high`);
        heights[variant] = Math.round(at.chrome + at.first + (ON_SCREEN - 0.5) * at.row);
        await page.setViewportSize({ width: SIDEPANEL_VIEWPORT.width, height: heights[variant] });
        await waitFor(
          `${ON_SCREEN} rows on screen`,
          async () => {
            at = await layout();
            return at.onScreen === ON_SCREEN;
          },
          30_000,
        ).catch(() => {
          throw new Error(
            `${variant} columns: ${at.onScreen} rows on screen at ${heights[variant]} px, not ${ON_SCREEN}`,
          );
        });
        await waitFor(
          `${STREAMED} markets streamed`,
          async () => (await settledPrices(sim)) === STREAMED,
          60_000,
        ).catch(() => {
          throw new Error(
            `${variant} columns: ${pricesStreamed(sim)} markets streamed with ${ON_SCREEN} rows on screen`,
          );
        });
        panelMarkets[variant] = streamedEpics(sim);
        await page.close();
      }
      // The floor watches the markets the panel keeps live (its rows on screen in the panel's order, not the
      // list's): the same stream, market for market, at the same rate.
      const floorMarkets = panelMarkets.default;
      if (floorMarkets.length !== STREAMED)
        throw new Error(`the panel's stream session carries ${floorMarkets.length} markets, not ${STREAMED}`);

      const floorUrl = `${url(FLOOR_STREAM_PAGE)}?epics=${floorMarkets.join(',')}`;
      const floorFirst = url(FLOOR_PAGE);
      const windows: Record<Page3, Window[]> = { default: [], all: [], floor: [] };
      const first: Record<Page3, number[]> = { default: [], all: [], floor: [] };
      const domRows: Record<Variant, number> = { default: 0, all: 0 };
      // Each round: the floor, then the panel with default columns, then with every column, one page at a time.
      for (let r = 0; r < ROUNDS; r++) {
        const floorPage = await context.newPage();
        await floorPage.goto(floorFirst);
        await floorPage.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, FIRST_ROW_MARK);
        first.floor.push(
          await floorPage.evaluate(
            (mark) => (performance.getEntriesByName(mark)[0] as PerformanceEntry).startTime,
            FIRST_ROW_MARK,
          ),
        );
        await floorPage.goto(floorUrl);
        let floorAt = { rows: 0, streamed: 0 };
        await waitFor('the floor streaming', async () => {
          floorAt = {
            rows: await floorPage.evaluate(
              () => [...document.querySelectorAll('li')].filter((li) => li.textContent?.includes(' ')).length,
            ),
            streamed: await settledPrices(sim),
          };
          // A market of the panel's may be quiet (closed): nine in ten rows streaming is the stream flowing.
          return floorAt.rows >= 0.9 * STREAMED && floorAt.streamed === STREAMED;
        }).catch(() => {
          throw new Error(`the floor: ${floorAt.rows} rows streamed, ${floorAt.streamed} markets subscribed`);
        });
        await floorPage.waitForTimeout(1_000);
        windows.floor.push(await measureWindow(context, floorPage, sim));
        await floorPage.close();
        for (const variant of ['default', 'all'] as const) {
          await setColumns(variant === 'all' ? columnIds : null);
          const { page, firstRow } = await open(context, panelUrl, heights[variant], panelFlowing);
          first[variant].push(firstRow);
          domRows[variant] = await rowsIn(page);
          windows[variant].push(await measureWindow(context, page, sim));
          await page.close();
        }
      }
      await admin.close();

      const m = (p: Page3, k: Count) => med(windows[p], k);
      const perFrame = (p: Page3) => median(windows[p].map((w) => w.cpu / Math.max(w.frames, 1)));
      const fair = (p: Variant) => m(p, 'frames') >= 0.9 * m('floor', 'frames');
      const watched = (p: Page3) => [...new Set(windows[p].map((w) => w.watched))].join('/');
      const drew = (p: Page3) =>
        `wrote ${round(m(p, 'frames'))} frames/s and ${round(m(p, 'rows'))} rows/s of ${round(m(p, 'sent'))} updates/s sent for ${watched(p)} watched markets; ${round(perFrame(p))} ms CPU a frame`;
      const note = (v: Variant) =>
        `${ROUNDS} windows of ${WINDOW_MS / 1000} s (CPU ${stats(windows[v].map((w) => w.cpu))}; wall ${stats(windows[v].map((w) => w.wall))}); ${drew(v)}; ${heights[v]} px high, ${domRows[v]} rows in the DOM`;
      // Whether the panel got the stream the floor got (the same markets, as many messages) and what it drew of
      // it: fewer frames from as many messages is the page being slow (a message arrived while it was busy, so
      // two went into one frame); fewer messages is the bench not giving both pages the same stream.
      const floorEpics = new Set(windows.floor.flatMap((w) => w.epics));
      const sameMarkets = (p: Variant) => {
        const theirs = new Set(windows[p].flatMap((w) => w.epics));
        const missing = [...floorEpics].filter((e) => !theirs.has(e)).length;
        const extra = [...theirs].filter((e) => !floorEpics.has(e)).length;
        return missing + extra === 0
          ? `the floor's ${floorEpics.size} markets`
          : `${theirs.size} markets, ${missing} of the floor's missing and ${extra} others`;
      };
      const stream = (p: Page3) =>
        `${round(m(p, 'messages'))} messages/s (${round(m(p, 'quotes'))} quotes/s) and ${round(m(p, 'storage'))} storage change events/s, drew ${round(m(p, 'frames'))} frames/s`;
      const verdict = (p: Variant) => {
        const messages = m(p, 'messages') / Math.max(m('floor', 'messages'), 1e-9);
        const frames = m(p, 'frames') / Math.max(m('floor', 'frames'), 1e-9);
        if (messages < 0.9) return `${p}: received ${ratio(messages)}× the floor's messages: not the same stream`;
        if (frames < 0.9)
          return `${p}: received ${ratio(messages)}× the floor's messages and drew ${ratio(frames)}× its frames: the page was too slow to draw each message in its own frame`;
        return `${p}: received ${ratio(messages)}× the floor's messages and drew ${ratio(frames)}× its frames`;
      };
      const fm = m('floor', 'cpu');
      const am = m('all', 'cpu');
      const dm = m('default', 'cpu');
      return [
        {
          name: `floor page: ${STREAMED} streamed markets as plain text rows, main thread busy`,
          value: round(fm),
          unit: 'ms/s',
          note: `CPU time, median of ${ROUNDS} windows (${stats(windows.floor.map((w) => w.cpu))}; wall ${stats(windows.floor.map((w) => w.wall))}); ${drew('floor')}`,
        },
        {
          name: `side panel, ${SIZE} markets, default columns, main thread busy`,
          value: round(dm),
          unit: 'ms/s',
          baseline: round(fm),
          note: note('default'),
        },
        {
          name: `side panel, ${SIZE} markets, every column (${columnIds.length}), main thread busy`,
          value: round(am),
          unit: 'ms/s',
          baseline: round(fm),
          note: note('all'),
        },
        {
          name: 'every column busy / floor busy',
          value: ratio(am / fm),
          unit: '×',
          baseline: ratio(dm / fm),
          target: '<= 2',
          pass: am / fm <= 2 && fair('all'),
          note: `CPU time; default columns / floor in the baseline column; frames written every column ${ratio(m('all', 'frames') / m('floor', 'frames'))}× the floor's, default ${ratio(m('default', 'frames') / m('floor', 'frames'))}×${fair('all') ? '' : ' (fewer than 90 %: the page was starved, the ratio does not count)'}; CPU a frame every column ${ratio(perFrame('all') / perFrame('floor'))}×, default ${ratio(perFrame('default') / perFrame('floor'))}×; wall time every column ${ratio(m('all', 'wall') / m('floor', 'wall'))}×, default ${ratio(m('default', 'wall') / m('floor', 'wall'))}×`,
        },
        {
          name: 'stream received: panel quote messages / floor quote messages (every column; default in baseline)',
          value: ratio(m('all', 'messages') / Math.max(m('floor', 'messages'), 1e-9)),
          unit: '×',
          baseline: ratio(m('default', 'messages') / Math.max(m('floor', 'messages'), 1e-9)),
          note: `floor ${stream('floor')}; default ${stream('default')} for ${sameMarkets('default')}; every column ${stream('all')} for ${sameMarkets('all')}. ${verdict('default')}. ${verdict('all')}.`,
        },
        {
          name: 'first row, floor page / default columns / every column, median',
          value: round(median(first.all)),
          unit: 'ms',
          baseline: round(median(first.default)),
          note: `every column in the value column, default columns in the baseline; floor page ${round(median(first.floor))} ms (one priced <li>); ${ROUNDS} openings each`,
        },
      ] satisfies BenchResult[];
    }),
};

export default bench;
