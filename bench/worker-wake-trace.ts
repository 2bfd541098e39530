// Where a woken worker's time goes, from Chromium's own trace (a tool, not a benchmark): wakes the floor
// worker and a build's worker (stopped through the DevTools protocol, as worker-wake.bench.ts does) while the
// browser traces V8 and Blink, then prints the worker thread's time per wake by trace event: fetching the
// stored script, decoding it, V8 reading its code cache (CompileDeserialize), running it (v8.run), the
// microtasks after it, and how much code cache V8 read. Nothing pauses or samples the worker. FLOOR=0 leaves
// the floor out; TIMELINE=1 also lists the last wake's events in order.
//   npx tsx bench/worker-wake-trace.ts [wakes] [extension dir, default .output/chrome-mv3]
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { configureConnection, EXTENSION_DIR, extensionUrl, launchExtension } from '../e2e/launch';
import { startSim } from '../sim/server';
import { DEVTOOLS_ARGS } from './devtools';
import { floorWorkerExtension } from './floor-worker';
import { workerStops } from './worker-stops';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: Record<string, unknown> & { data?: Record<string, unknown>; name?: string };
}

function connect(url: string) {
  const ws = new WebSocket(url, { maxPayload: 1 << 30 });
  let id = 0;
  const events: ((m: { method: string; params: Record<string, unknown> }) => void)[] = [];
  const pending = new Map<number, (m: { result?: unknown; error?: unknown }) => void>();
  ws.on('message', (data) => {
    const m = JSON.parse(data.toString());
    if (m.id && pending.has(m.id)) {
      pending.get(m.id)!(m);
      pending.delete(m.id);
    } else if (m.method) for (const f of events) f(m);
  });
  return {
    open: new Promise<void>((r, j) => {
      ws.once('open', () => r());
      ws.once('error', j);
    }),
    on: (f: (m: { method: string; params: Record<string, unknown> }) => void) => events.push(f),
    call: <T>(method: string, params: Record<string, unknown> = {}) =>
      new Promise<T>((resolve, reject) => {
        const mine = ++id;
        pending.set(mine, (m) => (m.error ? reject(new Error(JSON.stringify(m.error))) : resolve(m.result as T)));
        ws.send(JSON.stringify({ id: mine, method, params }));
      }),
    close: () => ws.close(),
  };
}

async function traceWakes(dir: string, sim: Awaited<ReturnType<typeof startSim>> | null, n: number) {
  const profile = mkdtempSync(join(tmpdir(), 'marketside-wake-trace-'));
  const { context, serviceWorker, extensionId } = await launchExtension({
    extensionDir: dir,
    userDataDir: profile,
    args: DEVTOOLS_ARGS,
  });
  try {
    if (sim) await configureConnection(serviceWorker, sim);
    const page = await context.newPage();
    await page.goto(extensionUrl(extensionId, 'manifest.json'));
    const workers = await workerStops(context, page, extensionId);
    const port = readFileSync(join(profile, 'DevToolsActivePort'), 'utf8').split('\n')[0]!.trim();
    const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
      webSocketDebuggerUrl: string;
    };
    const b = connect(version.webSocketDebuggerUrl);
    await b.open;
    const send = () =>
      page.evaluate(async () => {
        const runtime = (
          globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }
        ).chrome.runtime;
        const t0 = performance.now();
        await runtime.sendMessage({ id: 1, type: 'status.get', data: {}, timestamp: Date.now() });
        return performance.now() - t0;
      });
    await send();
    const stop = () => workers.stop();
    await stop();
    await send();
    const done = new Promise<string>((r) =>
      b.on((m) => m.method === 'Tracing.tracingComplete' && r(m.params.stream as string)),
    );
    await b.call('Tracing.start', {
      transferMode: 'ReturnAsStream',
      traceConfig: {
        includedCategories: [
          'v8',
          'v8.execute',
          'disabled-by-default-v8.compile',
          'devtools.timeline',
          'blink',
          'ServiceWorker',
          'extensions',
          'toplevel',
        ],
      },
    });
    const ms: number[] = [];
    for (let i = 0; i < n; i++) {
      await stop();
      ms.push(await send());
    }
    await b.call('Tracing.end');
    const handle = await done;
    let text = '';
    for (;;) {
      const chunk = await b.call<{ data: string; eof: boolean; base64Encoded?: boolean }>('IO.read', {
        handle,
        size: 1 << 24,
      });
      text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString() : chunk.data;
      if (chunk.eof) break;
    }
    b.close();
    const parsed = JSON.parse(text) as { traceEvents: TraceEvent[] } | TraceEvent[];
    return { events: Array.isArray(parsed) ? parsed : parsed.traceEvents, ms };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

function analyse(title: string, events: TraceEvent[], n: number, ms: number[]) {
  const names = new Map<string, string>();
  for (const e of events) if (e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, String(e.args?.name));
  const swThreads = new Set([...names].filter(([, v]) => /ServiceWorker/i.test(v)).map(([k]) => k));
  const totals = new Map<string, number>();
  for (const e of events) {
    if (!swThreads.has(`${e.pid}:${e.tid}`) || e.ph !== 'X' || !e.dur) continue;
    const key = `${e.cat} ${e.name}`;
    totals.set(key, (totals.get(key) ?? 0) + e.dur / 1000);
  }
  console.log(
    `\n== ${title}: ${n} wakes, round trip median ${[...ms].sort((a, b) => a - b)[ms.length >> 1]?.toFixed(1)} ms`,
  );
  console.log('  worker thread, ms per wake (inclusive, nested events overlap):');
  for (const [k, v] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, 30))
    console.log(`  ${(v / n).toFixed(2).padStart(8)}  ${k}`);
  // What V8 deserialised of the script's code cache on a wake: every function's bytecode, run or not.
  const cache = events.find(
    (e) => e.name === 'v8.compile' && swThreads.has(`${e.pid}:${e.tid}`) && e.args?.data?.consumedCacheSize,
  );
  if (cache)
    console.log(`  code cache read on each wake: ${Math.round(Number(cache.args?.data?.consumedCacheSize) / 1000)} kB`);
  if (!process.env.TIMELINE) return;
  // TIMELINE=1: the last wake's worker-thread events of 30 us or more, in order, ms from its script's evaluation.
  const own = events
    .filter((e) => swThreads.has(`${e.pid}:${e.tid}`) && e.ph === 'X' && (e.dur ?? 0) >= 30)
    .sort((a, b) => a.ts - b.ts);
  const start = own.filter((e) => e.name === 'EvaluateScript').at(-1);
  if (!start) return;
  for (const e of own)
    if (e.ts >= start.ts - 5000 && !/RunTask|OnHandleReady|Timer|AsyncTask|Interrupt|StackGuard/.test(e.name))
      console.log(
        `  ${((e.ts - start.ts) / 1000).toFixed(2).padStart(8)} ${((e.dur ?? 0) / 1000).toFixed(2).padStart(6)}  ${e.name}`,
      );
}

const n = Number(process.argv[2] ?? 10);
const dir = process.argv[3] ?? EXTENSION_DIR;
const sim = await startSim({ port: 0, seed: 42, rateLimits: false });
const floor = floorWorkerExtension();
try {
  if (process.env.FLOOR !== '0') {
    const f = await traceWakes(floor.dir, null, n);
    analyse('floor worker', f.events, n, f.ms);
  }
  const t = await traceWakes(dir, existsSync(join(dir, 'background.js')) ? sim : null, n);
  analyse(dir, t.events, n, t.ms);
} finally {
  floor.remove();
  await sim.close();
}
