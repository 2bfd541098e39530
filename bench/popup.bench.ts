// Popup benchmark: time to first meaningful content (the first result row or recent lookup painted,
// marked by the popup as `first-content`) over 20 openings in headless Chromium, with a warm cache
// and with an empty one; and the size of the popup's JavaScript, gzipped.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { EXTENSION_DIR, type ExtensionGlobals, POPUP_VIEWPORT } from '../e2e/launch';
import { initialFiles } from '../scripts/entry-files';
import type { SimHandle } from '../sim/server';
import { emptyCache } from './empty-cache';
import { againstFloor, FIRST_ROW_MARK, FLOOR_PAGE } from './floor';
import { withPageBench } from './setup';
import type { BenchModule, BenchResult } from './types';

const OPENINGS = 20;
const TERM = 'EUR';
/** Distinct terms for the empty-cache openings, so no answer is reused from memory either. */
const COLD_TERMS = ['EUR', 'GBP', 'USD', 'JPY', 'AUD', 'CHF', 'FTSE', 'DAX', 'Gold', 'Oil', 'Silver', 'Dow'];

/** Marketside's own client allows 30 non-trading requests a minute; the empty-cache openings stay under it. */
const REQUESTS_PER_MINUTE = 24;

/** Gzipped bytes of the scripts popup.html loads up front (its scripts and, transitively, their static imports). */
export function popupScriptBytes(dir = EXTENSION_DIR): { raw: number; gzip: number; files: string[] } {
  const files = initialFiles(dir, 'popup.html').js;
  let raw = 0;
  let gzip = 0;
  for (const f of files) {
    const bytes = readFileSync(join(dir, f));
    raw += bytes.length;
    gzip += gzipSync(bytes).length;
  }
  return { raw, gzip, files };
}

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: percentile(sorted, 50), p95: percentile(sorted, 95) };
}

const round = (n: number) => Math.round(n * 10) / 10;

interface Opening {
  /** ms from navigation to the popup's scripts having run. */
  scripts: number;
  /** ms from navigation to the frame that painted the first market row. */
  firstContent: number;
}

/** Opens the popup in a new tab and returns when it marked its first content. */
async function openAndMeasure(context: BrowserContext, url: string): Promise<Opening> {
  const page: Page = await context.newPage();
  try {
    await page.setViewportSize(POPUP_VIEWPORT);
    await page.goto(url);
    await page
      .waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, FIRST_ROW_MARK, { timeout: 20_000 })
      .catch(async (err: unknown) => {
        const shown = (await page.locator('body').textContent()) ?? '';
        throw new Error(`The popup at ${url} painted no market within 20 s; it shows: ${shown.slice(0, 300)}`, {
          cause: err,
        });
      });
    return await page.evaluate(
      (mark) => ({
        scripts: performance.getEntriesByName('popup-start')[0]?.startTime ?? Number.NaN,
        firstContent: performance.getEntriesByName(mark)[0]!.startTime,
      }),
      FIRST_ROW_MARK,
    );
  } finally {
    await page.close();
  }
}

/** Waits until the service saw fewer than REQUESTS_PER_MINUTE requests in the last minute. */
async function paced(sim: SimHandle, seen: number[]): Promise<void> {
  for (;;) {
    const log = sim.control.requestLog();
    while (seen.length < log.length) seen.push(Date.now());
    const recent = seen.filter((t) => t > Date.now() - 60_000).length;
    if (recent < REQUESTS_PER_MINUTE) return;
    await new Promise((r) => setTimeout(r, 1_000));
  }
}

