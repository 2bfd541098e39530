// Typing a new passphrase in the settings page, as a user remembering credentials does: a 33-character
// passphrase at 8 keys a second, with one pause after its second word, into a freshly opened page, taking turns with a floor page that is a password
// field and nothing else (floor.ts), typed into the same way. What the user feels: how long a key waits to show
// (the Event Timing API: from the key to the frame that shows it; under 16 ms is not reported, and counts as
// 16), how long the page's thread was held at once (Long Tasks), and how soon after the last key the verdict
// on the passphrase shows. Runs alone: `npm run bench -- passphrase`; BENCH_EXTENSION_DIR measures another build.
import type { BrowserContext, Page } from 'playwright-core';
import { median } from './env';
import { FLOOR_TYPING_PAGE } from './floor';
import { withPageBench } from './setup';
import type { BenchModule, BenchResult } from './types';

const ROUNDS = Number(process.env.TYPING_ROUNDS ?? 6);
const PASSPHRASE = 'bench quarry velvet oxide lantern';
const KEY_GAP_MS = 125;
const PAUSE_MS = 400;
/** Event Timing reports only what took at least this long. */
const EVENT_FLOOR_MS = 16;

/** Installed before a page's own scripts: its long tasks and slow input events, kept for the bench to read. */
const OBSERVE = `
globalThis.__typing = { longTasks: [], events: [], lastInput: 0 };
addEventListener('input', () => { __typing.lastInput = performance.now(); }, true);
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) __typing.longTasks.push({ start: e.startTime, duration: e.duration });
}).observe({ type: 'longtask' });
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) __typing.events.push({ name: e.name, start: e.startTime, duration: e.duration });
}).observe({ type: 'event', durationThreshold: ${EVENT_FLOOR_MS} });`;

interface Typing {
  /** The longest a key waited to show, ms (at least EVENT_FLOOR_MS). */
  worstKey: number;
  /** The longest the page's thread was held at once while typing and until the verdict, ms (0: no long task). */
  longestTask: number;
  /** Long tasks' time beyond 50 ms each, summed (total blocking time), ms. */
  blocking: number;
  /** From the last key to the verdict shown, ms (NaN for the floor, which has none). */
  verdict: number;
}

async function typeInto(page: Page, field: string, verdict: string | null): Promise<Typing> {
  await page.locator(field).click();
  const from = await page.evaluate(() => performance.now());
  // A pause after the second word, as a person makes: the page estimates what is typed so far meanwhile.
  const cut = PASSPHRASE.indexOf(' ', PASSPHRASE.indexOf(' ') + 1);
  await page.keyboard.type(PASSPHRASE.slice(0, cut), { delay: KEY_GAP_MS });
  await page.waitForTimeout(PAUSE_MS);
  await page.keyboard.type(PASSPHRASE.slice(cut), { delay: KEY_GAP_MS });
  let shown = Number.NaN;
  if (verdict) {
    // The verdict on the whole passphrase (one on part of it may show during a pause in the typing).
    await page.waitForFunction(
      (sel) => /^Strong enough/.test(document.querySelector(sel)?.textContent ?? ''),
      verdict,
      {
        polling: 'raf',
        timeout: 30_000,
      },
    );
    shown = await page.evaluate(
      () => performance.now() - (globalThis as unknown as { __typing: { lastInput: number } }).__typing.lastInput,
    );
  }
  // The last key's frame and its event entry.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 100))));
  const seen = await page.evaluate(
    () =>
      (
        globalThis as unknown as {
          __typing: {
            longTasks: { start: number; duration: number }[];
            events: { name: string; start: number; duration: number }[];
          };
        }
      ).__typing,
  );
  const tasks = seen.longTasks.filter((t) => t.start >= from);
  const keys = seen.events.filter((e) => e.start >= from && /^key|^input|^beforeinput/.test(e.name));
  return {
    worstKey: Math.max(EVENT_FLOOR_MS, ...keys.map((e) => e.duration)),
    longestTask: Math.max(0, ...tasks.map((t) => t.duration)),
    blocking: tasks.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0),
    verdict: shown,
  };
}

async function settingsPage(context: BrowserContext, url: string): Promise<Typing> {
  const page = await context.newPage();
  try {
    await page.goto(url);
    const remember = page.locator('form label.choice input[type="checkbox"]').first();
    await remember.check();
    await page.locator('#conn-pin').waitFor();
    // Settled: the page's own start (its reads, the live channel) is not the typing's.
    await page.waitForTimeout(500);
    return await typeInto(page, '#conn-pin', '[data-testid="passphrase-strength"]');
  } finally {
    await page.close();
  }
}

async function floorPage(context: BrowserContext, url: string): Promise<Typing> {
  const page = await context.newPage();
  try {
    await page.goto(url);
    await page.waitForTimeout(500);
    return await typeInto(page, '#floor-pin', null);
  } finally {
    await page.close();
  }
}

const round = (n: number) => Math.round(n * 10) / 10;

const bench: BenchModule = {
  title: 'typing a new passphrase in the settings page',
  browsers: ['chromium'],
  async run() {
    return withPageBench({ floor: true, initScripts: [OBSERVE] }, async ({ context, url }) => {
      const settings: Typing[] = [];
      const floor: Typing[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        floor.push(await floorPage(context, url(FLOOR_TYPING_PAGE)));
        settings.push(await settingsPage(context, url('options.html')));
      }
      const med = (list: Typing[], key: keyof Typing) => round(median(list.map((t) => t[key])));
      const worst = med(settings, 'worstKey');
      const floorWorst = med(floor, 'worstKey');
      const results: BenchResult[] = [
        {
          name: `floor page, the slowest key to show, median of ${ROUNDS} typings`,
          value: floorWorst,
          unit: 'ms',
          note: `longest task ${med(floor, 'longestTask')} ms`,
        },
        {
          name: 'settings page, the slowest key to show, median',
          value: worst,
          unit: 'ms',
          baseline: floorWorst,
          note: `each typing: ${settings.map((t) => round(t.worstKey)).join(', ')}`,
        },
        {
          name: 'settings page, the slowest key / the floor',
          value: Math.round((worst / floorWorst) * 100) / 100,
          unit: '×',
          target: '<= 2',
          pass: worst / floorWorst <= 2,
        },
        {
          name: 'settings page, the longest task while typing and until the verdict, median',
          value: med(settings, 'longestTask'),
          unit: 'ms',
          baseline: med(floor, 'longestTask'),
          target: '< 50 (no long task)',
          pass: med(settings, 'longestTask') < 50,
          note: `each typing: ${settings.map((t) => round(t.longestTask)).join(', ')}`,
        },
        {
          name: 'settings page, total blocking time, median',
          value: med(settings, 'blocking'),
          unit: 'ms',
          baseline: med(floor, 'blocking'),
        },
        {
          name: 'settings page, the last key to the verdict shown, median',
          value: med(settings, 'verdict'),
          unit: 'ms',
          note: `each typing: ${settings.map((t) => round(t.verdict)).join(', ')}`,
        },
      ];
      return results;
    });
  },
};

export default bench;
