// Service worker wake to first reply: the worker is stopped through the DevTools protocol
// (ServiceWorker.stopAllWorkers), then an extension page sends `status.get` and times the round trip
// until the reply arrives. The baseline is the same round trip to a running worker, in the same run.
// The floor (floor-worker.ts: a minimal MV3 worker that answers one message) takes turns with the build
// in one run (ROUNDS launches each, alternately); the build's median is reported as a ratio to the
// floor's. With WORKER_WAKE_COMPARE=<dir of another built extension>[,<dir>...] (e.g. a copy of an earlier
// build), each of those builds takes its turns too and is reported the same way.
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Page } from 'playwright-core';
import { buildExtension, configureConnection, EXTENSION_DIR, extensionUrl, launchExtension } from '../e2e/launch';
import { startSim } from '../sim/server';
import { median, percentile } from './env';
import { floorWorkerExtension } from './floor-worker';
import type { BenchModule, BenchResult } from './types';
import { workerStops } from './worker-stops';

const SAMPLES = 20;
const ROUNDS = 3;
const round = (n: number) => Math.round(n * 10) / 10;
const ratio = (n: number) => Math.round(n * 100) / 100;
/** Goal: a woken worker's first reply at most this many times the floor worker's, median. */
const FLOOR_GOAL = 1.5;

/** Sends one message the way the pages do (the @webext-core/messaging envelope) and times the reply. */
function roundTrip(page: Page): Promise<{ ms: number; ok: boolean }> {
  return page.evaluate(async () => {
    const runtime = (globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } })
      .chrome.runtime;
    const t0 = performance.now();
    const reply = (await runtime.sendMessage({ id: 1, type: 'status.get', data: {}, timestamp: Date.now() })) as {
      res?: { ok?: boolean };
    };
    return { ms: performance.now() - t0, ok: reply?.res?.ok === true };
  });
}

type Sim = Awaited<ReturnType<typeof startSim>>;

/** One launch of one build: `samples` round trips to the running worker, then `samples` wakes. */
async function measure(extensionDir: string, sim: Sim | null, samples: number) {
  const { context, serviceWorker, extensionId } = await launchExtension({ extensionDir });
  try {
    if (sim) await configureConnection(serviceWorker, sim);
    // A page of the extension's origin with no live port of its own (a port would wake the worker).
    const page = await context.newPage();
    await page.goto(extensionUrl(extensionId, 'manifest.json'));
    const worker = await workerStops(context, page, extensionId);
    const first = await roundTrip(page);
    if (!first.ok) throw new Error('The worker did not answer status.get');

    const running: number[] = [];
    for (let i = 0; i < samples; i++) running.push((await roundTrip(page)).ms);

    const woken: number[] = [];
    for (let i = 0; i < samples; i++) {
      await worker.stop();
      const sample = await roundTrip(page);
      if (!sample.ok) throw new Error('A woken worker did not answer status.get');
      woken.push(sample.ms);
    }
    return { running, woken };
  } finally {
    await context.close();
  }
}

function results(label: string, running: number[], woken: number[], floor?: number[]): BenchResult[] {
  const tag = label ? `${label}: ` : '';
  const rows: BenchResult[] = [
    {
      name: `${tag}wake to first reply, median (${woken.length} stops)`,
      value: round(median(woken)),
      unit: 'ms',
      baseline: round(median(running)),
      note: 'baseline: the same message to a running worker',
    },
    {
      name: `${tag}wake to first reply, p95`,
      value: round(percentile(woken, 95)),
      unit: 'ms',
      baseline: round(percentile(running, 95)),
    },
  ];
  if (!floor) return rows;
  const r = median(woken) / median(floor);
  rows.push({
    name: `${tag}wake to first reply, median / floor worker's median`,
    value: ratio(r),
    unit: '×',
    baseline: round(median(floor)),
    target: `<= ${FLOOR_GOAL}`,
    pass: r <= FLOOR_GOAL,
    note: 'baseline: the floor worker woken the same way, same run',
  });
  return rows;
}

interface Build {
  label: string;
  dir: string;
  sim: boolean;
  running: number[];
  woken: number[];
}

const bench: BenchModule = {
  title: 'service worker wake to first reply (stopped through CDP) vs a running worker and the floor worker',
  browsers: ['chromium'],
  async run() {
    if (!existsSync(join(EXTENSION_DIR, 'manifest.json'))) buildExtension();
    const others = (process.env.WORKER_WAKE_COMPARE ?? '').split(',').filter(Boolean);
    for (const other of others)
      if (!existsSync(join(other, 'manifest.json')))
        throw new Error(`WORKER_WAKE_COMPARE names no built extension: ${other}`);
    const sim = await startSim({ port: 0, seed: 42, rateLimits: false });
    const floorExtension = floorWorkerExtension();
    try {
      const builds: Build[] = [
        { label: 'floor worker', dir: floorExtension.dir, sim: false, running: [], woken: [] },
        { label: 'this build', dir: EXTENSION_DIR, sim: true, running: [], woken: [] },
        ...others.map((dir) => ({
          label: others.length === 1 ? 'compared build' : `compared build ${basename(dir)}`,
          dir,
          sim: true,
          running: [],
          woken: [],
        })),
      ];
      for (let r = 0; r < ROUNDS; r++)
        for (const b of r % 2 === 0 ? builds : [...builds].reverse()) {
          const m = await measure(b.dir, b.sim ? sim : null, SAMPLES);
          b.running.push(...m.running);
          b.woken.push(...m.woken);
        }
      const [floor, ...measured] = builds as [Build, ...Build[]];
      return [
        ...results(floor.label, floor.running, floor.woken),
        ...measured.flatMap((b) => results(b.label, b.running, b.woken, floor.woken)),
      ];
    } finally {
      floorExtension.remove();
      await sim.close();
    }
  },
};

export default bench;
