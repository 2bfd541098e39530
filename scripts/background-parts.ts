// A Vite plugin for the Chrome build: the service worker is built as Rollup AMD chunks instead of WXT's one
// IIFE, so a dynamic import() in the background becomes a part loaded when it is first needed (Chrome
// refuses import() in a service worker). lib/background/part-loader.js, put before the worker's script,
// defines the AMD loader and imports every part at install, which lets a later wake load them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { WxtViteConfig } from 'wxt';

type VitePlugin = Extract<NonNullable<WxtViteConfig['plugins']>[number], { name: string }>;
interface Emitted {
  type: 'asset' | 'chunk';
  fileName: string;
  code?: string;
  isEntry?: boolean;
  facadeModuleId?: string | null;
  imports?: string[];
  source?: unknown;
}

/** What a woken worker loads at once: its parts' first files are named to come first (see wakeFirst). */
export const AT_WAKE_PREFIX = '0-';

/**
 * Chromium hands a starting worker every installed script in the order of their URLs, and importScripts()
 * waits until its script has arrived: a part a woken worker needs at once, named after a dozen others,
 * waited for them all (5–10 ms of the first reply). The parts whose entry module is in `atWake`, and the
 * parts those import, get names that come first. Returns the new name of each renamed file.
 */
export function wakeFirst(files: Emitted[], atWake: readonly string[]): Map<string, string> {
  const byName = new Map(files.map((f) => [f.fileName, f]));
  const queue = files
    .filter((f) => f.type === 'chunk' && !f.isEntry && atWake.some((m) => f.facadeModuleId?.endsWith(m)))
    .map((f) => f.fileName);
  const renamed = new Map<string, string>();
  while (queue.length) {
    const name = queue.shift() as string;
    const file = byName.get(name);
    if (!file || file.isEntry || renamed.has(name)) continue;
    const slash = name.lastIndexOf('/') + 1;
    renamed.set(name, `${name.slice(0, slash)}${AT_WAKE_PREFIX}${name.slice(slash)}`);
    queue.push(...(file.imports ?? []));
  }
  const base = (n: string) => n.slice(n.lastIndexOf('/') + 1);
  for (const file of files) {
    for (const [from, to] of renamed) {
      if (file.code) file.code = file.code.replaceAll(base(from), base(to));
      if (typeof file.source === 'string') file.source = file.source.replaceAll(base(from), base(to));
    }
  }
  // A build with source maps names each chunk's map after it (the texts above already say the new name).
  for (const [from, to] of [...renamed]) if (byName.has(`${from}.map`)) renamed.set(`${from}.map`, `${to}.map`);
  for (const file of files) file.fileName = renamed.get(file.fileName) ?? file.fileName;
  return renamed;
}

export const WORKER_SCRIPT = 'background.js';
export const PARTS_DIR = 'background-parts';
const LOADER = join(import.meta.dirname, '..', 'lib', 'background', 'part-loader.js');

/** The loader's source with the list of parts its install event imports. */
export function loaderFor(parts: string[]): string {
  const source = readFileSync(LOADER, 'utf8');
  const filled = source.replace('/* parts */ []', JSON.stringify(parts));
  if (filled === source) throw new Error(`${LOADER} has no place for the list of parts`);
  return filled;
}

const PRELOAD_HELPER = '\0vite/preload-helper.js';

/** `atWake`: the modules (paths ending so) whose parts a woken worker loads before its first reply. */
export function backgroundParts(atWake: readonly string[] = []): VitePlugin {
  let building = false;
  return {
    name: 'marketside:background-parts',
    enforce: 'pre',
    config(config) {
      const lib = config.build?.lib;
      building = !!lib && String(lib.entry).startsWith('virtual:wxt-background-entrypoint');
      if (!lib || !building) return;
      const build = config.build ?? {};
      build.lib = false;
      build.modulePreload = false;
      build.rollupOptions = {
        ...build.rollupOptions,
        input: { background: String(lib.entry) },
        preserveEntrySignatures: false,
        output: {
          format: 'amd',
          minifyInternalExports: true,
          amd: { forceJsExtensionForImports: true },
          entryFileNames: WORKER_SCRIPT,
          chunkFileNames: `${PARTS_DIR}/[name]-[hash].js`,
        },
      };
    },
    // Vite wraps each import() in its helper for preloading a page's chunks and styles; a worker has none.
    load(id) {
      if (building && id === PRELOAD_HELPER) return 'export const __vitePreload = (load) => load();';
    },
    generateBundle(_, output) {
      if (!building) return;
      const files = Object.values(output as unknown as Record<string, Emitted>);
      const worker = files.find((f) => f.type === 'chunk' && f.fileName === WORKER_SCRIPT);
      if (!worker?.code) throw new Error(`The background build made no ${WORKER_SCRIPT}`);
      for (const [from, to] of wakeFirst(files, atWake)) {
        const file = output[from] as unknown as Emitted;
        delete output[from];
        (output as unknown as Record<string, Emitted>)[to] = file;
      }
      const parts = files.filter((f) => f.type === 'chunk' && f !== worker).map((f) => f.fileName);
      // Its comments say why it exists; the worker does not need them.
      const loader = loaderFor(parts).replace(/^\s*\/\/.*\n/gm, '');
      worker.code = `${loader}${worker.code}`;
    },
  };
}
