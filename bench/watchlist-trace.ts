// Records a Chrome trace of each page the watchlist-columns bench measures (floor, default columns, every
// column) while it streams, and prints the main thread's time by event. Not a bench (no .bench.ts): run
// `npx tsx bench/watchlist-trace.ts [dir]`; traces are written to dir (default /tmp).
import './env';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { configureConnection, extensionUrl, launchExtension, SIDEPANEL_VIEWPORT } from '../e2e/launch';
import { columnIds } from '../lib/watchlists/columns';
import { startSim } from '../sim/server';
import { Universe } from '../sim/universe';
import { extensionWithFloor, FLOOR_STREAM_PAGE } from './floor';
import { ask, streamState, waitFor } from './live-page';
import { pricesStreamed } from './stream-sends';

const WINDOW_MS = Number(process.env.TRACE_MS ?? 5_000);
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.invalidationTracking',
  'blink',
  'cc',
  'v8.execute',
  'toplevel',
  'blink.user_timing',
];

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: Record<string, unknown>;
}

async function trace(context: BrowserContext, page: Page, file: string) {
  const cdp = await context.newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => {
    events.push(...(e.value as unknown as TraceEvent[]));
  });
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
  await cdp.send('Tracing.start', { categories: CATEGORIES.join(','), transferMode: 'ReportEvents' });
  await cdp.send('Profiler.start');
  await page.waitForTimeout(WINDOW_MS);
  const { profile } = await cdp.send('Profiler.stop');
  await cdp.send('Tracing.end');
  writeFileSync(file.replace('.json', '.cpuprofile'), JSON.stringify(profile));
  printProfile(profile);
  await done;
  await cdp.detach();
  writeFileSync(file, JSON.stringify({ traceEvents: events }));
  // The renderer main thread of this page: the one with its user-timing or the busiest CrRendererMain.
  const names = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const url = page.url();
  const frames = events.filter(
    (e) =>
      e.name === 'TracingStartedInBrowser' ||
      (e.name === 'CommitLoad' && JSON.stringify(e.args).includes(url.split('?')[0]!)),
  );
  let best = { pid: 0, tid: 0, busy: 0 };
  for (const t of names) {
    const busy = events
      .filter((e) => e.pid === t.pid && e.tid === t.tid && e.name === 'RunTask' && e.ph === 'X')
      .reduce((s, e) => s + (e.dur ?? 0), 0);
    if (busy > best.busy) best = { pid: t.pid, tid: t.tid, busy };
  }
  void frames;
  const main = events.filter((e) => e.pid === best.pid && e.tid === best.tid && e.ph === 'X');
  const self = new Map<string, number>();
  const count = new Map<string, number>();
  // Self time by event name (children subtracted), over complete events nested by time.
  const sorted = [...main].sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const stack: TraceEvent[] = [];
  const childTime = new Map<TraceEvent, number>();
  for (const e of sorted) {
    while (stack.length && stack[stack.length - 1]!.ts + (stack[stack.length - 1]!.dur ?? 0) <= e.ts) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) childTime.set(parent, (childTime.get(parent) ?? 0) + (e.dur ?? 0));
    stack.push(e);
  }
  for (const e of sorted) {
    self.set(e.name, (self.get(e.name) ?? 0) + (e.dur ?? 0) - (childTime.get(e) ?? 0));
    count.set(e.name, (count.get(e.name) ?? 0) + 1);
  }
  const secs = WINDOW_MS / 1000;
  console.log(`\n${file}: main thread RunTask ${(best.busy / 1000 / secs).toFixed(1)} ms/s`);
  for (const [name, t] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 18))
    console.log(`  ${(t / 1000 / secs).toFixed(1).padStart(7)} ms/s  ${String(count.get(name)).padStart(6)}×  ${name}`);
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
function printProfile(profile: { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[] }) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const key = (n: ProfileNode) =>
    `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}:${n.callFrame.columnNumber}`;
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  let all = 0;
  for (let i = 0; i < samples.length; i++) {
    const dt = deltas[i + 1] ?? 0;
    const n = byId.get(samples[i]!)!;
    all += dt;
    self.set(key(n), (self.get(key(n)) ?? 0) + dt);
    const seen = new Set<string>();
    for (let id: number | undefined = n.id; id !== undefined; id = parent.get(id)) {
      const k = key(byId.get(id)!);
      if (seen.has(k)) continue;
      seen.add(k);
      total.set(k, (total.get(k) ?? 0) + dt);
    }
  }
  const secs = all / 1e6;
  const show = (m: Map<string, number>, title: string) => {
    console.log(`  ${title}`);
    for (const [k, t] of [...m].sort((a, b) => b[1] - a[1]).slice(0, 25))
      console.log(`    ${(t / 1000 / secs).toFixed(1).padStart(7)} ms/s  ${k}`);
  };
  show(self, 'JS profile, self');
  show(total, 'JS profile, total');
}

