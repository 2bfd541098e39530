// Records a Chrome trace of each page the watchlist-columns bench measures (floor, default columns, every
// column) while it streams, and prints the main thread's time by event. Not a bench (no .bench.ts): run
// `npx tsx bench/watchlist-trace.ts [dir]`; traces are written to dir (default /tmp, made if missing).
// TRACE_VARIANTS=all (default: default,all) picks the panels, and attributes the columns' cost: `chosen` is
// today's columns chosen (the grid of chosen columns), `default+mid` today's columns and one more, `all-spark`
// every column but one; TRACE_PROFILE=1 adds a JS sampling profile; TRACE_COUNTERS=1 the bench's counters
// (page-counters.ts) in every page; BENCH_EXTENSION_DIR traces another build.
// Each trace ends with the page's display items and its largest layer's drawing operations (watchlist-paint.ts).
import './env';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { configureConnection, extensionUrl, launchExtension, SIDEPANEL_VIEWPORT } from '../e2e/launch';
import { type ColumnId, columnIds, DEFAULT_COLUMNS } from '../lib/watchlists/columns';
import { startSim } from '../sim/server';
import { Universe } from '../sim/universe';
import { extensionWithFloor, FLOOR_STREAM_PAGE } from './floor';
import { ask, panelLayout, settledPrices, streamState, waitFor } from './live-page';
import { COUNT_APPLIED } from './page-counters';
import { pricesStreamed } from './stream-sends';
import { displayItems, layerOps } from './watchlist-paint';

const WINDOW_MS = Number(process.env.TRACE_MS ?? 5_000);
const STREAMED = 50;
/** Rows on screen for STREAMED markets live: the panel keeps 15 more below them (WATCH_MARGIN). */
const ON_SCREEN = STREAMED - 15;

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
  /** Thread (CPU) duration. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: Record<string, unknown>;
}

/** The columns a TRACE_VARIANTS entry shows; null: today's columns, as a list nobody chose columns for. */
function columnsOf(variant: string): ColumnId[] | null {
  const [base, op, id] = variant.split(/([+-])/) as [string, string | undefined, ColumnId | undefined];
  const from = { default: null, chosen: DEFAULT_COLUMNS, all: [...columnIds] }[base];
  if (from === undefined || (op && !columnIds.includes(id!))) throw new Error(`no such variant: ${variant}`);
  if (!op) return from;
  const cols = from ?? DEFAULT_COLUMNS;
  return op === '+' ? [...cols, id!] : cols.filter((c) => c !== id);
}

async function trace(context: BrowserContext, page: Page, file: string) {
  const cdp = await context.newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => {
    events.push(...(e.value as unknown as TraceEvent[]));
  });
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  // The JS sampling profile (TRACE_PROFILE=1) costs the page CPU time of its own: off by default.
  const profiling = process.env.TRACE_PROFILE === '1';
  if (profiling) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
  }
  await cdp.send('Tracing.start', { categories: CATEGORIES.join(','), transferMode: 'ReportEvents' });
  if (profiling) await cdp.send('Profiler.start');
  await page.waitForTimeout(WINDOW_MS);
  if (profiling) {
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(file.replace('.json', '.cpuprofile'), JSON.stringify(profile));
    printProfile(profile);
  }
  await cdp.send('Tracing.end');
  await done;
  const paint = await layerOps(cdp);
  await cdp.detach();
  writeFileSync(file, JSON.stringify({ traceEvents: events }));
  report(file, events);
  const ops = paint.ops.map(([kind, n]) => `${kind} ${n}`).join(', ');
  console.log(`  display items ${displayItems(events)}; ${paint.layers} layers; the largest one's operations: ${ops}`);
}

/** Prints the busiest renderer main thread's CPU time (the extension's pages share one renderer). */
function report(file: string, events: TraceEvent[]) {
  const names = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  let best = { pid: 0, tid: 0, busy: 0 };
  for (const t of names) {
    const busy = events
      .filter((e) => e.pid === t.pid && e.tid === t.tid && e.name === 'RunTask' && e.ph === 'X')
      .reduce((s, e) => s + (e.dur ?? 0), 0);
    if (busy > best.busy) best = { pid: t.pid, tid: t.tid, busy };
  }
  const main = events.filter((e) => e.pid === best.pid && e.tid === best.tid && e.ph === 'X');
  const secs = (Math.max(...main.map((e) => e.ts + (e.dur ?? 0))) - Math.min(...main.map((e) => e.ts))) / 1e6;
  console.log(
    `\n${file}: main thread RunTask ${(best.busy / 1000 / secs).toFixed(1)} ms/s wall over ${secs.toFixed(1)} s`,
  );
  console.log(mainThreadReport(main, secs));
  const thread = events.filter((e) => e.pid === best.pid && e.tid === best.tid);
  console.log(fullUpdateCauses(thread).join('\n'));
}

