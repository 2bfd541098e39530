// Where a page's first paint goes (a tool, not a benchmark): opens the popup (recent lookups and ?q=),
// the side panel and the floor page a few times each in headless Chromium with a warm cache and prints,
// per phase, the median time from navigation: the document's arrival, each script and stylesheet
// fetched (start → end), the entry running, each storage and IndexedDB call (start → answer), the first
// row's frame. With `--trace` it also records one Chromium trace of each page and prints the main
// thread's work in it by kind (HTML parse, script compile and evaluation per file, style, layout, paint).
//   npx tsx bench/first-paint-probe.ts [--trace] [openings]
import type { BrowserContext, Page } from 'playwright-core';
import { POPUP_VIEWPORT, SIDEPANEL_VIEWPORT } from '../e2e/launch';
import { median } from './env';
import { FIRST_ROW_MARK, FLOOR_PAGE, MARK_FIRST_ROW } from './floor';
import { withPageBench } from './setup';

/** Wraps the extension APIs and IndexedDB calls a first paint may wait on, recording start and answer. */
const PROBE = `
(() => {
  const log = (globalThis.__probe = []);
  const t = () => performance.now();
  const wrapAsync = (obj, name, label) => {
    const orig = obj && obj[name];
    if (typeof orig !== 'function') return;
    obj[name] = function (...args) {
      const start = t();
      const key = label + '(' + JSON.stringify(args[0] ?? '').slice(0, 40) + ')';
      const out = orig.apply(this, args);
      if (out && typeof out.then === 'function') out.then(() => log.push([key, start, t()]), () => log.push([key + ' !', start, t()]));
      else log.push([key, start, t()]);
      return out;
    };
  };
  const c = globalThis.chrome;
  if (c && c.storage) {
    for (const area of ['local', 'session', 'sync']) {
      const a = c.storage[area];
      if (!a) continue;
      for (const m of ['get', 'set']) wrapAsync(a, m, 'storage.' + area + '.' + m);
    }
    const send = c.runtime.sendMessage;
    c.runtime.sendMessage = function (m, ...rest) {
      const start = t();
      const out = send.call(this, m, ...rest);
      const key = 'runtime.sendMessage(' + (m && m.type) + ')';
      if (out && out.then) out.then(() => log.push([key, start, t()]), () => log.push([key + ' !', start, t()]));
      return out;
    };
    const connect = c.runtime.connect;
    c.runtime.connect = function (...a) { log.push(['runtime.connect', t(), t()]); return connect.apply(this, a); };
    if (c.windows) wrapAsync(c.windows, 'getCurrent', 'windows.getCurrent');
  }
  log.push(['browser is ' + (globalThis.browser === c ? 'chrome' : typeof globalThis.browser), 0, 0]);
  const open = IDBFactory.prototype.open;
  IDBFactory.prototype.open = function (name, ...rest) {
    const start = t();
    const req = open.call(this, name, ...rest);
    req.addEventListener('success', () => log.push(['idb.open(' + name + ')', start, t()]));
    return req;
  };
  const tx = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function (stores, mode, ...rest) {
    const start = t();
    const x = tx.call(this, stores, mode, ...rest);
    const name = this.name;
    x.addEventListener('complete', () => log.push(['idb.tx(' + name + ')', start, t()]));
    return x;
  };
})();`;

interface Phase {
  name: string;
  start: number;
  end: number;
}

async function openOnce(context: BrowserContext, url: string, viewport: { width: number; height: number }) {
  const page: Page = await context.newPage();
  try {
    await page.setViewportSize(viewport);
    await page.goto(url);
    await page.waitForFunction((m) => performance.getEntriesByName(m).length > 0, FIRST_ROW_MARK, { timeout: 20_000 });
    return await page.evaluate((mark) => {
      const phases: { name: string; start: number; end: number }[] = [];
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      phases.push({ name: 'document', start: nav.fetchStart, end: nav.responseEnd });
      phases.push({ name: 'domInteractive', start: nav.domInteractive, end: nav.domInteractive });
      phases.push({
        name: 'DOMContentLoaded',
        start: nav.domContentLoadedEventStart,
        end: nav.domContentLoadedEventEnd,
      });
      for (const r of performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        phases.push({ name: `fetch ${new URL(r.name).pathname}`, start: r.startTime, end: r.responseEnd });
      for (const m of performance.getEntriesByType('mark'))
        phases.push({ name: `mark ${m.name}`, start: m.startTime, end: m.startTime });
      const log = (globalThis as unknown as { __probe?: [string, number, number][] }).__probe ?? [];
      const seen = new Map<string, number>();
      for (const [name, start, end] of log) {
        const n = (seen.get(name) ?? 0) + 1;
        seen.set(name, n);
        phases.push({ name: n > 1 ? `${name} #${n}` : name, start, end });
      }
      const first = performance.getEntriesByName(mark)[0]!.startTime;
      return { phases, first };
    }, FIRST_ROW_MARK);
  } finally {
    await page.close();
  }
}

async function traceOnce(context: BrowserContext, url: string, viewport: { width: number; height: number }) {
  const page = await context.newPage();
  await page.setViewportSize(viewport);
  const cdp = await context.newCDPSession(page);
  const events: Record<string, unknown>[] = [];
  cdp.on('Tracing.dataCollected', (e: { value: Record<string, unknown>[] }) => events.push(...e.value));
  const done = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()));
  await cdp.send('Tracing.start', {
    traceConfig: {
      includedCategories: [
        'devtools.timeline',
        'v8.execute',
        'blink.user_timing',
        'loading',
        'disabled-by-default-devtools.timeline',
      ],
    },
    transferMode: 'ReportEvents',
  });
  await page.goto(url);
  await page.waitForFunction((m) => performance.getEntriesByName(m).length > 0, FIRST_ROW_MARK, { timeout: 20_000 });
  await cdp.send('Tracing.end');
  await done;
  await page.close();
  // The page's renderer main thread: the thread of its ParseHTML/EvaluateScript events.
  const complete = events.filter((e) => e.ph === 'X') as {
    name: string;
    ts: number;
    dur: number;
    tid: number;
    pid: number;
    args: { data?: { url?: string; frame?: string } };
  }[];
  const nav = events.find((e) => e.name === 'navigationStart' || e.name === 'fetchStart') as { ts: number } | undefined;
  const parse = complete.find((e) => e.name === 'ParseHTML');
  if (!parse) return [];
  const main = complete.filter((e) => e.pid === parse.pid && e.tid === parse.tid);
  const t0 = nav?.ts ?? parse.ts;
  const interesting = new Set([
    'ParseHTML',
    'EvaluateScript',
    'v8.compileModule',
    'v8.evaluateModule',
    'v8.compile',
    'FunctionCall',
    'UpdateLayoutTree',
    'Layout',
    'Paint',
    'PrePaint',
    'Layerize',
    'Commit',
    'ParseAuthorStyleSheet',
    'FireAnimationFrame',
    'TimerFire',
    'RunMicrotasks',
    'EventDispatch',
  ]);
  return main
    .filter((e) => interesting.has(e.name) && e.dur > 300)
    .map((e) => ({
      name: `${e.name}${e.args.data?.url ? ` ${e.args.data.url.replace(/^chrome-extension:\/\/[^/]+/, '')}` : ''}`,
      start: (e.ts - t0) / 1000,
      dur: e.dur / 1000,
    }))
    .sort((a, b) => a.start - b.start);
}