async function main() {
  const dir = process.argv[2] ?? '/tmp';
  const sim = await startSim({ port: 0, seed: 42, rateLimits: false });
  const copy = extensionWithFloor();
  const { context, serviceWorker, extensionId } = await launchExtension({ extensionDir: copy.dir });
  try {
    await configureConnection(serviceWorker, sim);
    const all = new Universe(42, sim.control.now()).markets.map((m) => m.epic);
    const streams = (e: string) => e.startsWith('CS.D.') || e.startsWith('IX.D.');
    const epics = [...all.filter(streams), ...all.filter((e) => !streams(e))].slice(0, 200);
    const admin = await context.newPage();
    await admin.goto(extensionUrl(extensionId, 'manifest.json'));
    const list = await ask<{ id: string }>(admin, 'watchlists.create', { name: 'Bench columns', epics });
    const setColumns = (columns: readonly string[] | null) =>
      admin.evaluate(
        async ([id, columns]) => {
          // biome-ignore lint/suspicious/noExplicitAny: the extension's storage in the page
          const storage = (globalThis as any).chrome.storage.local;
          const marks = ((await storage.get('watchlistMarks')).watchlistMarks ?? {}) as Record<string, unknown>;
          const lists = { ...((marks.lists as Record<string, unknown>) ?? {}), [id]: { columns, sections: [] } };
          await storage.set({ watchlistMarks: { flags: {}, notes: {}, ...marks, lists } });
        },
        [list.id, columns] as const,
      );
    const floor = await context.newPage();
    await floor.setViewportSize(SIDEPANEL_VIEWPORT);
    await floor.goto(`${extensionUrl(extensionId, FLOOR_STREAM_PAGE)}?epics=${epics.slice(0, 50).join(',')}`);
    await floor.waitForTimeout(4_000);
    await trace(context, floor, join(dir, 'trace-floor.json'));
    await floor.close();
    const height = Number(process.env.TRACE_HEIGHT ?? 2400);
    for (const variant of (process.env.TRACE_VARIANTS ?? 'default,all').split(',')) {
      await setColumns(variant === 'all' ? columnIds : null);
      const page = await context.newPage();
      await page.setViewportSize({ width: SIDEPANEL_VIEWPORT.width, height });
      await page.goto(extensionUrl(extensionId, 'sidepanel.html'));
      await page.getByRole('combobox', { name: 'Watchlist' }).selectOption(list.id);
      await waitFor('streaming', async () => (await streamState(page)) === 'Live' && pricesStreamed(sim) >= 40, 30_000);
      await page.waitForTimeout(3_000);
      console.log(`${variant}: ${pricesStreamed(sim)} streamed, ${await page.getByTestId('panel-row').count()} rows`);
      await trace(context, page, join(dir, `trace-${variant}.json`));
      await page.close();
    }
  } finally {
    await context.close();
    await sim.close();
    copy.remove();
  }
}

await main();
