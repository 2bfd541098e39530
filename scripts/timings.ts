// Where test:all's time goes: each phase's wall time beside the CPU time (user + sys) its processes used.
// The machine is shared and small: wall time alone says as much about the neighbours as about the suite,
// while CPU time is the suite's own cost, and CPU / wall shows how much of the two cores a phase kept busy.
import { type StdioOptions, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';

/** CPU seconds (user, sys) of the finished children a /proc/<pid>/stat line counts: fields 16 and 17. */
export function childCpu(stat: string, ticksPerSecond = 100): { user: number; sys: number } {
  // The command name (field 2) is in parentheses and may hold spaces: count fields after its last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(fields[13]) / ticksPerSecond, sys: Number(fields[14]) / ticksPerSecond };
}

/** User + sys seconds of every child this process has waited for (and theirs), or NaN off Linux. */
function childCpuNow(): number {
  try {
    const { user, sys } = childCpu(readFileSync('/proc/self/stat', 'utf8'));
    return user + sys;
  } catch {
    return Number.NaN;
  }
}

export interface Phase {
  name: string;
  wallSeconds: number;
  cpuSeconds: number;
  /** Load average (1 min) when the phase ended: other work on the machine. */
  load: number;
  /** When it started, in seconds from the start of the run: set for steps that ran alongside others. */
  startSeconds?: number;
}

/** The children's user + sys seconds from bash's `times` (its second line: "0m12.340s 0m1.200s"). */
export function parseTimes(text: string): number {
  const line = text.trim().split('\n')[1] ?? '';
  const parts = [...line.matchAll(/(\d+)m([\d.]+)s/g)];
  if (parts.length !== 2) return Number.NaN;
  return parts.reduce((sum, m) => sum + Number(m[1]) * 60 + Number(m[2]), 0);
}

/**
 * Runs `cmd args` under bash, which says on its fourth descriptor what CPU the command and its children used
 * (`times`): a step's own cost even while other steps run at once, which /proc/self cannot tell apart.
 */
export function spawnTimed(
  cmd: string,
  args: string[],
  opts: { env?: NodeJS.ProcessEnv; stdio?: [StdioOptions, unknown, unknown] | 'inherit' } = {},
): Promise<{ ok: boolean; cpuSeconds: number }> {
  const [stdin, stdout, stderr] =
    opts.stdio === 'inherit' || !opts.stdio ? ['inherit', 'inherit', 'inherit'] : opts.stdio;
  const child = spawn('bash', ['-c', '"$@"; rc=$?; times >&3; exit $rc', 'timed', cmd, ...args], {
    env: opts.env ?? process.env,
    stdio: [stdin, stdout, stderr, 'pipe'] as StdioOptions,
  });
  let times = '';
  child.stdio[3]?.on('data', (chunk: Buffer) => {
    times += chunk.toString('utf8');
  });
  return new Promise((done) => child.on('close', (code) => done({ ok: code === 0, cpuSeconds: parseTimes(times) })));
}

/**
 * One row per phase and a total. Phases that ran alongside others (a start time) get a column saying when
 * they started, and the total's wall time is then the run's span, not the sum.
 */
export function formatPhases(phases: Phase[]): string {
  const width = Math.max(...phases.map((p) => p.name.length), 5);
  const overlapped = phases.some((p) => p.startSeconds !== undefined);
  const from = (s: number | undefined) => (overlapped ? `${(s === undefined ? '' : s.toFixed(0)).padStart(5)}  ` : '');
  const row = (name: string, start: number | undefined, wall: number, cpu: number, load: string) =>
    `${name.padEnd(width)}  ${from(start)}${wall.toFixed(0).padStart(5)} s  ${Number.isNaN(cpu) ? '    ?' : cpu.toFixed(0).padStart(5)} s` +
    `  ${(Number.isNaN(cpu) || wall === 0 ? '?' : (cpu / wall).toFixed(2)).padStart(8)}  ${load}`.trimEnd();
  const cpu = phases.reduce((sum, p) => sum + p.cpuSeconds, 0);
  const wall = overlapped
    ? Math.max(...phases.map((p) => (p.startSeconds ?? 0) + p.wallSeconds)) -
      Math.min(...phases.map((p) => p.startSeconds ?? 0))
    : phases.reduce((sum, p) => sum + p.wallSeconds, 0);
  return [
    `${'phase'.padEnd(width)}  ${overlapped ? `${'from'.padStart(5)}  ` : ''}${'wall'.padStart(7)}  ${'CPU'.padStart(7)}  CPU/wall  load`,
    ...phases.map((p) => row(p.name, p.startSeconds, p.wallSeconds, p.cpuSeconds, p.load.toFixed(1))),
    row('total', undefined, wall, cpu, ''),
  ].join('\n');
}

export class Timings {
  readonly phases: Phase[] = [];
  private readonly start = performance.now();

  /** Times a step that may run alongside others: `work` says the CPU its own processes used. */
  async step<T extends { cpuSeconds: number }>(name: string, work: () => Promise<T>): Promise<T> {
    const start = performance.now();
    const result = await work();
    this.phases.push({
      name,
      startSeconds: (start - this.start) / 1000,
      wallSeconds: (performance.now() - start) / 1000,
      cpuSeconds: result.cpuSeconds,
      load: loadavg()[0] ?? 0,
    });
    return result;
  }

  /** Times `work` as one phase: what runs at once inside it (phases overlapped) is counted once, together. */
  async phase<T>(name: string, work: () => T | Promise<T>): Promise<T> {
    const start = performance.now();
    const cpu = childCpuNow();
    try {
      return await work();
    } finally {
      this.phases.push({
        name,
        wallSeconds: (performance.now() - start) / 1000,
        cpuSeconds: childCpuNow() - cpu,
        load: loadavg()[0] ?? 0,
      });
    }
  }

  write(path: string): void {
    writeFileSync(path, `${JSON.stringify({ phases: this.phases }, null, 2)}\n`);
  }
}
