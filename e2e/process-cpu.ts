// The CPU a journey's browser used, for CI's account of where its time goes (CI's two cores are saturated
// through the journeys, so CPU, not waiting, sets its length). Read from /proc before the browser closes:
// every live process whose command line names the journey's profile and their descendants, each with the CPU
// of the children it has already reaped (a closed page's renderer counts in its parent's). Closing is not counted.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Linux's USER_HZ: the unit of /proc/<pid>/stat's times on every kernel CI runs. */
const TICKS_PER_SECOND = 100;

/** A stat line's fields after the name (which may hold spaces and parentheses): state (field 3) first. */
function fieldsAfterName(stat: string): string[] {
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** User + system time of a process and of its reaped children, in ticks (fields 14 to 17 of its stat line). */
export function statTicks(stat: string): number {
  const fields = fieldsAfterName(stat);
  return [11, 12, 13, 14].reduce((sum, i) => sum + (Number(fields[i]) || 0), 0);
}

/**
 * Seconds of CPU used by the processes whose command line contains `marker` (e.g. a profile's path) and by all
 * their descendants (Firefox's content processes do not name the profile).
 */
export function cpuSecondsOf(marker: string, proc = '/proc'): number {
  const processes = new Map<string, { parent: string; ticks: number; marked: boolean }>();
  let pids: string[] = [];
  try {
    pids = readdirSync(proc).filter((name) => /^\d+$/.test(name));
  } catch {}
  for (const pid of pids) {
    try {
      const stat = readFileSync(join(proc, pid, 'stat'), 'utf8');
      const parent = fieldsAfterName(stat)[1] ?? '';
      const marked = readFileSync(join(proc, pid, 'cmdline'), 'utf8').includes(marker);
      processes.set(pid, { parent, ticks: statTicks(stat), marked });
    } catch {
      // The process ended between the listing and the read.
    }
  }
  const counted = (pid: string, depth = 0): boolean => {
    const p = processes.get(pid);
    return !!p && (p.marked || (depth < 16 && counted(p.parent, depth + 1)));
  };
  let ticks = 0;
  for (const [pid, p] of processes) if (counted(pid)) ticks += p.ticks;
  return ticks / TICKS_PER_SECOND;
}

/**
 * Adds a browser's CPU to the journey's, where CI's summary (scripts/journey-cpu.ts) finds it: called before
 * each browser the journey starts is closed (a browser that went away on its own cannot be read).
 */
export function noteBrowserCpu(
  annotations: { type: string; description?: string }[],
  profile: string | undefined,
  proc = '/proc',
): void {
  if (!profile) return;
  const seconds = cpuSecondsOf(profile, proc);
  const noted = annotations.find((a) => a.type === 'browser-cpu');
  if (noted) noted.description = (Number(noted.description) + seconds).toFixed(1);
  else annotations.push({ type: 'browser-cpu', description: seconds.toFixed(1) });
}
