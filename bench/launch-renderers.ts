// What a journey's Chromium costs the machine before its test does anything: a launch with the extension, three
// extension pages opened as the harness opens them (a new tab, then the page's address), 3 s, closed. Prints the
// machine's busy CPU a launch (all its processes, children included) for each set of switches, taking turns.
// Not a bench (no .bench.ts): `npx tsx bench/launch-renderers.ts`; ROUNDS (default 6); COUNT=1 also counts the
// renderer processes each launch started (polling `ps` costs CPU of its own, so the CPU figures are then higher).
import './env';
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { JOURNEY_ARGS, launchExtension, openExtensionPage } from '../e2e/launch';

const VARIANTS: Record<string, string[]> = { default: [], journeys: JOURNEY_ARGS };
const ROUNDS = Number(process.env.ROUNDS ?? 6);
const COUNT = process.env.COUNT === '1';

/** The machine's busy jiffies (user, nice, system, irq, softirq), 100 a CPU second. */
function busy(): number {
  const [, user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0] = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]!
    .split(/\s+/)
    .map(Number);
  return user + nice + system + irq + softirq;
}

function rendererPids(): string[] {
  const out = execSync("ps -eo pid,args | grep '[-]-type=renderer' || true").toString();
  return out.split('\n').flatMap((l) => (l.trim() ? [l.trim().split(/\s+/)[0]!] : []));
}

async function once(args: string[]): Promise<{ cpu: number; renderers: number }> {
  const seen = new Set<string>();
  const poll = COUNT
    ? setInterval(() => {
        for (const pid of rendererPids()) seen.add(pid);
      }, 50)
    : undefined;
  const b0 = busy();
  const { context, extensionId } = await launchExtension({ args });
  for (const path of ['popup.html', 'sidepanel.html', 'options.html'])
    await openExtensionPage(context, extensionId, path);
  await new Promise((r) => setTimeout(r, 3_000));
  await context.close();
  const cpu = (busy() - b0) / 100;
  clearInterval(poll);
  return { cpu, renderers: seen.size };
}

const runs: Record<string, { cpu: number; renderers: number }[]> = Object.fromEntries(
  Object.keys(VARIANTS).map((name) => [name, []]),
);
for (let i = 0; i < ROUNDS; i++)
  for (const [name, args] of Object.entries(VARIANTS)) runs[name]?.push(await once(args));
for (const [name, rs] of Object.entries(runs)) {
  const cpu = rs.map((r) => r.cpu).sort((a, b) => a - b);
  const median = cpu[Math.floor(cpu.length / 2)] ?? Number.NaN;
  const counted = COUNT ? `, renderers ${rs.map((r) => r.renderers).join(' ')}` : '';
  console.log(
    `${name.padEnd(9)} median ${median.toFixed(2)} CPU s a launch (${cpu.map((c) => c.toFixed(2)).join(' ')})${counted}`,
  );
}
