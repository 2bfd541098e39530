// Streaming throughput of the simulator: PRICE updates a second it sustains to 5 clients × 200 items and its
// CPU share while doing so, next to the same 5 clients on 1 item each (same run). The simulator runs in a child
// process (bench/stream-sim-child.ts) so that its CPU time is not mixed with the clients'; the clients are plain
// TLCP WebSocket clients (ws), so they cost little. Alone: `npm run bench -- stream`.
import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';
import { statusAt } from '../sim/universe/hours';
import { Universe } from '../sim/universe/index';
import type { BenchModule, BenchResult } from './types';

const START = Date.UTC(2026, 10, 18, 15);
const CLIENTS = 5;
const ITEMS = 200;
const WARMUP_MS = 2_000;
const WINDOW_MS = 10_000;
const FIELDS = 'BIDPRICE1 ASKPRICE1 TIMESTAMP DLG_FLAG HIGH LOW NET_CHG NET_CHG_PCT MID_OPEN';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

class Child {
  private readonly lines: Interface;
  private readonly waiting: ((line: string) => void)[] = [];

  constructor(private readonly proc: ChildProcess) {
    if (!proc.stdout) throw new Error('the simulator child has no stdout');
    this.lines = createInterface({ input: proc.stdout });
    this.lines.on('line', (l) => this.waiting.shift()?.(l));
  }

  next(ms = 30_000): Promise<string> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the simulator child did not answer')), ms);
      this.waiting.push((l) => {
        clearTimeout(timer);
        resolve(l);
      });
    });
  }

  async cpuMicros(): Promise<number> {
    const answer = this.next();
    this.proc.stdin?.write('cpu\n');
    const u = JSON.parse(await answer) as { user: number; system: number };
    return u.user + u.system;
  }

  stop(): void {
    this.proc.stdin?.end();
    setTimeout(() => this.proc.kill(), 2_000).unref();
  }
}

interface Creds {
  baseUrl: string;
  apiKey: string;
  identifier: string;
  password: string;
}

async function login(c: Creds): Promise<string> {
  const r = await fetch(`${c.baseUrl}/session`, {
    method: 'POST',
    headers: { 'X-IG-API-KEY': c.apiKey, Version: '2', 'Content-Type': 'application/json' },
    body: JSON.stringify({ identifier: c.identifier, password: c.password }),
  });
  if (r.status !== 200) throw new Error(`login failed: ${r.status}`);
  return `CST-${r.headers.get('cst')}|XST-${r.headers.get('x-security-token')}`;
}

/** A minimal TLCP client: creates a session over the WebSocket, subscribes once, counts `U` lines. */
async function client(
  origin: string,
  password: string,
  items: string[],
): Promise<{ count: () => number; close: () => void }> {
  const ws = new WebSocket(`${origin.replace('http', 'ws')}/lightstreamer`, 'TLCP-2.1.0.lightstreamer.com');
  let updates = 0;
  ws.on('message', (d) => {
    const text = d.toString();
    for (let i = text.indexOf('U,'); i >= 0; i = text.indexOf('\nU,', i + 1)) updates++;
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(`create_session\r\nLS_user=SIMCFD1&LS_password=${encodeURIComponent(password)}&LS_cid=bench`);
  const group = encodeURIComponent(items.join(' '));
  ws.send(
    `control\r\nLS_reqId=1&LS_op=add&LS_subId=1&LS_mode=MERGE&LS_group=${group}&LS_schema=${encodeURIComponent(FIELDS)}&LS_data_adapter=Pricing&LS_snapshot=true`,
  );
  const end = Date.now() + 30_000;
  while (updates < items.length) {
    if (Date.now() > end) throw new Error('no snapshot within 30 s');
    await sleep(20);
  }
  return { count: () => updates, close: () => ws.close() };
}

async function measure(child: Child, origin: string, password: string, epics: string[]) {
  const items = epics.map((e) => `PRICE:SIMCFD1:${e}`);
  const clients = await Promise.all(Array.from({ length: CLIENTS }, () => client(origin, password, items)));
  const total = () => clients.reduce((n, c) => n + c.count(), 0);
  await sleep(WARMUP_MS);
  const [n0, cpu0, t0] = [total(), await child.cpuMicros(), performance.now()];
  await sleep(WINDOW_MS);
  const [n1, cpu1, t1] = [total(), await child.cpuMicros(), performance.now()];
  for (const c of clients) c.close();
  await sleep(500);
  const seconds = (t1 - t0) / 1000;
  return { updatesPerSecond: (n1 - n0) / seconds, cpuPercent: ((cpu1 - cpu0) / 1e6 / seconds) * 100 };
}

export async function run(): Promise<BenchResult[]> {
  const here = dirname(fileURLToPath(import.meta.url));
  const proc = spawn(process.execPath, ['--import', 'tsx', join(here, 'stream-sim-child.ts'), String(START)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const child = new Child(proc);
  try {
    const creds = JSON.parse(await child.next()) as Creds;
    const origin = new URL(creds.baseUrl).origin;
    const password = await login(creds);
    const open = new Universe(1, START).markets.filter((m) => statusAt(m.sessions, START) === 'TRADEABLE');
    if (open.length < ITEMS) throw new Error(`only ${open.length} markets open at the start`);
    const epics = open.slice(0, ITEMS).map((m) => m.epic);
    const idle = await child.cpuMicros();
    await sleep(2_000);
    const idleCpu = (((await child.cpuMicros()) - idle) / 1e6 / 2) * 100;
    const one = await measure(child, origin, password, epics.slice(0, 1));
    const many = await measure(child, origin, password, epics);
    const note = 'a market ticks 1–4 times a second (2.5 on average), the most updates an item can get';
    return [
      {
        name: `updates/s sustained, ${CLIENTS} clients × ${ITEMS} PRICE items`,
        value: many.updatesPerSecond,
        unit: 'updates/s',
        baseline: one.updatesPerSecond,
        note: `baseline: ${CLIENTS} clients × 1 item; ${note}`,
      },
      {
        name: `simulator CPU, ${CLIENTS} clients × ${ITEMS} items`,
        value: many.cpuPercent,
        unit: '% of a core',
        baseline: one.cpuPercent,
        note: `baseline: ${CLIENTS} clients × 1 item; idle simulator ${idleCpu.toFixed(1)} %`,
      },
      {
        name: 'updates/s one core would serve at that cost (extrapolated)',
        value: many.updatesPerSecond / (many.cpuPercent / 100),
        unit: 'updates/s',
        note: 'the measured rate divided by the CPU share; an estimate, not measured',
      },
    ];
  } finally {
    child.stop();
  }
}

const bench: BenchModule = {
  title: 'simulated Lightstreamer stream: updates a second to 5 clients × 200 items, and the simulator CPU share',
  run,
};
export default bench;
