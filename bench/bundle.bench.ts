// Bundle sizes of the built Chrome extension (.output/chrome-mv3): what each entrypoint loads before it
// can paint (its HTML's scripts, module preloads and the chunks they import statically, gzipped), the
// lazy chunks apart, and the whole extension on disk.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildExtension, EXTENSION_DIR } from '../e2e/launch';
import { backgroundFiles, initialFiles } from '../scripts/entry-files';
import type { BenchModule, BenchResult } from './types';

const KB = 1024;
const round = (n: number) => Math.round(n * 10) / 10;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

const gz = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;

const bench: BenchModule = {
  title: 'bundle size per entrypoint (gzip) and total extension size',
  async run() {
    if (!existsSync(join(EXTENSION_DIR, 'manifest.json'))) buildExtension();
    const dir = EXTENSION_DIR;
    const results: BenchResult[] = [];
    const targets: Record<string, number> = { sidepanel: 80, popup: 25 };
    const loaded = new Set<string>();

    const background = backgroundFiles(dir);
    const bg = background.reduce((sum, f) => sum + gz(join(dir, f)), 0);
    for (const f of background) loaded.add(f);
    results.push({
      name: 'background JS, gzip',
      value: round(bg / KB),
      unit: 'KB',
      note: 'the whole worker (one script)',
    });

    for (const page of ['popup', 'sidepanel', 'options']) {
      const html = `${page}.html`;
      if (!existsSync(join(dir, html))) continue;
      const { js, css } = initialFiles(dir, html);
      for (const f of js) loaded.add(f);
      const jsGz = js.reduce((sum, f) => sum + gz(join(dir, f)), 0);
      const cssGz = css.reduce((sum, f) => sum + gz(join(dir, f)), 0);
      const target = targets[page];
      results.push({
        name: `${page} JS loaded up front, gzip (${js.length} files)`,
        value: round(jsGz / KB),
        unit: 'KB',
        target: target === undefined ? undefined : `< ${target}`,
        pass: target === undefined ? undefined : jsGz / KB < target,
        note: page === 'sidepanel' ? 'lazy chunks (chart, alerts, import/export, dealing) not included' : undefined,
      });
      results.push({ name: `${page} CSS, gzip`, value: round(cssGz / KB), unit: 'KB' });
    }

    const lazy = files(join(dir, 'chunks'))
      .map((f) => relative(dir, f))
      .filter((f) => !loaded.has(f));
    for (const f of lazy.sort()) {
      const name = f.replace(/^chunks\//, '').replace(/-[\w-]{8}\.js$/, '');
      results.push({ name: `lazy chunk ${name}, gzip`, value: round(gz(join(dir, f)) / KB), unit: 'KB' });
    }

    const all = files(dir);
    const raw = all.reduce((sum, f) => sum + statSync(f).size, 0);
    const gzipped = all.reduce((sum, f) => sum + gz(f), 0);
    results.push({ name: `whole extension on disk (${all.length} files)`, value: round(raw / KB), unit: 'KB' });
    results.push({ name: 'whole extension, each file gzipped', value: round(gzipped / KB), unit: 'KB' });
    return results;
  },
};

export default bench;