function report(title: string, runs: { phases: Phase[]; first: number }[]) {
  const by = new Map<string, { start: number[]; end: number[] }>();
  for (const r of runs)
    for (const p of r.phases) {
      const e = by.get(p.name) ?? { start: [], end: [] };
      e.start.push(p.start);
      e.end.push(p.end);
      by.set(p.name, e);
    }
  const rows = [...by.entries()]
    .map(([name, e]) => ({ name, start: median(e.start), end: median(e.end), n: e.start.length }))
    .sort((a, b) => a.start - b.start);
  console.log(
    `\n== ${title}: first row median ${median(runs.map((r) => r.first)).toFixed(1)} ms (${runs.length} openings)`,
  );
  for (const r of rows)
    console.log(
      `  ${r.start.toFixed(1).padStart(7)} → ${r.end.toFixed(1).padStart(7)}  (${(r.end - r.start).toFixed(1).padStart(5)})  ${r.name}${r.n < runs.length ? ` [${r.n}/${runs.length}]` : ''}`,
    );
}

async function main() {
  const trace = process.argv.includes('--trace');
  const openings = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 10);
  await withPageBench(
    { floor: true, initScripts: [PROBE, MARK_FIRST_ROW] },
    async ({ context, serviceWorker, url }) => {
      // Warm as the benchmarks do: a search and a market opened from it; the side panel once.
      const warm = await context.newPage();
      await warm.goto(url('popup.html?q=EUR'));
      await warm.getByTestId('popup-result').first().click();
      await warm.getByTestId('popup-market').waitFor();
      await warm.waitForTimeout(500);
      await warm.setViewportSize(SIDEPANEL_VIEWPORT);
      await warm.goto(url('sidepanel.html'));
      await warm.getByTestId('panel-row').first().waitFor({ timeout: 30_000 });
      await warm.waitForTimeout(500);
      await warm.close();
      const pages = [
        { title: 'floor', path: FLOOR_PAGE, viewport: POPUP_VIEWPORT },
        { title: 'popup ?q=EUR', path: 'popup.html?q=EUR', viewport: POPUP_VIEWPORT },
        { title: 'popup (last search restored)', path: 'popup.html', viewport: POPUP_VIEWPORT },
        { title: 'side panel', path: 'sidepanel.html', viewport: SIDEPANEL_VIEWPORT },
      ];
      const runs = new Map<string, { phases: Phase[]; first: number }[]>(pages.map((p) => [p.title, []]));
      for (let i = 0; i < openings; i++)
        for (const p of pages) runs.get(p.title)!.push(await openOnce(context, url(p.path), p.viewport));
      // With no last search, a plain opening shows the recent lookups.
      await serviceWorker.evaluate(() =>
        (
          globalThis as unknown as { chrome: { storage: { session: { set(v: unknown): Promise<void> } } } }
        ).chrome.storage.session.set({ popupLastQuery: '' }),
      );
      const recent: { phases: Phase[]; first: number }[] = [];
      for (let i = 0; i < openings; i++) {
        await openOnce(context, url(FLOOR_PAGE), POPUP_VIEWPORT);
        recent.push(await openOnce(context, url('popup.html'), POPUP_VIEWPORT));
      }
      for (const p of pages) report(p.title, runs.get(p.title)!);
      report('popup (recent lookups)', recent);
      if (trace)
        for (const p of [...pages, { title: 'popup (recent lookups)', path: 'popup.html', viewport: POPUP_VIEWPORT }]) {
          console.log(`\n== trace: ${p.title} (main thread, slices > 0.3 ms, ms from navigation)`);
          for (const e of await traceOnce(context, url(p.path), p.viewport))
            console.log(`  ${e.start.toFixed(1).padStart(7)} +${e.dur.toFixed(1).padStart(5)}  ${e.name}`);
        }
    },
  );
}

await main();
