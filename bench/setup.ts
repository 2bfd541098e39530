// The set-up every page benchmark shares: the built extension (built if missing), the simulated service, a
// Chromium launched with the extension (a copy with the floor pages in it, floor.ts, when asked), the
// connection to the service configured, and the scripts that mark a page's first row installed; all torn
// down when the body ends, whichever way it ends.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page, Worker } from 'playwright-core';
import { buildExtension, configureConnection, EXTENSION_DIR, extensionUrl, launchExtension } from '../e2e/launch';
import { type SimHandle, startSim } from '../sim/server';
import { BENCH_EXTENSION, extensionWithFloor, FIRST_ROW_MARK } from './floor';

export interface PageBench {
  context: BrowserContext;
  serviceWorker: Worker;
  extensionId: string;
  sim: SimHandle;
  /** The address of one of the extension's pages (`sidepanel.html`, `popup.html?q=EUR`, …). */
  url: (path: string) => string;
}

export interface PageBenchOptions {
  /** Launch the copy of the build with the floor pages in it (floor.ts) instead of the build itself. */
  floor?: boolean;
  /** Scripts every page runs before its own (e.g. MARK_FIRST_ROW). */
  initScripts?: string[];
  /** Runs on the simulated service before the extension is launched (e.g. seeding its history). */
  prepareSim?: (sim: SimHandle) => void;
}

export async function withPageBench<T>(opts: PageBenchOptions, body: (bench: PageBench) => Promise<T>): Promise<T> {
  if (BENCH_EXTENSION === EXTENSION_DIR && !existsSync(join(EXTENSION_DIR, 'manifest.json'))) buildExtension();
  const sim = await startSim({ port: 0, seed: 42, rateLimits: false });
  opts.prepareSim?.(sim);
  const copy = opts.floor ? extensionWithFloor() : null;
  try {
    const { context, serviceWorker, extensionId } = await launchExtension({
      extensionDir: copy?.dir ?? BENCH_EXTENSION,
    });
    try {
      await configureConnection(serviceWorker, sim);
      for (const content of opts.initScripts ?? []) await addInitScript(context, content);
      return await body({ context, serviceWorker, extensionId, sim, url: (p) => extensionUrl(extensionId, p) });
    } finally {
      await context.close();
    }
  } finally {
    await sim.close();
    copy?.remove();
  }
}

/**
 * The welcome page the install opens is closed as it appears (launchExtension); a script added while it closes
 * fails with "Target page, context or browser has been closed": it is added again.
 */
async function addInitScript(context: BrowserContext, content: string): Promise<void> {
  for (let tries = 1; ; tries++) {
    try {
      await context.addInitScript({ content });
      return;
    } catch (err) {
      if (tries >= 3 || !/has been closed/.test(String(err))) throw err;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

/** Waits for `mark` on `page` and returns its time from navigation, in ms. */
export async function markTime(page: Page, mark = FIRST_ROW_MARK, timeout = 20_000): Promise<number> {
  await page.waitForFunction((m) => performance.getEntriesByName(m).length > 0, mark, { timeout });
  return page.evaluate((m) => (performance.getEntriesByName(m)[0] as PerformanceEntry).startTime, mark);
}
