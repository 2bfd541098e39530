// Wakes taken by turns in ONE browser (a tool, not a benchmark): the floor worker (floor-worker.ts) and each
// given build are loaded together; every round stops all their workers, then wakes each alone with
// `status.get`, in a shuffled order, so a shift in the machine's load falls on all of them alike (the bench
// launches each build by itself, a few launches apart). Prints each median, its ratio to the floor's median and
// the median of the per-round ratios; with two builds or more, each build against the first, round by round
// (the median of its per-round ratio with a 95 % bootstrap interval, and in how many rounds it was faster):
// an interval that excludes 1 is a difference this run measured.
//   npx tsx bench/worker-wake-paired.ts <rounds> <built dir>...   (default: 30 rounds of .output/chrome-mv3)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import {
  CHROMIUM,
  chromiumArgs,
  closeWelcomePages,
  configureConnection,
  EXTENSION_DIR,
  GRANTED_HOSTS,
  withGrantedHosts,
} from '../e2e/launch';
import { startSim } from '../sim/server';
import { median } from './env';
import { floorWorkerExtension } from './floor-worker';

interface Chrome {
  chrome: {
    runtime: {
      sendMessage(m: unknown): Promise<{ res?: { ok?: boolean } } | undefined>;
      getManifest(): { version_name?: string };
    };
  };
}

/** A 95 % bootstrap interval of the median (resampled 2,000 times). */
function bootstrapInterval(values: number[]): [number, number] {
  const medians: number[] = [];
  for (let i = 0; i < 2000; i++)
    medians.push(median(values.map(() => values[Math.floor(Math.random() * values.length)]!)));
  medians.sort((a, b) => a - b);
  return [medians[Math.floor(medians.length * 0.025)]!, medians[Math.floor(medians.length * 0.975)]!];
}

const rounds = Number(process.argv[2] ?? 30);
const dirs = process.argv.slice(3);
if (dirs.length === 0) dirs.push(EXTENSION_DIR);
const sim = await startSim({ port: 0, seed: 42, rateLimits: false });
const floor = floorWorkerExtension();
const root = mkdtempSync(join(tmpdir(), 'marketside-paired-'));
// Each copy names itself in version_name, which its worker reads back.
const copies = [floor.dir, ...dirs].map((dir, i) => {
  const copy = withGrantedHosts(dir, join(root, `ext${i}`), GRANTED_HOSTS);
  const manifest = JSON.parse(readFileSync(join(copy, 'manifest.json'), 'utf8'));
  manifest.version_name = i === 0 ? 'floor' : dir;
  writeFileSync(join(copy, 'manifest.json'), JSON.stringify(manifest));
  return copy;
});
const args = chromiumArgs(copies.join(','), true);
const context = await chromium.launchPersistentContext(join(root, 'profile'), { executablePath: CHROMIUM, args });
closeWelcomePages(context);
try {
  const deadline = Date.now() + 30_000;
  while (context.serviceWorkers().length < copies.length && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 200));
  const labels = new Map<string, string>();
  for (const worker of context.serviceWorkers()) {
    const label = await worker.evaluate(
      () => (globalThis as unknown as Chrome).chrome.runtime.getManifest().version_name,
    );
    if (label !== 'floor') await configureConnection(worker, sim);
    labels.set(new URL(worker.url()).host, label ?? '?');
  }
  if (labels.size !== copies.length) throw new Error(`${labels.size} workers of ${copies.length} started`);
  const ids = [...labels.keys()];
  const floorId = ids.find((id) => labels.get(id) === 'floor')!;
  const pages = new Map<string, Page>();
  for (const id of ids) {
    const page = await context.newPage();
    await page.goto(`chrome-extension://${id}/manifest.json`);
    pages.set(id, page);
  }
  const cdp = await context.newCDPSession(pages.get(floorId)!);
  const running = new Map<string, string>();
  cdp.on('ServiceWorker.workerVersionUpdated', (e) => {
    for (const v of e.versions) running.set(new URL(v.scriptURL).host, v.runningStatus);
  });
  await cdp.send('ServiceWorker.enable');
  const stopAll = async () => {
    await cdp.send('ServiceWorker.stopAllWorkers');
    const end = Date.now() + 10_000;
    while ([...running.values()].some((s) => s !== 'stopped') && Date.now() < end)
      await new Promise((r) => setTimeout(r, 20));
  };
  const send = (page: Page) =>
    page.evaluate(async () => {
      const t0 = performance.now();
      const reply = await (globalThis as unknown as Chrome).chrome.runtime.sendMessage({
        id: 1,
        type: 'status.get',
        data: {},
        timestamp: Date.now(),
      });
      return { ms: performance.now() - t0, ok: reply?.res?.ok === true };
    });
  for (const id of ids) await send(pages.get(id)!);
  const times = new Map<string, number[]>(ids.map((id) => [id, []]));
  for (let r = 0; r < rounds; r++)
    for (const id of [...ids].sort(() => Math.random() - 0.5)) {
      await stopAll();
      const sample = await send(pages.get(id)!);
      if (!sample.ok) throw new Error(`${labels.get(id)} did not answer status.get`);
      times.get(id)!.push(sample.ms);
    }
  const floorTimes = times.get(floorId)!;
  for (const id of ids) {
    const t = times.get(id)!;
    const perRound = median(t.map((ms, i) => ms / floorTimes[i]!));
    console.log(
      `${labels.get(id)!.padEnd(40)} median ${median(t).toFixed(1).padStart(6)} ms, ` +
        `x the floor's median ${(median(t) / median(floorTimes)).toFixed(2)}, median of per-round ratios ${perRound.toFixed(2)}`,
    );
  }
  const [base, ...others] = ids.filter((id) => id !== floorId);
  for (const id of base ? others : []) {
    const ratios = times.get(id)!.map((ms, i) => ms / times.get(base!)![i]!);
    const [low, high] = bootstrapInterval(ratios);
    const faster = ratios.filter((r) => r < 1).length;
    console.log(
      `${labels.get(id)!.padEnd(40)} / ${labels.get(base!)}: per-round ratio median ${median(ratios).toFixed(3)} ` +
        `(95 % ${low.toFixed(3)}-${high.toFixed(3)}), faster in ${faster} of ${ratios.length} rounds`,
    );
  }
} finally {
  await context.close();
  rmSync(root, { recursive: true, force: true });
  floor.remove();
  await sim.close();
}
