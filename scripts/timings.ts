// Where test:all's time goes: each phase's wall time beside the CPU time (user + sys) its processes used.
// The machine is shared and small: wall time alone says as much about the neighbours as about the suite,
// while CPU time is the suite's own cost, and CPU / wall shows how much of the two cores a phase kept busy.
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
}

export function formatPhases(phases: Phase[]): string {
  const width = Math.max(...phases.map((p) => p.name.length), 5);
  const row = (name: string, wall: number, cpu: number, load: string) =>
    `${name.padEnd(width)}  ${wall.toFixed(0).padStart(5)} s  ${Number.isNaN(cpu) ? '    ?' : cpu.toFixed(0).padStart(5)} s` +
    `  ${(Number.isNaN(cpu) || wall === 0 ? '?' : (cpu / wall).toFixed(2)).padStart(8)}  ${load}`.trimEnd();
  const total = phases.reduce((sum, p) => ({ wall: sum.wall + p.wallSeconds, cpu: sum.cpu + p.cpuSeconds }), {
    wall: 0,
    cpu: 0,
  });
  return [
    `${'phase'.padEnd(width)}  ${'wall'.padStart(7)}  ${'CPU'.padStart(7)}  CPU/wall  load`,
    ...phases.map((p) => row(p.name, p.wallSeconds, p.cpuSeconds, p.load.toFixed(1))),
    row('total', total.wall, total.cpu, ''),
  ].join('\n');
}

export class Timings {
  readonly phases: Phase[] = [];

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
