// Popup benchmark: time to first meaningful content (the first result row or recent lookup painted,
// marked by the popup as `first-content`) over 20 openings in headless Chromium, with a warm cache
// and with an empty one; and the size of the popup's JavaScript, gzipped.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import {
  buildExtension,
  configureConnection,
  EXTENSION_DIR,
  extensionUrl,
  launchExtension,
  POPUP_VIEWPORT,
} from '../e2e/launch';
import { startSim } from '../sim/server';

const OPENINGS = 20;
const TERM = 'EUR';
/** Distinct terms for the empty-cache openings, so no answer is reused from memory either. */
const COLD_TERMS = ['EUR', 'GBP', 'USD', 'JPY', 'AUD', 'CHF', 'FTSE', 'DAX', 'Gold', 'Oil', 'Silver', 'Dow'];

export const name = 'popup';

/** Gzipped bytes of the scripts popup.html loads (its entry and the chunks it preloads). */
export function popupScriptBytes(dir = EXTENSION_DIR): { raw: number; gzip: number; files: string[] } {
  const html = readFileSync(join(dir, 'popup.html'), 'utf8');
  const files = [
    ...html.matchAll(/<script[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((m) => m[1]!.replace(/^\//, ''));
  let raw = 0;
  let gzip = 0;
  for (const f of new Set(files)) {
    const bytes = readFileSync(join(dir, f));
    raw += bytes.length;
    gzip += gzipSync(bytes).length;
  }
  return { raw, gzip, files: [...new Set(files)] };
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

/** Opens the popup in a new tab and returns when it marked its first content (ms since navigation). */
async function openAndMeasure(context: BrowserContext, url: string): Promise<number> {
  const page: Page = await context.newPage();
  try {
    await page.setViewportSize(POPUP_VIEWPORT);
    await page.goto(url);
    await page.waitForFunction(() => performance.getEntriesByName('first-content').length > 0, null, {
      timeout: 20_000,
    });
    return await page.evaluate(() => performance.getEntriesByName('first-content')[0]!.startTime);
  } finally {
    await page.close();
  }
}

/** Empties every Marketside cache database (the popup's first paint then has nothing to show). */
async function emptyCache(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const dbs = (await indexedDB.databases()).filter((d) => d.name?.startsWith('marketside-'));
    for (const { name } of dbs) {
      await new Promise<void>((done, fail) => {
        const open = indexedDB.open(name!);
        open.onerror = () => fail(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const stores = [...db.objectStoreNames];
          if (stores.length === 0) {
            db.close();
            done();
            return;
          }
          const tx = db.transaction(stores, 'readwrite');
          for (const s of stores) tx.objectStore(s).clear();
          tx.oncomplete = () => {
            db.close();
            done();
          };
          tx.onerror = () => fail(tx.error);
        };
      });
    }
  });
}

export async function run(): Promise<Record<string, number | string>> {
  if (!existsSync(join(EXTENSION_DIR, 'manifest.json'))) buildExtension();
  const size = popupScriptBytes();
  const sim = await startSim({ port: 0, seed: 42, rateLimits: false });
  const { context, serviceWorker, extensionId } = await launchExtension();
  try {
    await configureConnection(serviceWorker, sim);
    const popup = (q: string) => extensionUrl(extensionId, `popup.html?q=${encodeURIComponent(q)}`);

    // Warm the cache the way a user would: a search, then a market opened from it.
    const first = await context.newPage();
    await first.goto(popup(TERM));
    const row = first.getByTestId('popup-result').first();
    await row.waitFor({ timeout: 20_000 });
    await row.click();
    await first.getByTestId('popup-market').waitFor();
    await first.waitForTimeout(500);
    await first.close();

    const warmSearch: number[] = [];
    for (let i = 0; i < OPENINGS; i++) warmSearch.push(await openAndMeasure(context, popup(TERM)));
    const warmRecent: number[] = [];
    for (let i = 0; i < OPENINGS; i++)
      warmRecent.push(await openAndMeasure(context, extensionUrl(extensionId, 'popup.html')));

    // A page of the extension's origin that shows nothing, to empty the cache from.
    const admin = await context.newPage();
    await admin.goto(extensionUrl(extensionId, 'manifest.json'));
    const cold: number[] = [];
    for (let i = 0; i < OPENINGS; i++) {
      await emptyCache(admin);
      cold.push(await openAndMeasure(context, popup(COLD_TERMS[i % COLD_TERMS.length]!)));
    }
    await admin.close();

    const ws = summary(warmSearch);
    const wr = summary(warmRecent);
    const c = summary(cold);
    return {
      openings: OPENINGS,
      'warm search first content median (ms)': round(ws.median),
      'warm search first content p95 (ms)': round(ws.p95),
      'warm recent lookups first content median (ms)': round(wr.median),
      'warm recent lookups first content p95 (ms)': round(wr.p95),
      'empty-cache search first content median (ms)': round(c.median),
      'empty-cache search first content p95 (ms)': round(c.p95),
      'popup JS gzip (KB)': round(size.gzip / 1024),
      'popup JS raw (KB)': round(size.raw / 1024),
      'target warm (ms)': 50,
      'target popup JS gzip (KB)': 25,
    };
  } finally {
    await context.close();
    await sim.close();
  }
}
