import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cpuSecondsOf, noteBrowserCpu, statTicks } from '../../e2e/process-cpu';
import { journeyCpu, journeyCpuSummary } from '../../scripts/journey-cpu';

/** A stat line as Linux writes it: pid (name) state ppid … utime stime cutime cstime … */
function stat(pid: number, ppid: number, [utime, stime, cutime, cstime]: number[], name = 'chromium'): string {
  const rest = Array.from({ length: 9 }, () => '0');
  return `${pid} (${name}) S ${ppid} ${rest.join(' ')} ${utime} ${stime} ${cutime} ${cstime} 20 0 1 0`;
}

function fakeProc(processes: { pid: number; ppid: number; times: number[]; cmdline: string; name?: string }[]) {
  const root = mkdtempSync(join(tmpdir(), 'proc-'));
  for (const p of processes) {
    mkdirSync(join(root, String(p.pid)));
    writeFileSync(join(root, String(p.pid), 'stat'), stat(p.pid, p.ppid, p.times, p.name));
    writeFileSync(join(root, String(p.pid), 'cmdline'), p.cmdline.replaceAll(' ', '\0'));
  }
  mkdirSync(join(root, 'self'));
  return root;
}

describe("a journey's browser CPU", () => {
  it('reads user, system and reaped children’s time, whatever the name holds', () => {
    expect(statTicks(stat(7, 1, [120, 30, 40, 10], 'Web Content (x) y'))).toBe(200);
  });

  it('sums the profile’s processes and their descendants, and nothing else', () => {
    const proc = fakeProc([
      { pid: 10, ppid: 1, times: [300, 100, 50, 0], cmdline: 'firefox-esr --profile /tmp/p-one' },
      { pid: 11, ppid: 10, times: [200, 50, 0, 0], cmdline: 'firefox-esr -contentproc 3' },
      { pid: 12, ppid: 11, times: [100, 0, 0, 0], cmdline: 'firefox-esr -contentproc 4' },
      { pid: 20, ppid: 1, times: [900, 900, 0, 0], cmdline: 'firefox-esr --profile /tmp/p-two' },
      { pid: 21, ppid: 20, times: [900, 0, 0, 0], cmdline: 'firefox-esr -contentproc 1' },
      { pid: 30, ppid: 1, times: [5, 5, 0, 0], cmdline: 'node playwright' },
    ]);
    expect(cpuSecondsOf('/tmp/p-one', proc)).toBeCloseTo(8, 5);
    expect(cpuSecondsOf('/tmp/p-two', proc)).toBeCloseTo(27, 5);
    expect(cpuSecondsOf('/tmp/p-three', proc)).toBe(0);
  });

  it('adds each browser a journey starts to one note, read before each one closes', () => {
    const first = fakeProc([{ pid: 10, ppid: 1, times: [300, 100, 0, 0], cmdline: 'chromium --user-data-dir=/tmp/a' }]);
    const second = fakeProc([{ pid: 40, ppid: 1, times: [150, 50, 0, 0], cmdline: 'chromium --user-data-dir=/tmp/b' }]);
    const annotations: { type: string; description?: string }[] = [{ type: 'update in place', description: '9 ms' }];
    noteBrowserCpu(annotations, '/tmp/a', first);
    noteBrowserCpu(annotations, '/tmp/b', second);
    noteBrowserCpu(annotations, undefined, second);
    expect(annotations).toEqual([
      { type: 'update in place', description: '9 ms' },
      { type: 'browser-cpu', description: '6.0' },
    ]);
  });

  it('counts nothing for a marker no process has, or without /proc', () => {
    expect(cpuSecondsOf(`--marker-${process.pid}-none`)).toBe(0);
    expect(cpuSecondsOf('/proc/nonexistent', '/nonexistent')).toBe(0);
  });
});

describe("CI's account of the journeys' browser CPU", () => {
  const report = {
    suites: [
      {
        file: 'a.spec.ts',
        specs: [
          {
            title: 'opens the popup',
            line: 4,
            tests: [{ results: [{ annotations: [{ type: 'browser-cpu', description: '12.5' }] }] }],
          },
          {
            title: 'retried once',
            line: 9,
            tests: [
              {
                results: [
                  { annotations: [{ type: 'browser-cpu', description: '30.0' }] },
                  { annotations: [{ type: 'browser-cpu', description: '31.0' }] },
                ],
              },
            ],
          },
        ],
        suites: [{ specs: [{ title: 'no note', file: 'b.spec.ts', line: 1, tests: [{ results: [{}] }] }] }],
      },
    ],
  };

  it('lists every run with its seconds, retries included, and skips runs without a note', () => {
    expect(journeyCpu(report, 'chromium')).toEqual([
      { name: 'chromium a.spec.ts:4 opens the popup', seconds: 12.5 },
      { name: 'chromium a.spec.ts:9 retried once', seconds: 30 },
      { name: 'chromium a.spec.ts:9 retried once', seconds: 31 },
    ]);
  });

  it('sums each lane and names the costliest first', () => {
    const dir = mkdtempSync(join(tmpdir(), 'reports-'));
    writeFileSync(join(dir, 'c.json'), JSON.stringify(report));
    const summary = journeyCpuSummary([{ path: join(dir, 'c.json'), lane: 'chromium' }], 2);
    expect(summary).toContain('chromium 74 s over 3 runs');
    const lines = summary.split('\n').slice(1);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/31\.0 s {2}chromium a\.spec\.ts:9/);
    expect(journeyCpuSummary([{ path: join(dir, 'missing.json'), lane: 'firefox' }])).toBe('');
  });
});
