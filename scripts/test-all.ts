// Runs every test of the project, in order, and ends with one plain line: "N passed, N failed".
// Checks (types, lint, builds, Firefox lint) count as one test each; Vitest and Playwright
// report their own test counts through JSON reports written to artifacts/.
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { ensureBrowsers } from './ensure-browsers';
import { journeyCpuSummary } from './journey-cpu';
import { formatPhases, spawnTimed, Timings } from './timings';

// The end-to-end journeys drive Debian's Chromium and Firefox ESR, some in German, and Firefox's real
// surfaces on a virtual display: installed first when missing (CI).
ensureBrowsers(['chromium', 'firefox', 'chromium-l10n', 'firefox-l10n-de', 'xvfb'], 'npm run test:all');

const artifacts = 'artifacts';
mkdirSync(artifacts, { recursive: true });
let passed = 0;
let failed = 0;
const failures: string[] = [];
/** Each failed or flaky test by name with its error's first lines, printed last so CI's tail names them. */
const failedTests: string[] = [];
// One retry: a test that passes only on it still passes, and is named below as flaky, to be fixed. A test that
// fails twice fails the run.
const RETRIES = 1;

const timings = new Timings();
// Steps run in two lanes at once (below); TEST_ALL_SERIAL=1 runs them one after the other, output inline.
const SERIAL = process.env.TEST_ALL_SERIAL === '1';
mkdirSync(`${artifacts}/logs`, { recursive: true });

/**
 * Runs one step, timed with its own CPU. Alongside others its output goes to artifacts/logs/<name>.log and
 * is printed whole when it ends, so two steps' lines never mix.
 */
async function run(name: string, cmd: string, args: string[], env: Record<string, string> = {}): Promise<boolean> {
  const line = `${cmd} ${args.join(' ')}`;
  const envs = { ...process.env, ...env };
  if (SERIAL) {
    console.log(`\n=== ${name}: ${line}`);
    return (await timings.step(name, () => spawnTimed(cmd, args, { env: envs }))).ok;
  }
  const log = `${artifacts}/logs/${name.replace(/\s+/g, '-')}.log`;
  console.log(`\n=== ${name}: ${line} (started; its output follows when it ends, and is in ${log})`);
  const fd = openSync(log, 'w');
  const start = performance.now();
  const { ok } = await timings.step(name, () => spawnTimed(cmd, args, { env: envs, stdio: ['ignore', fd, fd] }));
  closeSync(fd);
  console.log(`\n=== ${name} (${ok ? 'ok' : 'FAILED'}, ${((performance.now() - start) / 1000).toFixed(0)} s): ${line}`);
  process.stdout.write(readFileSync(log, 'utf8'));
  return ok;
}

async function check(name: string, cmd: string, args: string[]): Promise<boolean> {
  const ok = await run(name, cmd, args);
  if (ok) passed++;
  else {
    failed++;
    failures.push(name);
  }
  return ok;
}

/** The first lines of an error, without colour codes: enough to name a failure in CI's printed tail. */
function firstLines(text: string | undefined, lines = 3): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes
  const plain = (text ?? '').replace(/\u001b\[[0-9;]*m/g, '');
  return plain
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, lines)
    .join(' | ')
    .slice(0, 400);
}

type VitestReport = {
  numPassedTests: number;
  numFailedTests: number;
  numTotalTests: number;
  testResults?: {
    name: string;
    status: string;
    message?: string;
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
};

function vitestFailures(report: VitestReport): string[] {
  const named: string[] = [];
  for (const file of report.testResults ?? []) {
    const where = file.name.replace(`${process.cwd()}/`, '');
    const bad = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of bad) named.push(`${where} › ${t.fullName}: ${firstLines(t.failureMessages?.[0])}`);
    if (file.status === 'failed' && bad.length === 0) named.push(`${where}: ${firstLines(file.message)}`);
  }
  return named;
}
async function vitest(name: string, args: string[], env: Record<string, string> = {}): Promise<void> {
  const out = `${artifacts}/${name}.json`;
  const flakyOut = `${artifacts}/${name}-flaky.json`;
  rmSync(out, { force: true });
  rmSync(flakyOut, { force: true });
  const ok = await run(
    name,
    'npx',
    [
      'vitest',
      'run',
      ...args,
      `--retry=${RETRIES}`,
      '--reporter=default',
      '--reporter=json',
      '--reporter=./scripts/flaky-reporter.ts',
      `--outputFile.json=${out}`,
    ],
    { ...env, VITEST_FLAKY_OUTPUT: resolve(flakyOut) },
  );
  if (existsSync(flakyOut))
    failedTests.push(...(JSON.parse(readFileSync(flakyOut, 'utf8')) as string[]).map((f) => `${name}: (flaky) ${f}`));
  if (!existsSync(out)) {
    failed++;
    failures.push(`${name} (no report)`);
    return;
  }
  const report = JSON.parse(readFileSync(out, 'utf8')) as VitestReport;
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  if (!ok && report.numFailedTests === 0) {
    failed++;
    failures.push(`${name} (runner failed)`);
  } else if (report.numFailedTests > 0) failures.push(`${name}: ${report.numFailedTests} failed`);
  failedTests.push(...vitestFailures(report).map((f) => `${name}: ${f}`));
}

