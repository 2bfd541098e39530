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

export function backgroundParts(): VitePlugin {
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
      const parts = files.filter((f) => f.type === 'chunk' && f !== worker).map((f) => f.fileName);
      // Its comments say why it exists; the worker does not need them.
      const loader = loaderFor(parts).replace(/^\s*\/\/.*\n/gm, '');
      worker.code = `${loader}${worker.code}`;
    },
  };
}
