// What each entry of a built extension loads before it can run: the scripts its HTML names, the chunks it
// preloads and every chunk those import statically (the service worker: its script and its static
// imports). Used by the size budgets (.size-limit.ts) and the bundle benchmark.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Static imports of a built chunk (`import ... from "./x.js"` / `"/chunks/x.js"`, or the dependencies of
 * an AMD `define([...])`, as the Chrome worker is built), resolved to files.
 */
function staticImports(dir: string, file: string): string[] {
  const code = readFileSync(join(dir, file), 'utf8');
  const found = [...code.matchAll(/(?:^|[;\s}])import\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g)].map(
    (m) => m[1] as string,
  );
  const amd = /(?:^|[;\s})])define\(\[([^\]]*)\]/.exec(code);
  for (const dep of amd?.[1]?.matchAll(/["']([^"']+\.js)["']/g) ?? []) found.push(dep[1] as string);
  return found.map((spec) =>
    spec.startsWith('/') ? spec.slice(1) : relative(dir, join(dir, file, '..', spec)).replace(/\\/g, '/'),
  );
}

/** The given scripts and, transitively, the chunks they import statically (paths relative to `dir`). */
export function withStaticImports(dir: string, scripts: string[]): string[] {
  const queue = [...scripts];
  const js = new Set<string>();
  while (queue.length) {
    const f = queue.shift() as string;
    if (js.has(f) || !existsSync(join(dir, f))) continue;
    js.add(f);
    queue.push(...staticImports(dir, f));
  }
  return [...js];
}

/** Everything an HTML page loads up front: scripts, module preloads, their static imports, stylesheets. */
export function initialFiles(dir: string, html: string): { js: string[]; css: string[] } {
  const text = readFileSync(join(dir, html), 'utf8');
  const refs = (re: RegExp) => [...text.matchAll(re)].map((m) => (m[1] as string).replace(/^\//, ''));
  const scripts = [...refs(/<script[^>]+src="([^"]+)"/g), ...refs(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)];
  return { js: withStaticImports(dir, scripts), css: refs(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g) };
}

/** The service worker's script (manifest background.service_worker) and its static imports. */
export function backgroundFiles(dir: string): string[] {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as {
    background?: { service_worker?: string };
  };
  const worker = manifest.background?.service_worker;
  if (!worker) throw new Error(`${dir}/manifest.json names no background service worker`);
  return withStaticImports(dir, [worker.replace(/^\//, '')]);
}
