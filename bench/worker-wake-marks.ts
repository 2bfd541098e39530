// A copy of the built worker with a timing mark at the start of each bundled module's top level (a tool, not
// a benchmark), for the probe to print in order: the gap before a mark is the module before it.
//   MS_SOURCEMAP=1 npx wxt build && npx tsx bench/worker-wake-marks.ts <copy dir> [built dir]
//   PROBE_DIR=<copy dir> npx tsx bench/worker-wake-probe.ts
// A mark goes only where it leaves the script valid (`node --check`) and splits no word; a module starting
// inside an expression the minifier joined gets none, and its time falls to the module before.
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXTENSION_DIR } from '../e2e/launch';

const out = process.argv[2];
if (!out) throw new Error('Usage: npx tsx bench/worker-wake-marks.ts <copy dir>');
const built = process.argv[3] ?? EXTENSION_DIR;
const js = readFileSync(join(built, 'background.js'), 'utf8');
const map = new SourceMap(JSON.parse(readFileSync(join(built, 'background.js.map'), 'utf8')));
// Where each source first appears in the script: the mapping at or before every position, line by line.
const first = new Map<string, number>();
let lineStart = 0;
for (const [line, text] of js.split('\n').entries()) {
  for (let column = 0; column < text.length; column++) {
    const entry = map.findEntry(line, column) as { originalSource?: string; generatedColumn?: number };
    const source = entry.originalSource;
    if (source && !first.has(source)) first.set(source, lineStart + (entry.generatedColumn ?? column));
  }
  lineStart += text.length + 1;
}
const mark = (name: string) => `self.__wake[${JSON.stringify(name)}]=performance.now();`;
const scratch = join(tmpdir(), 'marketside-marks-check.js');
const valid = (source: string) => {
  writeFileSync(scratch, source);
  try {
    execFileSync(process.execPath, ['--check', scratch], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const starts = [...first]
  .map(([source, at]) => ({ name: source.replace(/^.*?\/(?=lib\/|node_modules\/|entrypoints\/)/, ''), at }))
  .sort((a, b) => a.at - b.at)
  // Not inside a word: a mark between `ret` and `urn` still parses (as a call of `urn`) but throws.
  .filter(({ at }) => !(/[\w$]/.test(js[at - 1] ?? '') && /[\w$]/.test(js[at] ?? '')))
  .filter(({ at }) => valid(js.slice(0, at) + mark('x') + js.slice(at)));
let marked = js;
for (const [i, { name, at }] of [...starts.entries()].reverse())
  marked = marked.slice(0, at) + mark(`${String(i).padStart(3, '0')} ${name}`) + marked.slice(at);
if (!valid(marked)) throw new Error('The marks together left the script invalid');
rmSync(out, { recursive: true, force: true });
cpSync(built, out, { recursive: true });
rmSync(join(out, 'background.js.map'), { force: true });
writeFileSync(join(out, 'background.js'), marked);
rmSync(scratch, { force: true });
console.log(`${starts.length} of ${first.size} modules marked in ${out}`);
