// Runs every bench/*.bench.ts module (or those whose file name contains an argument), prints one table
// and writes the results as JSON to bench/results/latest.json.
//   npm run bench                 all modules
//   npm run bench -- requests     only modules whose file name contains "requests"
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureBrowsers } from '../scripts/ensure-browsers';
import type { BenchModule, BenchResult } from './types';

const here = dirname(fileURLToPath(import.meta.url));

/** A module exports `default: BenchModule`, or a named `run()` (and `name` or `title`). */
interface LoadedModule {
  default?: BenchModule;
  run?: () => Promise<unknown>;
  name?: string;
  title?: string;
}

function benchOf(
  mod: LoadedModule,
): (Pick<BenchModule, 'title' | 'browsers'> & { run: () => Promise<unknown> }) | null {
  if (mod.default && typeof mod.default.run === 'function') return mod.default;
  if (typeof mod.run === 'function') return { title: mod.title ?? mod.name ?? '', run: mod.run };
  return null;
}

/** Results as a list; a module may also return a record of figures (numbers, or text kept as a note). */
function normalise(value: unknown): BenchResult[] {
  if (Array.isArray(value)) return value as BenchResult[];
  if (value && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).map(([name, v]) =>
      typeof v === 'number' ? { name, value: v, unit: '' } : { name, value: Number.NaN, unit: '', note: String(v) },
    );
  }
  return [];
}

function format(value: number): string {
  if (Number.isNaN(value)) return '';
  if (Number.isInteger(value)) return String(value);
  return Math.abs(value) >= 100 ? value.toFixed(0) : value.toFixed(2);
}

function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  return rows.map((r) => r.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ')).join('\n');
}

async function main() {
  const filters = process.argv.slice(2);
  const files = (await readdir(here))
    .filter((f) => f.endsWith('.bench.ts'))
    .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
    .sort();
  const results: Record<string, { title: string; results: BenchResult[]; error?: string }> = {};
  let failed = false;
  const benches = [];
  for (const file of files) {
    const bench = benchOf((await import(pathToFileURL(join(here, file)).href)) as LoadedModule);
    if (bench) benches.push({ file, bench });
    else {
      console.error(`${file}: exports neither a default { title, run } nor a named run()`);
      failed = true;
    }
  }
  ensureBrowsers([...new Set(benches.flatMap(({ bench }) => bench.browsers ?? []))], 'npm run bench');
  for (const { file, bench } of benches) {
    process.stderr.write(`running ${file} (${bench.title})...\n`);
    try {
      results[file] = { title: bench.title, results: normalise(await bench.run()) };
    } catch (err) {
      failed = true;
      const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
      results[file] = { title: bench.title, results: [], error: message };
      console.error(`${file} failed: ${message}`);
    }
  }
  const rows = [['module', 'measure', 'value', 'unit', 'baseline', 'target', 'ok', 'note']];
  for (const [file, r] of Object.entries(results)) {
    for (const x of r.results) {
      rows.push([
        file.replace('.bench.ts', ''),
        x.name,
        format(x.value),
        x.unit,
        x.baseline === undefined ? '' : format(x.baseline),
        x.target ?? '',
        x.pass === undefined ? '' : x.pass ? 'yes' : 'NO',
        x.note ?? '',
      ]);
    }
  }
  console.log(table(rows));
  const out = join(here, 'results');
  await mkdir(out, { recursive: true });
  const payload = { runAt: new Date().toISOString(), node: process.version, modules: results };
  await writeFile(join(out, 'latest.json'), `${JSON.stringify(payload, null, 2)}\n`);
  console.log(`\nwritten to ${join('bench', 'results', 'latest.json')}`);
  if (failed) process.exitCode = 1;
}

await main();
// The official Node Lightstreamer client (live-prices' baseline) keeps an interval running after it
// disconnects, which would hold the process open once everything is done.
process.exit();
