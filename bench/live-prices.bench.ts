// Live prices in headless Chromium against the simulated stream, with a 50-market watchlist in the side
// panel: REST requests a minute while streaming and while polling (the stream refused), tick-to-repaint
// latency of a row (the simulator's own record of when it wrote each update to the extension's socket, to
// the row's DOM change showing that update's prices; beside it, the same send to an official Node client
// on the same server as a same-run baseline), the time from a dropped socket to updates again, and a soak:
// 100 markets streaming for LIVE_SOAK_MIN minutes (default 3; the issue's figure is 30) while the heap of
// the side panel, the offscreen document and the service worker and the stream connections are sampled.
// Runs alone: `npm run bench -- live-prices` (`LIVE_SOAK_MIN=30 npm run bench -- live-prices` for the soak).
import './env';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildExtension, configureConnection, EXTENSION_DIR, launchExtension, SIDEPANEL_VIEWPORT } from '../e2e/launch';
import { startSim } from '../sim/server';
import { Universe } from '../sim/universe';
import { DEVTOOLS_ARGS, DevTools } from './devtools';
import { median, percentile } from './env';
import {
  ask,
  asPainted,
  openPanel,
  RECORD_ROWS,
  type RowChange,
  restCounts,
  showList,
  streamState,
  waitFor,
} from './live-page';
import { valueLatencies } from './paint-match';
import { boundSessions, nextChangeLatencies, observeSends, pricesStreamed, simSends } from './stream-sends';
import type { BenchModule } from './types';

const SIZE = 50;
const SOAK_SIZE = 100;
/** Each request count is over this window, scaled to a minute (two minutes would double the bench's time). */
const COUNT_WINDOW_MS = 30_000;
/** The soak: 3 minutes unless LIVE_SOAK_MIN says (the issue asks for 30; the default keeps `npm run bench` short). */
const SOAK_MS = Number(process.env.LIVE_SOAK_MIN ?? 3) * 60_000;
/** The extension to load (default: this worktree's build); a long soak can run a copy while the build changes. */
const EXTENSION = process.env.BENCH_EXTENSION_DIR ?? EXTENSION_DIR;
const MB = 1024 * 1024;
const round = (n: number) => Math.round(n * 10) / 10;

const stats = (xs: number[]) => `p50 ${Math.round(median(xs))} ms, p95 ${Math.round(percentile(xs, 95))} ms`;

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