/**
 * What was invalidated before the frames whose layers were sorted again in full (PaintArtifactCompositor::Update,
 * ~1 ms more than a repaint-only frame): each node and reason seen before at least half of those frames, with
 * its share of those frames and of the others. Needs the invalidationTracking category.
 */
export function fullUpdateCauses(thread: TraceEvent[]): string[] {
  const pushes = thread
    .filter((e) => e.name === 'LocalFrameView::pushPaintArtifactToCompositor' && e.ph === 'X')
    .sort((a, b) => a.ts - b.ts);
  const updates = thread.filter((e) => e.name === 'PaintArtifactCompositor::Update').map((e) => e.ts);
  const marks = thread.filter((e) => e.name.endsWith('InvalidationTracking')).sort((a, b) => a.ts - b.ts);
  const seen = { full: new Map<string, number>(), other: new Map<string, number>() };
  const frames = { full: 0, other: 0 };
  let from = 0;
  let at = 0;
  for (const p of pushes) {
    const kind = updates.some((u) => u >= p.ts && u <= p.ts + (p.dur ?? 0)) ? 'full' : 'other';
    frames[kind]++;
    const keys = new Set<string>();
    for (; at < marks.length && marks[at]!.ts <= p.ts; at++) {
      const data = (marks[at]!.args?.data ?? {}) as { nodeName?: string; reason?: string };
      if (marks[at]!.ts > from) keys.add(`${data.nodeName} (${data.reason})`);
    }
    for (const k of keys) seen[kind].set(k, (seen[kind].get(k) ?? 0) + 1);
    from = p.ts;
  }
  const share = (kind: 'full' | 'other', k: string) =>
    `${Math.round((100 * (seen[kind].get(k) ?? 0)) / Math.max(frames[kind], 1))}%`;
  return [
    `  invalidated before the ${frames.full} frames layerized in full (share of those / of the ${frames.other} others):`,
    ...[...seen.full]
      .filter(([, n]) => n >= frames.full / 2)
      .sort((a, b) => b[1] - a[1])
      .map(([k]) => `    ${share('full', k).padStart(4)} / ${share('other', k).padStart(4)}  ${k}`),
  ];
}

/** Where a main-thread event's own CPU time goes (trace events' thread durations, `tdur`). */
export function categoryOf(name: string): string {
  if (/recalcStyle|UpdateLayoutTree|updateStyle|StyleEngine|rebuildLayoutTree|StyleRecalc|UpdateStyle/i.test(name))
    return 'style';
  if (/performLayout|^Layout|InlineNode|LayoutBlock|LayoutObject|LayoutNG|UpdateLayout/i.test(name)) return 'layout';
  if (
    /^Paint$|Paint\.|PrePaint|PaintArtifactCompositor|Layerize|CompositingInputs|CompositingCommit|UpdateLayer$|Commit|Raster/i.test(
      name,
    )
  )
    return 'paint+layers';
  if (
    /FunctionCall|EvaluateScript|v8|V8|RunMicrotasks|TimerFire|FireAnimationFrame|EventDispatch|GC|ParseHTML|ResizeObserver|IntersectionObserver|MutationObserver|Microtask/i.test(
      name,
    )
  )
    return 'script';
  if (/mojo|SerializedScriptValue|postMessage|Port/i.test(name)) return 'messages';
  if (/Animation/i.test(name)) return 'animations';
  return 'other';
}

/**
 * The main thread's CPU time (self, children subtracted) by category and by event, a second and a frame drawn
 * (frames: BeginMainFrame commits).
 */
