// test:all's time per phase: the CPU its finished children used, read from /proc, beside the wall time.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { childCpu, formatPhases, parseTimes, spawnTimed, Timings } from '../../scripts/timings';

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

describe('spawnTimed', () => {
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
