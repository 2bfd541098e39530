// Wakes taken by turns in ONE browser (a tool, not a benchmark): the floor worker (floor-worker.ts) and each
// given build are loaded together; every round stops all their workers, then wakes each alone with
// `status.get`, in a shuffled order, so a shift in the machine's load falls on all of them alike (the bench
// launches each build by itself, a few launches apart). Prints each median, its ratio to the floor's median and
// the median of the per-round ratios; with two builds or more, each build against the first, round by round
// (the median of its per-round ratio with a 95 % bootstrap interval, and in how many rounds it was faster):
// an interval that excludes 1 is a difference this run measured.
// OPENING=1: each wake is the popup's opening instead (lib/popup, entrypoints/popup: `status.get`, the live
// Port and its watch, `build.get`, `markets.quotes` for the recent lookups, sent at once in that order), timed
// to the LAST reply; the first reply (`status.get`) of the same wakes is printed too.
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
      connect(info: { name: string }): { postMessage(m: unknown): void; disconnect(): void };
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
const opening = process.env.OPENING === '1';
/** The recent lookups the popup's opening asks prices for (markets of the simulated service). */
const RECENT = ['CS.D.EURUSD.MINI.IP', 'IX.D.FTSE.DAILY.IP', 'IX.D.DAX.DAILY.IP'];
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
    // A stop that does not return fails the run by name instead of holding it.
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      cdp.send('ServiceWorker.stopAllWorkers'),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('ServiceWorker.stopAllWorkers did not return in 15 s')), 15_000);
      }),
    ]).finally(() => clearTimeout(timer));
    const end = Date.now() + 10_000;
    while ([...running.values()].some((s) => s !== 'stopped') && Date.now() < end)
      await new Promise((r) => setTimeout(r, 20));
    const up = [...running].filter(([, s]) => s !== 'stopped').map(([host, s]) => `${labels.get(host) ?? host} ${s}`);
    if (up.length > 0) console.warn(`not stopped after 10 s: ${up.join(', ')}`);
  };
  const statusOnly = (page: Page) =>
    page.evaluate(async () => {
      const t0 = performance.now();
      const reply = await (globalThis as unknown as Chrome).chrome.runtime.sendMessage({
        id: 1,
        type: 'status.get',
        data: {},
        timestamp: Date.now(),
      });
      const ms = performance.now() - t0;
      return { ms, first: ms, ok: reply?.res?.ok === true, failed: ['status.get'] };
    });
  const popupOpening = (page: Page) =>
    page.evaluate(async (epics) => {
      const { runtime } = (globalThis as unknown as Chrome).chrome;
      const t0 = performance.now();
      // No named functions in here: tsx would wrap them in a helper the page does not have.
      const messages: [string, unknown][] = [
        ['status.get', {}],
        ['build.get', {}],
        ['markets.quotes', { epics }],
      ];
      let port: ReturnType<typeof runtime.connect> | undefined;
      const sent = messages.map(([type, data], i) => {
        if (i === 1) {
          // The live Port opens between the status and the rest, as the popup's effects run.
          port = runtime.connect({ name: 'marketside-live' });
          try {
            port.postMessage({ kind: 'watch', epics, marketIds: [], visible: true });
          } catch {
            // The floor has no Port listener.
          }
        }
        // A reply that never comes fails the run by name instead of holding it (the open Port keeps the worker up).
        return Promise.race([
          runtime
            .sendMessage({ id: i + 1, type, data, timestamp: Date.now() })
            .then((reply) => ({ ms: performance.now() - t0, ok: reply?.res?.ok === true, type })),
          new Promise<{ ms: number; ok: boolean; type: string }>((r) =>
            setTimeout(() => r({ ms: Number.NaN, ok: false, type: `${type} (no reply in 10 s)` }), 10_000),
          ),
        ]);
      });
      const replies = await Promise.all(sent);
      port?.disconnect();
      return {
        ms: Math.max(...replies.map((r) => r.ms)),
        first: replies[0]!.ms,
        ok: replies.every((r) => r.ok),
        failed: replies.filter((r) => !r.ok).map((r) => r.type),
      };
    }, RECENT);
  const send = opening ? popupOpening : statusOnly;
  for (const id of ids) await send(pages.get(id)!);
  const times = new Map<string, number[]>(ids.map((id) => [id, []]));
  const firsts = new Map<string, number[]>(ids.map((id) => [id, []]));
  for (let r = 0; r < rounds; r++)
    for (const id of [...ids].sort(() => Math.random() - 0.5)) {
      await stopAll();
      const sample = await send(pages.get(id)!);
      if (!sample.ok) throw new Error(`${labels.get(id)} did not answer ${sample.failed.join(', ')}`);
      times.get(id)!.push(sample.ms);
      firsts.get(id)!.push(sample.first);
    }
  const report = (title: string, samples: Map<string, number[]>) => {
    console.log(title);
    const floorTimes = samples.get(floorId)!;
    for (const id of ids) {
      const t = samples.get(id)!;
      const perRound = median(t.map((ms, i) => ms / floorTimes[i]!));
      console.log(
        `${labels.get(id)!.padEnd(40)} median ${median(t).toFixed(1).padStart(6)} ms, ` +
          `x the floor's median ${(median(t) / median(floorTimes)).toFixed(2)}, median of per-round ratios ${perRound.toFixed(2)}`,
      );
    }
    const [base, ...others] = ids.filter((id) => id !== floorId);
    for (const id of base ? others : []) {
      const ratios = samples.get(id)!.map((ms, i) => ms / samples.get(base!)![i]!);
      const [low, high] = bootstrapInterval(ratios);
      const faster = ratios.filter((r) => r < 1).length;
      console.log(
        `${labels.get(id)!.padEnd(40)} / ${labels.get(base!)}: per-round ratio median ${median(ratios).toFixed(3)} ` +
          `(95 % ${low.toFixed(3)}-${high.toFixed(3)}), faster in ${faster} of ${ratios.length} rounds`,
      );
    }
  };
  if (opening) report('The popup opening, wake to its last reply:', times);
  report(
    opening ? 'The same wakes, to the first reply (status.get):' : 'Wake to the first reply (status.get):',
    firsts,
  );
} finally {
  await context.close();
  rmSync(root, { recursive: true, force: true });
  floor.remove();
  await sim.close();
}
