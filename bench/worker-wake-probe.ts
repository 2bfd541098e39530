// Where a woken worker's first reply goes (a tool, not a benchmark): copies the build (and the floor worker,
// floor-worker.ts) with timing marks around the worker's script and its message listener, stops the worker
// through the DevTools protocol, sends `status.get` from a page and prints, per phase, the median time from
// the page's send: the worker's start (its timeOrigin), its script evaluated, the message received, the
// reply sent and the reply back in the page. READS=1 prints the storage reads of the last wake before its reply.
//   npx tsx bench/worker-wake-probe.ts [wakes]
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { buildExtension, configureConnection, EXTENSION_DIR, extensionUrl, launchExtension } from '../e2e/launch';
import { startSim } from '../sim/server';
import { median } from './env';
import { floorWorkerExtension } from './floor-worker';
import { workerStops } from './worker-stops';

/** Before the worker's own script: its start, and the first message in and reply out through any listener. */
const PREFIX = `self.__wake = { start: performance.now() }; self.__reads = [];
for (const area of ['local', 'session']) { const a = chrome.storage?.[area]; if (!a) continue; const get = a.get.bind(a);
  a.get = (k, ...r) => { const t = performance.now(); const out = get(k, ...r);
    if (!self.__wake.reply) Promise.resolve(out).then(() => self.__reads.push([area + ':' + JSON.stringify(k).slice(0, 60), Math.round(t), Math.round(performance.now())])); return out; }; }
{ const on = chrome.runtime.onMessage; const add = on.addListener.bind(on);
  on.addListener = (l) => add((m, s, send) => { self.__wake.message ??= performance.now();
    return l(m, s, (r) => { self.__wake.reply ??= performance.now(); send(r); }); }); }
`;
const SUFFIX = `\nself.__wake.evaluated = performance.now();\n`;

function instrumented(source: string, script: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'marketside-wake-probe-'));
  cpSync(source, dir, { recursive: true });
  const file = join(dir, script);
  writeFileSync(file, PREFIX + readFileSync(file, 'utf8') + SUFFIX);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

interface Wake {
  [phase: string]: number;
}

async function wakes(context: BrowserContext, page: Page, extensionId: string, n: number): Promise<Wake[]> {
  const workers = await workerStops(context, page, extensionId);
  const out: Wake[] = [];
  for (let i = 0; i < n; i++) {
    await workers.stop();
    const sent = await page.evaluate(async () => {
      const runtime = (globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } })
        .chrome.runtime;
      const t0 = performance.timeOrigin + performance.now();
      await runtime.sendMessage({ id: 1, type: 'status.get', data: {}, timestamp: Date.now() });
      return { t0, back: performance.timeOrigin + performance.now() };
    });
    const worker = context.serviceWorkers().at(-1);
    if (!worker) throw new Error('No worker after the wake');
    if (process.env.READS && i === n - 1)
      console.log(await worker.evaluate(() => JSON.stringify((globalThis as unknown as { __reads: unknown }).__reads)));
    const w: Record<string, number> & { origin: number } = await worker.evaluate(() => ({
      origin: performance.timeOrigin,
      ...(globalThis as unknown as { __wake: Record<string, number> }).__wake,
    }));
    const at = (x: number | undefined) => (x === undefined ? Number.NaN : w.origin + x - sent.t0);
    out.push({
      'worker started (timeOrigin)': w.origin - sent.t0,
      'script starts': at(w.start),
      'script evaluated': at(w.evaluated),
      'message received': at(w.message),
      'reply sent': at(w.reply),
      'reply back in the page': sent.back - sent.t0,
      // Any other mark a copy of the build sets (`self.__wake.<name> = performance.now()`).
      ...Object.fromEntries(
        Object.entries(w)
          .filter(([k]) => !['origin', 'start', 'evaluated', 'message', 'reply'].includes(k))
          .map(([k, v]) => [`mark: ${k}`, at(v)]),
      ),
    });
  }
  return out;
}

function report(title: string, runs: Wake[]) {
  console.log(`\n== ${title} (${runs.length} wakes), median ms from the page's send`);
  const at = (k: string) => median(runs.map((r) => r[k]!));
  for (const k of Object.keys(runs[0] ?? {}).sort((a, b) => at(a) - at(b)))
    console.log(
      `  ${median(runs.map((r) => r[k]!))
        .toFixed(1)
        .padStart(7)}  ${k}`,
    );
}

async function main() {
  const n = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 15);
  // A built extension to probe instead of .output/chrome-mv3 (e.g. a copy with marks of its own).
  const source = process.env.PROBE_DIR ?? EXTENSION_DIR;
  if (!existsSync(join(source, 'manifest.json'))) buildExtension();
  const sim = await startSim({ port: 0, seed: 42, rateLimits: false });
  const floorSource = floorWorkerExtension();
  const builds = [
    { title: 'floor worker', copy: instrumented(floorSource.dir, 'floor-worker.js'), sim: false },
    { title: 'this build', copy: instrumented(source, 'background.js'), sim: true },
  ];
  const runs = new Map<string, Wake[]>(builds.map((b) => [b.title, []]));
  try {
    for (let round = 0; round < 2; round++)
      for (const b of builds) {
        const { context, serviceWorker, extensionId } = await launchExtension({ extensionDir: b.copy.dir });
        try {
          if (b.sim) await configureConnection(serviceWorker, sim);
          const page = await context.newPage();
          await page.goto(extensionUrl(extensionId, 'manifest.json'));
          runs.get(b.title)!.push(...(await wakes(context, page, extensionId, n)));
        } finally {
          await context.close();
        }
      }
    for (const b of builds) report(b.title, runs.get(b.title)!);
  } finally {
    for (const b of builds) b.copy.remove();
    floorSource.remove();
    await sim.close();
  }
}

await main();
