// Size budgets of what each entry loads up front (gzip), checked by `npm run size` after the Chrome build
// (scripts/test-all.ts). An entry's files are its script and the chunks it imports statically, read from
// the built HTML and manifest (scripts/entry-files.ts): chunk names carry hashes no glob can pin down.
import { join } from 'node:path';
import { backgroundFiles, initialFiles } from './scripts/entry-files';

const dir = join(import.meta.dirname, '.output', 'chrome-mv3');
const page = (name: string) => initialFiles(dir, `${name}.html`).js.map((f) => join(dir, f));

export default [
  // 29 KB (was 26): webextension-polyfill, the design's one browser API (wxt/browser), is 2.9 kB of it.
  { name: 'popup JS up front', path: page('popup'), limit: '29 KB', gzip: true },
  { name: 'side panel JS up front', path: page('sidepanel'), limit: '80 KB', gzip: true },
  { name: 'options JS up front', path: page('options'), limit: '40 KB', gzip: true },
  // The whole worker, one script (93.00 kB measured with webextension-polyfill's 2.9): a regression guard.
  { name: 'background JS', path: backgroundFiles(dir).map((f) => join(dir, f)), limit: '95 KB', gzip: true },
];
