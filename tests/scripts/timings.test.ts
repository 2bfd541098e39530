// test:all's time per phase: the CPU its finished children used, read from /proc, beside the wall time.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  childCpu,
  formatMachine,
  formatPhases,
  machineCpu,
  parseTimes,
  spawnTimed,
  Timings,
} from '../../scripts/timings';

describe('childCpu', () => {
  it('reads the children’s user and sys ticks, even when the command name holds spaces and parentheses', () => {
    const stat = '4242 (node (test) x) S 1 4242 4242 0 -1 4194304 100 200 0 0 35 7 1234 56 20 0 11 0 99 0 0';
    expect(childCpu(stat)).toEqual({ user: 12.34, sys: 0.56 });
  });

  it('counts a child that kept a core busy', async () => {
    const timings = new Timings();
    await timings.phase('busy child', () =>
      spawnSync(process.execPath, ['-e', 'while (process.cpuUsage().user < 300_000);']),
    );
    const [phase] = timings.phases;
    expect(phase?.name).toBe('busy child');
    expect(phase?.cpuSeconds).toBeGreaterThanOrEqual(0.3);
    expect(phase?.wallSeconds).toBeGreaterThanOrEqual(0.3);
  });
});

describe('the machine beside the phases', () => {
  it("reads /proc/stat's busy, I/O wait and stolen seconds, not idle", () => {
    const stat = 'cpu  1000 200 300 5000 40 6 7 80 0 0\ncpu0 1 2 3 4 5 6 7 8 0 0\n';
    expect(machineCpu(stat)).toEqual({ busy: 15.13, iowait: 0.4, steal: 0.8 });
  });

  it('says how much of the cores the machine used and how much of it no phase counted', () => {
    const line = formatMachine({ busy: 1500, iowait: 12, steal: 3 }, 1000, 1100, 2);
    expect(line).toContain('busy 1500 s of 2000 s on 2 cores (75%)');
    expect(line).toContain('I/O wait 12 s, stolen 3 s');
    expect(line).toContain('counted 1100 s, so 400 s went to processes no step waited for');
  });
});

describe('spawnTimed', () => {
  it('starts a step in a session of its own when asked (a share of the cores of its own), still counting its CPU', async () => {
    const sessionOf = (stat: string) => stat.slice(stat.lastIndexOf(')') + 2).split(' ')[3];
    const dir = mkdtempSync(join(tmpdir(), 'timings-'));
    const script = `require('fs').writeFileSync(process.argv[1], require('fs').readFileSync('/proc/self/stat', 'utf8')); while (process.cpuUsage().user < 50_000);`;
    const own = await spawnTimed(process.execPath, ['-e', script, join(dir, 'own')], {
      stdio: ['ignore', 'ignore', 'ignore'],
      ownSession: true,
    });
    await spawnTimed(process.execPath, ['-e', script, join(dir, 'shared')], { stdio: ['ignore', 'ignore', 'ignore'] });
    const mine = sessionOf(readFileSync('/proc/self/stat', 'utf8'));
    expect(sessionOf(readFileSync(join(dir, 'shared'), 'utf8'))).toBe(mine);
    expect(sessionOf(readFileSync(join(dir, 'own'), 'utf8'))).not.toBe(mine);
    expect(own.ok).toBe(true);
    expect(own.cpuSeconds).toBeGreaterThanOrEqual(0.05);
    rmSync(dir, { recursive: true, force: true });
  });

  it("reads bash's times: the children's user and sys seconds", () => {
    expect(parseTimes('0m0.002s 0m0.000s\n1m2.500s 0m0.250s\n')).toBeCloseTo(62.75, 5);
    expect(parseTimes('')).toBeNaN();
  });

  it('counts the CPU of its own command, and says whether it passed', async () => {
    const busy = await spawnTimed(process.execPath, ['-e', 'while (process.cpuUsage().user < 300_000);'], {
      stdio: ['ignore', 'ignore', 'ignore'],
    });
    expect(busy.ok).toBe(true);
    expect(busy.cpuSeconds).toBeGreaterThanOrEqual(0.3);
    const failing = await spawnTimed(process.execPath, ['-e', 'process.exit(3)'], {
      stdio: ['ignore', 'ignore', 'ignore'],
    });
    expect(failing.ok).toBe(false);
  });
});

describe('formatPhases', () => {
  it('with steps that ran at once: when each started, and the run span as the total wall time', () => {
    const table = formatPhases([
      { name: 'vitest', startSeconds: 20, wallSeconds: 300, cpuSeconds: 420, load: 3 },
      { name: 'e2e', startSeconds: 30, wallSeconds: 600, cpuSeconds: 480, load: 3.5 },
    ]);
    expect(table.split('\n')).toEqual([
      'phase    from     wall      CPU  CPU/wall  load',
      'vitest     20    300 s    420 s      1.40  3.0',
      'e2e        30    600 s    480 s      0.80  3.5',
      'total            610 s    900 s      1.48',
    ]);
  });

  it('shows each phase, its CPU share, and the totals', () => {
    const table = formatPhases([
      { name: 'vitest', wallSeconds: 200, cpuSeconds: 360, load: 2.1 },
      { name: 'e2e', wallSeconds: 600, cpuSeconds: 304, load: 1.5 },
    ]);
    expect(table.split('\n')).toEqual([
      'phase      wall      CPU  CPU/wall  load',
      'vitest    200 s    360 s      1.80  2.1',
      'e2e       600 s    304 s      0.51  1.5',
      'total     800 s    664 s      0.83',
    ]);
  });
});