const run = () =>
  withPageBench({ floor: true }, async ({ context, serviceWorker, sim, url }): Promise<BenchResult[]> => {
    const size = popupScriptBytes();
    const floorUrl = url(FLOOR_PAGE);
    const floor: number[] = [];
    /** One opening of the floor, then one of the popup: the two see the same moment of a loaded machine. */
    const alternately = async (url: string) => {
      floor.push((await openAndMeasure(context, floorUrl)).firstContent);
      return openAndMeasure(context, url);
    };
    {
      const popup = (q: string) => url(`popup.html?q=${encodeURIComponent(q)}`);

      // Warm the cache the way a user would: a search, then a market opened from it.
      const first = await context.newPage();
      await first.goto(popup(TERM));
      const row = first.getByTestId('popup-result').first();
      await row.waitFor({ timeout: 20_000 });
      await row.click();
      await first.getByTestId('popup-market').waitFor();
      await first.waitForTimeout(500);
      await first.close();

      const warmSearch: Opening[] = [];
      for (let i = 0; i < OPENINGS; i++) warmSearch.push(await alternately(popup(TERM)));
      // With no last search to restore, a plain opening shows the recent lookups.
      await serviceWorker.evaluate(() =>
        (globalThis as unknown as ExtensionGlobals).chrome.storage.session.set({ popupLastQuery: '' }),
      );
      const warmRecent: Opening[] = [];
      for (let i = 0; i < OPENINGS; i++) warmRecent.push(await alternately(url('popup.html')));

      // A page of the extension's origin that shows nothing, to empty the cache from.
      const admin = await context.newPage();
      await admin.goto(url('manifest.json'));
      const cold: Opening[] = [];
      const seen: number[] = [];
      for (let i = 0; i < OPENINGS; i++) {
        await paced(sim, seen);
        await emptyCache(admin);
        cold.push(await openAndMeasure(context, popup(COLD_TERMS[i % COLD_TERMS.length]!)));
      }
      await admin.close();

      const ws = summary(warmSearch.map((o) => o.firstContent));
      const wr = summary(warmRecent.map((o) => o.firstContent));
      const c = summary(cold.map((o) => o.firstContent));
      const scripts = summary([...warmSearch, ...warmRecent].map((o) => o.scripts));
      const own = summary([...warmSearch, ...warmRecent].map((o) => o.firstContent - o.scripts));
      const ms = (name: string, value: number, target?: number): BenchResult => ({
        name,
        value: round(value),
        unit: 'ms',
        ...(target === undefined ? {} : { target: `< ${target}`, pass: value < target }),
      });
      return [
        ...againstFloor(
          'popup first priced row, warm, search and recent lookups',
          [...warmSearch, ...warmRecent].map((o) => o.firstContent),
          floor,
        ),
        ms(`first content, warm cache, search (?q=), median of ${OPENINGS}`, ws.median, 50),
        ms(`first content, warm cache, search (?q=), p95 of ${OPENINGS}`, ws.p95, 100),
        ms(`first content, warm cache, recent lookups, median of ${OPENINGS}`, wr.median, 50),
        ms(`first content, warm cache, recent lookups, p95 of ${OPENINGS}`, wr.p95, 100),
        ms(`first content, empty cache, search (?q=), median of ${OPENINGS}`, c.median),
        ms(`first content, empty cache, search (?q=), p95 of ${OPENINGS}`, c.p95),
        {
          ...ms('of which: scripts loaded and run, warm openings, median', scripts.median),
          note: 'navigation to the popup entry running; the rest is storage, IndexedDB and the first render',
        },
        {
          ...ms('of which: scripts run to first content, warm openings, median', own.median),
          note: 'storage and IndexedDB reads, the first render and its frame',
        },
        {
          name: `popup JS, gzip (${size.files.length} files popup.html loads)`,
          value: round(size.gzip / 1024),
          unit: 'KB',
          target: '< 25',
          pass: size.gzip / 1024 < 25,
          note: `${round(size.raw / 1024)} KB before gzip; the alert form loads on demand`,
        },
      ];
    }
  });

const bench: BenchModule = {
  title: 'Popup: time to first meaningful content and script size',
  browsers: ['chromium'],
  run,
};
export default bench;
