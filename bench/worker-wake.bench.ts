// Service worker wake to first reply: the worker is stopped through the DevTools protocol
// (ServiceWorker.stopAllWorkers), then an extension page sends `status.get` and times the round trip
// until the reply arrives. The baseline is the same round trip to a running worker, in the same run.
// With WORKER_WAKE_COMPARE=<dir of another built extension> (e.g. a copy of an earlier build), the two
// builds take turns in one run (ROUNDS launches each, alternately) and each is reported with its ratio.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { buildExtension, configureConnection, EXTENSION_DIR, extensionUrl, launchExtension } from '../e2e/launch';
import { startSim } from '../sim/server';
import { median, percentile } from './env';
import type { BenchModule, BenchResult } from './types';

const SAMPLES = 20;
const ROUNDS = 3;
const round = (n: number) => Math.round(n * 10) / 10;

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
async function measure(extensionDir: string, sim: Sim, samples: number) {
  const { context, serviceWorker, extensionId } = await launchExtension({ extensionDir });
  try {
    await configureConnection(serviceWorker, sim);
    // A page of the extension's origin with no live port of its own (a port would wake the worker).
    const page = await context.newPage();
    await page.goto(extensionUrl(extensionId, 'manifest.json'));
    const cdp = await context.newCDPSession(page);
    // The worker's running status as DevTools reports it, so a sample starts only once it has stopped.
    let status = 'running';
    const changed: (() => void)[] = [];
    cdp.on('ServiceWorker.workerVersionUpdated', (event) => {
      for (const v of event.versions)
        if (v.scriptURL.startsWith(`chrome-extension://${extensionId}/`)) status = v.runningStatus;
      for (const f of changed.splice(0)) f();
    });
    const stopped = async () => {
      const deadline = Date.now() + 10_000;
      while (status !== 'stopped') {
        if (Date.now() > deadline) throw new Error(`The worker did not stop (it is ${status})`);
        await new Promise<void>((done) => {
          changed.push(done);
          setTimeout(done, 200);
        });
      }
    };
    await cdp.send('ServiceWorker.enable');
    const first = await roundTrip(page);
    if (!first.ok) throw new Error('The worker did not answer status.get');

    const running: number[] = [];
    for (let i = 0; i < samples; i++) running.push((await roundTrip(page)).ms);

    const woken: number[] = [];
    for (let i = 0; i < samples; i++) {
      await cdp.send('ServiceWorker.stopAllWorkers');
      await stopped();
      const sample = await roundTrip(page);
      if (!sample.ok) throw new Error('A woken worker did not answer status.get');
      woken.push(sample.ms);
    }
    return { running, woken };
  } finally {
    await context.close();
  }
}

function results(label: string, running: number[], woken: number[]): BenchResult[] {
  const tag = label ? `${label}: ` : '';
  return [
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
}

const bench: BenchModule = {
  title: 'service worker wake to first reply (stopped through CDP) vs a running worker',
  browsers: ['chromium'],
  async run() {
    if (!existsSync(join(EXTENSION_DIR, 'manifest.json'))) buildExtension();
    const other = process.env.WORKER_WAKE_COMPARE;
    if (other && !existsSync(join(other, 'manifest.json')))
      throw new Error(`WORKER_WAKE_COMPARE names no built extension: ${other}`);
    const sim = await startSim({ port: 0, seed: 42, rateLimits: false });
    try {
      if (!other) {
        const { running, woken } = await measure(EXTENSION_DIR, sim, SAMPLES);
        return results('', running, woken);
      }
      const builds = [
        { label: 'this build', dir: EXTENSION_DIR, running: [] as number[], woken: [] as number[] },
        { label: 'compared build', dir: other, running: [] as number[], woken: [] as number[] },
      ];
      for (let r = 0; r < ROUNDS; r++)
        for (const b of r % 2 === 0 ? builds : [...builds].reverse()) {
          const m = await measure(b.dir, sim, SAMPLES);
          b.running.push(...m.running);
          b.woken.push(...m.woken);
        }
      return builds.flatMap((b) => results(b.label, b.running, b.woken));
    } finally {
      await sim.close();
    }
  },
};

export default bench;
