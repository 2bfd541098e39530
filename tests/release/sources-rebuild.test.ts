// The Firefox sources zip, as an AMO reviewer gets it: unpacked into an empty folder, built with the steps
// its README gives, it yields the Firefox zip file for file, byte for byte; it holds only the files the
// build needs (no simulator, tests, benchmarks, e2e or artifacts).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = process.cwd();
const scratch = mkdtempSync(join(tmpdir(), 'marketside-release-'));
const reviewer = join(scratch, 'reviewer');

/** The environment of a shell, without what Vitest sets: its NODE_ENV=test turns on JSX's dev runtime. */
function shellEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env))
    if (key === 'NODE_ENV' || key === 'TEST' || key.startsWith('VITEST')) delete env[key];
  return env;
}

// Hang bounds: a Firefox build and its zip took 60-130 s in CI alone, and passed 280 s (229 s for the build)
// with two CI runs sharing the machine.
const BUILD = 540_000;
const SETUP = 2 * BUILD + 60_000;

function run(command: string, cwd: string): string {
  const result = spawnSync('sh', ['-c', command], { cwd, env: shellEnv(), encoding: 'utf8', timeout: BUILD });
  if (result.status !== 0) throw new Error(`${command} failed in ${cwd}:\n${result.stderr}\n${result.stdout}`);
  return result.stdout;
}

async function unzip(path: string): Promise<Map<string, Buffer>> {
  const zip = await JSZip.loadAsync(readFileSync(path));
  const files = new Map<string, Buffer>();
  for (const entry of Object.values(zip.files)) if (!entry.dir) files.set(entry.name, await entry.async('nodebuffer'));
  return files;
}

function filesUnder(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.set(relative(dir, path), readFileSync(path));
    }
  };
  walk(dir);
  return files;
}

/** The shell commands of the README's "Build from source" section, in order. */
function buildSteps(readme: string): string[] {
  const section = readme.split(/^#{2,3} /m).find((s) => s.startsWith('Build from source'));
  const block = section?.match(/```sh\n([\s\S]*?)```/)?.[1];
  if (!block) throw new Error('The README has no "Build from source" section with a sh block');
  return block
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}

let firefoxZip: Map<string, Buffer>;
let sources: Map<string, Buffer>;
let steps: string[];

beforeAll(async () => {
  const out = run(`npx tsx tests/release/zip-firefox.ts ${join(scratch, 'out')}`, root)
    .trim()
    .split('\n');
  const zips = JSON.parse(out[out.length - 1]!) as string[];
  const firefoxPath = zips.find((z) => z.endsWith('-firefox.zip'));
  const sourcesPath = zips.find((z) => z.endsWith('-sources.zip'));
  if (!firefoxPath || !sourcesPath) throw new Error(`wxt zip -b firefox wrote ${zips.join(', ')}`);
  firefoxZip = await unzip(firefoxPath);
  sources = await unzip(sourcesPath);

  mkdirSync(reviewer);
  for (const [name, content] of sources) {
    mkdirSync(dirname(join(reviewer, name)), { recursive: true });
    writeFileSync(join(reviewer, name), content);
  }
  steps = buildSteps(sources.get('README.md')!.toString('utf8'));
  for (const step of steps) {
    if (step === 'npm ci') {
      // The same packages `npm ci` would install (the zip's lockfile is this checkout's, checked below),
      // linked rather than installed again, then the install's own postinstall step.
      symlinkSync(join(root, 'node_modules'), join(reviewer, 'node_modules'), 'dir');
      run('npm run postinstall', reviewer);
    } else {
      run(step, reviewer);
    }
  }
}, SETUP);

afterAll(() => {
  if (!process.env.KEEP_RELEASE_SCRATCH) rmSync(scratch, { recursive: true, force: true });
});

describe('the Firefox sources zip', () => {
  it("gives the README's build steps: install with the lockfile, build for Firefox", () => {
    expect(steps).toEqual(['npm ci', 'npm run build:firefox']);
    expect(sources.get('package-lock.json')?.equals(readFileSync(join(root, 'package-lock.json')))).toBe(true);
  });

  it('rebuilds into exactly the files of the Firefox zip, byte for byte', () => {
    const rebuilt = filesUnder(join(reviewer, '.output', 'firefox-mv3'));
    expect([...rebuilt.keys()].sort()).toEqual([...firefoxZip.keys()].sort());
    const differing = [...firefoxZip].filter(([name, content]) => !rebuilt.get(name)?.equals(content)).map(([n]) => n);
    expect(differing).toEqual([]);
    expect(firefoxZip.has('manifest.json')).toBe(true);
  });

  it('carries no path of the machine that built it', () => {
    const leaking = [...firefoxZip].filter(([, content]) => content.includes(root) || content.includes(scratch));
    expect(leaking.map(([name]) => name)).toEqual([]);
  });

  it('holds the sources, the policy, the licence and the build plugins, and nothing a build does not need', () => {
    const names = [...sources.keys()];
    for (const needed of ['package.json', 'wxt.config.ts', 'PRIVACY.md', 'LICENSE', 'CHANGELOG.md', 'README.md'])
      expect(names).toContain(needed);
    expect(names.some((n) => n.startsWith('entrypoints/'))).toBe(true);
    const topLevel = new Set(names.map((n) => n.split('/')[0]));
    for (const unwanted of ['sim', 'tests', 'bench', 'e2e', 'artifacts', '.git', '.output', 'node_modules', '.ci'])
      expect(topLevel.has(unwanted)).toBe(false);
    expect(names.filter((n) => n.startsWith('scripts/')).sort()).toEqual([
      'scripts/ascii-script.ts',
      'scripts/icons.ts',
      'scripts/inline-page-css.ts',
      'scripts/page-preloads.ts',
    ]);
    expect(names.filter((n) => /\.(test|spec)\.tsx?$/.test(n))).toEqual([]);
  });
});