type PwSuite = {
  title: string;
  file?: string;
  specs?: {
    title: string;
    file?: string;
    line?: number;
    tests: { projectName?: string; status: string; results: { error?: { message?: string } }[] }[];
  }[];
  suites?: PwSuite[];
};
type PwStats = {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites?: PwSuite[];
};

function playwrightFailures(suites: PwSuite[] = [], path: string[] = []): string[] {
  const named: string[] = [];
  for (const suite of suites) {
    const here = suite.file && path.length === 0 ? [] : [...path, suite.title];
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests)
        if (t.status === 'unexpected' || t.status === 'flaky') {
          const error = t.results.find((r) => r.error)?.error?.message;
          const title = [...here, spec.title].filter(Boolean).join(' › ');
          named.push(
            `${t.status === 'flaky' ? '(flaky, passed on retry) ' : ''}[${t.projectName ?? ''}] ` +
              `${spec.file ?? suite.file ?? ''}:${spec.line ?? ''} › ${title}: ${firstLines(error)}`,
          );
        }
    named.push(...playwrightFailures(suite.suites, here));
  }
  return named;
}
/** Runs a Playwright suite with one retry; its JSON report counts its tests. */
async function playwright(name: string, config: string): Promise<void> {
  const out = `${artifacts}/${name.replace(/\s+/g, '-')}.json`;
  rmSync(out, { force: true });
  const args = ['playwright', 'test', '-c', config, '--reporter=list,json', `--retries=${RETRIES}`];
  // Playwright resolves a relative report path against the config's folder.
  const ok = await run(name, 'npx', args, { PLAYWRIGHT_JSON_OUTPUT_NAME: resolve(out) });
  if (!existsSync(out)) {
    failed++;
    failures.push(`${name} (no report)`);
    return;
  }
  const { stats, suites } = JSON.parse(readFileSync(out, 'utf8')) as PwStats;
  failedTests.push(...playwrightFailures(suites).map((f) => `${name}: ${f}`));
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
  if (stats.unexpected > 0) failures.push(`${name}: ${stats.unexpected} failed`);
  else if (!ok) {
    failed++;
    failures.push(`${name} (runner failed)`);
  }
}

const checks = async () => {
  // TypeScript 7 checks in parallel by default, each checker redoing the shared types: one thread found the
  // same errors for about three quarters of the CPU (34 vs 46 s), and the other lanes use the second core.
  await check('compile', 'npx', ['tsc', '--noEmit', '--singleThreaded']);
  await check('lint', 'npx', ['biome', 'check', '.']);
};
const buildChrome = () => check('build chrome', 'npx', ['wxt', 'build']);
const size = () => check('size', 'npm', ['run', 'size']);
const buildFirefox = () => check('build firefox', 'npx', ['wxt', 'build', '-b', 'firefox']);
const webExtLint = () =>
  check('web-ext lint firefox', 'npx', ['web-ext', 'lint', '-s', '.output/firefox-mv3', '--no-input']);
const firefoxE2e = () => playwright('firefox e2e', 'e2e/firefox/playwright.config.ts');
const chromiumE2e = () => playwright('e2e', 'e2e/playwright.config.ts');
// With both builds done, Vitest's manifest tests read their manifests instead of building both browsers again.
const builtOutput = (built: boolean[]): Record<string, string> =>
  built.every(Boolean) ? { BUILT_OUTPUT: resolve('.output') } : {};

if (SERIAL) {
  await checks();
  const chrome = await buildChrome();
  await size();
  const firefox = await buildFirefox();
  await webExtLint();
  await vitest('vitest', [], builtOutput([chrome, firefox]));
  await firefoxE2e();
  await chromiumE2e();
} else {
  // Three lanes, so the two cores stay busy: the journeys spend most of their time waiting on the simulator's
  // clock and the browsers' timers (about half a core each suite), Vitest keeps one to one and a half busy.
  // The Chromium journeys (the longest step) start as soon as their build and its size check are done; the
  // Firefox ones as soon as theirs is, beside Vitest, so neither waits at the end for the other. Vitest
  // starts after compile, lint and both builds (which take about as long). The two builds run one after the
  // other (both write .wxt); they write .output/<browser>, which Vitest reads only through BUILT_OUTPUT, and
  // `wxt build` writes .wxt only when it changes, so tsc never meets a half-written file.
  const chrome = buildChrome();
  const firefox = chrome.then(buildFirefox);
  await Promise.all([
    (async () => {
      await checks();
      await vitest('vitest', [], builtOutput(await Promise.all([chrome, firefox])));
    })(),
    chrome.then(size).then(chromiumE2e),
    firefox.then(webExtLint).then(firefoxE2e),
  ]);
}

timings.write(`${artifacts}/timings.json`);
const cpu = journeyCpuSummary([
  { path: `${artifacts}/e2e.json`, lane: 'chromium' },
  { path: `${artifacts}/firefox-e2e.json`, lane: 'firefox' },
]);
if (cpu) console.log(`\n${cpu}`);
console.log(
  `\nTime per phase (CPU is user + sys of its processes; ${availableParallelism()} cores here):\n${formatPhases(timings.phases)}`,
);
if (failedTests.length) console.log(`\nFailed or flaky tests:\n- ${failedTests.join('\n- ')}`);
if (failures.length) console.log(`\nFailures:\n- ${failures.join('\n- ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