const bench: BenchModule = {
  title: `live prices: a ${SIZE}-market watchlist streaming vs polling, tick-to-repaint, reconnect; ${SOAK_SIZE} markets soak`,
  async run() {
    if (!existsSync(join(EXTENSION, 'manifest.json'))) buildExtension();
    const loadAtStart = load();
    const sim = await startSim({ port: 0, seed: 42, rateLimits: false });
    const profile = mkdtempSync(join(tmpdir(), 'marketside-live-bench-'));
    const { context, serviceWorker, extensionId } = await launchExtension({
      extensionDir: EXTENSION,
      userDataDir: profile,
      args: DEVTOOLS_ARGS,
    });
    const devtools = await DevTools.open(profile);
    const markets = new Universe(42, sim.control.now()).markets
      .filter((m) => m.epic.startsWith('CS.D.') || m.epic.startsWith('IX.D.'))
      .map((m) => m.epic);
    const epics = markets.slice(0, SIZE);
    let observer: { close(): void } | null = null;
    try {
      await configureConnection(serviceWorker, sim);
      await context.addInitScript({ content: RECORD_ROWS });
      const { panel, listId } = await openPanel(context, extensionId, epics);
      await waitFor('Live', async () => (await streamState(panel)) === 'Live');
      await panel.waitForTimeout(3_000);

      // Streaming: REST requests over the window, and tick-to-repaint of the rows in view.
      const accountId = sim.accounts[0]?.accountId ?? '';
      const visible = (await panel
        .getByTestId('panel-row')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-epic')))) as string[];
      const extensionSessions = new Set(boundSessions(sim));
      const watch = await observeSends(sim, accountId, visible);
      observer = watch;
      await new Promise((r) => setTimeout(r, 2_000));
      const observerSessions = new Set(boundSessions(sim).filter((id) => !extensionSessions.has(id)));
      let from = sim.control.requestLog().length;
      await panel.evaluate(() => {
        (globalThis as unknown as { rowChanges: unknown[] }).rowChanges.length = 0;
      });
      watch.sends.length = 0;
      sim.control.stream.recordSends(true);
      const loadLatency = load();
      // The panel's main-thread work while it streams: what the machine's load does not change much.
      const perf = await context.newCDPSession(panel);
      await perf.send('Performance.enable');
      const taskSeconds = async () =>
        (await perf.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
      const busyFrom = await taskSeconds();
      const windowFrom = Date.now();
      await panel.waitForTimeout(COUNT_WINDOW_MS);
      const busyMsPerSecond = (((await taskSeconds()) - busyFrom) / ((Date.now() - windowFrom) / 1000)) * 1000;
      await perf.detach();
      const streaming = restCounts(sim, from);
      const paints = asPainted(
        (await panel.evaluate(() => (globalThis as unknown as { rowChanges: RowChange[] }).rowChanges)) as RowChange[],
      );
      const shown = new Set(visible);
      const sent = simSends(sim, extensionSessions, shown);
      const toNode = simSends(sim, observerSessions, shown);
      sim.control.stream.recordSends(false);
      const lat = valueLatencies(sent, paints);
      const nodeLat = valueLatencies(toNode, watch.sends);
      const oldLat = nextChangeLatencies(watch.sends, paints);
      watch.close();
      observer = null;

      // A dropped socket: time until rows change again (or why not).
      const changesSince = async (t: number) =>
        (
          (await panel.evaluate(() => (globalThis as unknown as { rowChanges: RowChange[] }).rowChanges)) as RowChange[]
        ).find(([at]) => at > t)?.[0];
      const dropAt = Date.now();
      sim.control.stream.dropSockets();
      let firstAfter: number | undefined;
      let dropNote = '';
      try {
        await waitFor(
          'updates after the drop',
          async () => {
            firstAfter = await changesSince(dropAt + 50);
            return firstAfter !== undefined;
          },
          60_000,
        );
      } catch {
        dropNote = `no row changed within 60 s; the panel says "${await streamState(panel)}"`;
      }

      // The soak: 100 markets on screen and streaming; heaps, connections and updates through the window.
      const soak = await ask<{ id: string }>(panel, 'watchlists.create', {
        name: 'Bench soak',
        epics: markets.slice(0, SOAK_SIZE),
      });
      await showList(panel, soak.id, SOAK_SIZE);
      await waitFor(`${SOAK_SIZE} markets streamed`, async () => pricesStreamed(sim) >= SOAK_SIZE, 60_000).catch(
        () => undefined,
      );
      const streamedAtStart = pricesStreamed(sim);
      const cdp = await context.newCDPSession(panel);
      const panelHeap = async () => {
        await cdp.send('HeapProfiler.collectGarbage');
        return (await cdp.send('Runtime.getHeapUsage')).usedSize / MB;
      };
      const heaps = async () => ({
        at: Date.now(),
        panel: await panelHeap(),
        offscreen: await devtools.heapMb(`${extensionId}/offscreen.html`),
        worker: await devtools.heapMb(`${extensionId}/background.js`, 'service_worker'),
      });
      const heapSamples = [await heaps()];
      const connections: number[] = [];
      const streamedCounts: number[] = [];
      const updatesBySession = new Map<string, number>();
      let rowChanges = 0;
      const loadSoak: string[] = [load()];
      const soakStart = Date.now();
      const heapEvery = Math.max(60_000, SOAK_MS / 6);
      let nextHeap = soakStart + heapEvery;
      while (Date.now() - soakStart < SOAK_MS) {
        await panel.waitForTimeout(10_000);
        const state = sim.control.state().streaming;
        connections.push(state.sessions.filter((s) => s.bound).length);
        streamedCounts.push(pricesStreamed(sim));
        for (const s of state.sessions)
          updatesBySession.set(s.id, Math.max(updatesBySession.get(s.id) ?? 0, s.updatesSent));
        // Counted and cleared, so the record itself does not grow the panel's heap.
        rowChanges += await panel.evaluate(() => {
          const list = (globalThis as unknown as { rowChanges: unknown[] }).rowChanges;
          const n = list.length;
          list.length = 0;
          return n;
        });
        if (Date.now() >= nextHeap && Date.now() - soakStart < SOAK_MS - 5_000) {
          heapSamples.push(await heaps());
          loadSoak.push(load());
          nextHeap += heapEvery;
          // A long soak says how it goes as it goes.
          process.stderr.write(
            `soak ${Math.round((Date.now() - soakStart) / 1000)} s: heap ${JSON.stringify(heapSamples.at(-1))}, connections ${connections.slice(-6).join(',')}, items ${streamedCounts.at(-1)}, row changes ${rowChanges}, load ${load()}\n`,
          );
        }
      }
      heapSamples.push(await heaps());
      loadSoak.push(load());
      const updatesSent = [...updatesBySession.values()].reduce((a, b) => a + b, 0);

      // Polling: the stream refused (maintenance), the 50-market watchlist again.
      await showList(panel, listId, 0);
      await panel.setViewportSize(SIDEPANEL_VIEWPORT);
      sim.control.stream.maintenance(true);
      sim.control.stream.dropSockets();
      await waitFor('Delayed (polling)', async () => (await streamState(panel)).startsWith('Delayed'));
      await panel.waitForTimeout(2_000);
      from = sim.control.requestLog().length;
      await panel.waitForTimeout(COUNT_WINDOW_MS);
      const polling = restCounts(sim, from);

      const perMinute = (n: number) => Math.round((n * 60_000) / COUNT_WINDOW_MS);
      const minutes = Math.round((SOAK_MS / 60_000) * 10) / 10;
      const first = heapSamples[0];
      const middle = heapSamples[Math.floor(heapSamples.length / 2)];
      const last = heapSamples[heapSamples.length - 1];
      const heapRow = (ctx: 'panel' | 'offscreen' | 'worker', label: string) => ({
        name: `${label} heap over ${minutes} min of streaming ${SOAK_SIZE} markets (end)`,
        value: round(last?.[ctx] ?? Number.NaN),
        unit: 'MB',
        baseline: round(first?.[ctx] ?? Number.NaN),
        note: `start in the baseline column; samples after GC: ${heapSamples
          .map(
            (h) => `${Math.round((h.at - soakStart) / 60_000)} min ${h[ctx] === null ? '?' : round(h[ctx] as number)}`,
          )
          .join(', ')}; middle ${middle?.[ctx] === null ? '?' : round(middle?.[ctx] ?? Number.NaN)} MB`,
      });
      return [
        {
          name: `REST price requests a minute, ${SIZE} markets visible, streaming`,
          value: perMinute(streaming.prices),
          unit: 'req/min',
          baseline: perMinute(polling.prices),
          target: '0',
          pass: streaming.prices === 0,
          note: `polling (stream refused) in the baseline column; ${COUNT_WINDOW_MS / 1000} s windows scaled to a minute`,
        },
        {
          name: `all REST requests a minute, ${SIZE} markets visible, streaming`,
          value: perMinute(streaming.all),
          unit: 'req/min',
          baseline: perMinute(polling.all),
          note: 'sentiment and the rest still go over REST',
        },
        {
          name: 'tick to repaint of a row, p50',
          value: Math.round(median(lat.latencies)),
          unit: 'ms',
          baseline: Math.round(median(nodeLat.latencies)),
          target: '< 50',
          pass: median(lat.latencies) < 50,
          note: `the sim's write of the update to the row showing its bid and offer; ${lat.latencies.length} updates shown, ${lat.unshown} never shown (a newer one first), of ${sent.length} sent to ${visible.length} rows in view; baseline: the same sends to an official Node client in the bench's process (${stats(nodeLat.latencies)}, ${nodeLat.unshown} unmatched); the old measure (Node client's receipt to the row's next change): ${stats(oldLat)}; load ${loadLatency}`,
        },
        {
          name: 'tick to repaint of a row, p95',
          value: Math.round(percentile(lat.latencies, 95)),
          unit: 'ms',
          baseline: Math.round(percentile(nodeLat.latencies, 95)),
          target: '< 150',
          pass: percentile(lat.latencies, 95) < 150,
        },
        {
          name: `side panel main thread busy while ${SIZE} markets stream`,
          value: Math.round(busyMsPerSecond),
          unit: 'ms/s',
          note: `CDP TaskDuration over the ${COUNT_WINDOW_MS / 1000} s window`,
        },
        {
          name: 'dropped socket to rows updating again',
          value: firstAfter === undefined ? Number.NaN : firstAfter - dropAt,
          unit: 'ms',
          target: '< 5000',
          pass: firstAfter !== undefined && firstAfter - dropAt < 5000,
          note: dropNote,
        },
        heapRow('panel', 'side panel'),
        heapRow('offscreen', 'offscreen document'),
        heapRow('worker', 'service worker'),
        {
          name: `stream connections while streaming ${SOAK_SIZE} markets (max)`,
          value: Math.max(...connections),
          unit: '',
          baseline: Math.min(...connections),
          target: '1',
          pass: Math.max(...connections) === 1 && Math.min(...connections) === 1,
          note: `min in the baseline column; ${connections.length} samples every 10 s; PRICE items subscribed: ${streamedAtStart} at start, ${Math.min(...streamedCounts)}–${Math.max(...streamedCounts)} through`,
        },
        {
          name: `updates over ${minutes} min of ${SOAK_SIZE} markets`,
          value: updatesSent,
          unit: 'U lines',
          baseline: rowChanges,
          note: `sent by the sim on the extension's sessions; row changes the panel saw in the baseline column; load ${loadAtStart} at start, ${loadSoak.join(' / ')} through the soak`,
        },
      ];
    } finally {
      observer?.close();
      await context.close();
      await sim.close();
      rmSync(profile, { recursive: true, force: true });
    }
  },
};

export default bench;
