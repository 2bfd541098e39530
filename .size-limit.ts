// Size budgets of what each entry loads up front (gzip), checked by `npm run size` after the Chrome build
// (scripts/test-all.ts). An entry's files are its script and the chunks it imports statically, read from
// the built HTML and manifest (scripts/entry-files.ts): chunk names carry hashes no glob can pin down.
import { join } from 'node:path';
import { backgroundFiles, initialFiles } from './scripts/entry-files';

const dir = join(import.meta.dirname, '.output', 'chrome-mv3');
const page = (name: string) => initialFiles(dir, `${name}.html`).js.map((f) => join(dir, f));

export default [
  // 31.4 KB (was 26, then 30, 30.2, 30.6, 31, 31.2): webextension-polyfill, the design's one browser API (wxt/browser), is
  // 2.9 kB of it; the catalogue's lookups (@wxt-dev/i18n) and the locale's number parsing bring it to 29.79
  // measured; ages from the catalogue with plural forms, and components/Change.tsx a chunk of its own (30.11); the
  // colour flags in the results and the market view (+0.36); lib/format split in files, which the bundler places
  // in two shared chunks where it was one (+0.3); the registry's items knowing their keys (storedItem, so the
  // worker's wake reads derive from the one registry) and the early script's one named way to the browser's own
  // API (+0.08: 31.08). 31.4 KB: the side panel's route posted on a channel as well as stored, so an open panel
  // follows without watching storage.session (a chunk of its own, shared with the panel, which also holds the stored route: 31.38).
  // 31.6 KB: every stored read a page makes falls back when Firefox refuses the page its storage, and a click's pin
  // outlives the slower first read (31.52).
  { name: 'popup JS up front', path: page('popup'), limit: '31.6 KB', gzip: true },
  { name: 'side panel JS up front', path: page('sidepanel'), limit: '80 KB', gzip: true },
  // 44 KB (was 40): the polyfill, the catalogue and the settings file's list alerts and watchlist marks (42.88).
  { name: 'options JS up front', path: page('options'), limit: '44 KB', gzip: true },
  // The whole worker, one script: a regression guard. 99 KB: 93.00 with webextension-polyfill, 97.00
  // once list alerts, watchlist marks and the catalogue joined it, 98.01 with createBackground in named parts
  // (lib/background/wiring/: the same code, split into functions that say what each part needs), 98.4 with
  // the wake's start read. 99.5 KB: a working order placed once per submit however often its message arrives (99.29).
  // 99.6 KB: streamed prices written to the cache at most once every 250 ms, not tick by tick (99.54). 100 KB: a
  // page that draws a market from the stream is not told of a write holding just what it was sent (99.78).
  { name: 'background JS', path: backgroundFiles(dir).map((f) => join(dir, f)), limit: '100 KB', gzip: true },
];