export function mainThreadReport(main: TraceEvent[], secs: number): string {
  const sorted = [...main].sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const stack: TraceEvent[] = [];
  const childCpu = new Map<TraceEvent, number>();
  for (const e of sorted) {
    while (stack.length && stack[stack.length - 1]!.ts + (stack[stack.length - 1]!.dur ?? 0) <= e.ts) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) childCpu.set(parent, (childCpu.get(parent) ?? 0) + (e.tdur ?? 0));
    stack.push(e);
  }
  const self = new Map<string, number>();
  const count = new Map<string, number>();
  const byCategory = new Map<string, number>();
  let total = 0;
  for (const e of sorted) {
    const t = Math.max(0, (e.tdur ?? 0) - (childCpu.get(e) ?? 0));
    self.set(e.name, (self.get(e.name) ?? 0) + t);
    count.set(e.name, (count.get(e.name) ?? 0) + 1);
    const c = categoryOf(e.name);
    byCategory.set(c, (byCategory.get(c) ?? 0) + t);
    total += t;
  }
  const frames = sorted.filter((e) => e.name === 'ProxyMain::BeginMainFrame::commit').length || 1;
  const layerized = count.get('Layerize') ?? 0;
  const messages = count.get('Receive mojo message') ?? 0;
  const full = count.get('PaintArtifactCompositor::Update') ?? 0;
  const ms = (t: number) => (t / 1000 / secs).toFixed(1).padStart(7);
  const per = (t: number) => (t / 1000 / frames).toFixed(2).padStart(6);
  const lines = [
    // The stream's rate varies over a run: CPU a message received compares traces taken minutes apart.
    `  CPU ${ms(total)} ms/s, ${(frames / secs).toFixed(1)} frames/s, ${per(total)} ms a frame, ${messages} messages, ${(total / 1000 / Math.max(messages, 1)).toFixed(2)} ms a message`,
    `  layerized ${layerized}×, of which ${full} full updates (the rest repaint only)`,
    ...[...byCategory].sort((a, b) => b[1] - a[1]).map(([c, t]) => `  ${ms(t)} ms/s ${per(t)} ms/frame  ${c}`),
    '  by event (self CPU):',
    ...[...self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 24)
      .map(([n, t]) => `  ${ms(t)} ms/s ${per(t)} ms/frame ${String(count.get(n)).padStart(6)}×  ${n}`),
  ];
  return lines.join('\n');
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
  if (process.argv[2] === '--read') {
    // Prints a trace written before: `npx tsx bench/watchlist-trace.ts --read /tmp/trace-all.json`.
    for (const file of process.argv.slice(3))
      report(file, (JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents);
    process.exit(0);
  }
  const dir = process.argv[2] ?? '/tmp';
  mkdirSync(dir, { recursive: true });
  const sim = await startSim({ port: 0, seed: 42, rateLimits: false });
  const copy = extensionWithFloor();
  const { context, serviceWorker, extensionId } = await launchExtension({ extensionDir: copy.dir });
  try {
    // TRACE_COUNTERS=1: the bench's own counters in every page, as the bench has them (what they cost).
    if (process.env.TRACE_COUNTERS) await context.addInitScript({ content: COUNT_APPLIED });
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
    await waitFor('the floor streaming', async () => (await settledPrices(sim)) === STREAMED, 60_000);
    await floor.waitForTimeout(2_000);
    await trace(context, floor, join(dir, 'trace-floor.json'));
    await floor.close();
    // A variant named again is traced again (trace-all-2.json): variants taken in turns average out the stream.
    const variants = (process.env.TRACE_VARIANTS ?? 'default,all').split(',');
    for (const [i, variant] of variants.entries()) {
      const nth = variants.slice(0, i).filter((v) => v === variant).length;
      await setColumns(columnsOf(variant));
      const page = await context.newPage();
      await page.setViewportSize(SIDEPANEL_VIEWPORT);
      await page.goto(extensionUrl(extensionId, 'sidepanel.html'));
      await page.getByRole('combobox', { name: 'Watchlist' }).selectOption(list.id);
      await page.locator('.wl-table [data-testid="panel-row"]').first().waitFor({ timeout: 30_000 });
      // As the bench sizes it (watchlist-columns.bench.ts): 35 rows on screen, counted from the rows' own places
      // (the DOM keeps them in no order), so that the panel keeps 50 markets live; then the service must
      // stream 50, held for a second and a half (a page just resized changes its markets for a moment).
      const layout = () => panelLayout(page);
      // The layout settles as the list's numbers arrive (wider numbers, more lines): size it again until it holds.
      let height = 0;
      let streamed = 0;
      for (let attempt = 0; attempt < 3 && streamed !== STREAMED; attempt++) {
        const at = await layout();
        height = Math.round(at.chrome + at.first + (ON_SCREEN - 0.5) * at.row);
        await page.setViewportSize({ width: SIDEPANEL_VIEWPORT.width, height });
        // Measured before the list's numbers arrived, a row may have grown since: measured again next time round.
        const fits = await waitFor(
          `${ON_SCREEN} rows on screen`,
          async () => (await layout()).onScreen === ON_SCREEN,
          30_000,
        ).then(
          () => true,
          () => false,
        );
        if (!fits) continue;
        await waitFor('streaming', async () => (await streamState(page)) === 'Live', 60_000);
        streamed = await settledPrices(sim);
      }
      if (streamed !== STREAMED) console.warn(`${variant}: ${streamed} markets streamed, not ${STREAMED}`);
      if (process.env.TRACE_CSS) await page.addStyleTag({ content: process.env.TRACE_CSS });
      await page.waitForTimeout(3_000);
      console.log(
        `${variant}: ${height} px, ${pricesStreamed(sim)} streamed, ${await page.getByTestId('panel-row').count()} rows`,
      );
      await trace(context, page, join(dir, `trace-${variant}${nth ? `-${nth + 1}` : ''}.json`));
      await page.close();
    }
  } finally {
    await context.close();
    await sim.close();
    copy.remove();
  }
}

await main();
// Something the run opened stays open after everything is closed: without this the script never ends.
process.exit(0);
