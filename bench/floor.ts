// The floor for the page benchmarks: the fastest a page of this extension can paint a priced row on this
// machine, in this run. A one-line page (an `<li>` with a price, one tiny module script that marks the
// frame after it runs) is added to a copy of the built extension, which the page benchmarks launch
// instead of the build itself; they open it the same way as the page they measure, alternately with it.
// Beside it, the floor for a page that streams: it opens the same live Port as the extension's pages, watches
// the markets its address names, and writes each frame's streamed quotes into plain text rows, one text per
// row holding every column's values formatted as the side panel formats them.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXTENSION_DIR } from '../e2e/launch';
import { median, percentile } from './env';
import type { BenchResult } from './types';

export const FLOOR_PAGE = 'floor.html';
/** The mark every measured page sets on the frame that paints its first priced row. */
export const FIRST_ROW_MARK = 'first-content';

/**
 * Marks (as `mark`) the frame that paints the first element matching `selector` in the side panel (the next
 * animation frame after it enters the DOM), as the floor page marks its own; installed before the page's
 * own scripts run. Kept as text: a compiled function would carry the bundler's helpers into the page.
 */
export const markFirstInSidePanel = (selector: string, mark = FIRST_ROW_MARK): string => `
if (location.pathname === '/sidepanel.html') {
  const observer = new MutationObserver(() => {
    if (!document.querySelector('${selector}')) return;
    observer.disconnect();
    requestAnimationFrame(() => performance.mark('${mark}'));
  });
  observer.observe(document, { childList: true, subtree: true });
}`;

/** Marks the frame that paints the side panel's first watchlist row. */
export const MARK_FIRST_ROW = markFirstInSidePanel('[data-testid="panel-row"]');

const FLOOR_HTML = `<!doctype html><meta charset="utf-8"><li data-testid="floor-row">EUR/USD 1.08452</li><script type="module" src="/floor.js"></script>\n`;
const FLOOR_JS = `requestAnimationFrame(() => performance.mark('${FIRST_ROW_MARK}'));\n`;

/** `floor-stream.html?epics=A,B,…`: plain text rows of those markets, written from the live Port. */
export const FLOOR_STREAM_PAGE = 'floor-stream.html';

const FLOOR_STREAM_HTML = `<!doctype html><meta charset="utf-8"><ul></ul><script type="module" src="/floor-stream.js"></script>\n`;
// Kept as text (a compiled module would carry the bundler's helpers); the Port's name is LIVE_PORT.
const FLOOR_STREAM_JS = `const epics = (new URLSearchParams(location.search).get('epics') ?? '').split(',').filter(Boolean);
const rows = new Map();
const list = document.querySelector('ul');
for (const epic of epics) {
  const li = document.createElement('li');
  li.dataset.testid = 'floor-row';
  li.dataset.epic = epic;
  li.textContent = epic;
  list.append(li);
  rows.set(epic, li);
}
// The numbers formatted as the side panel formats them (Intl, the market's decimals), every column's values.
const numbers = [];
const number = (d) => (numbers[d] ??= new Intl.NumberFormat(undefined, { minimumFractionDigits: d, maximumFractionDigits: d }));
const pct = new Intl.NumberFormat(undefined, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'always' });
const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
const arriving = new Map();
let frame = 0;
const paint = () => {
  frame = 0;
  for (const [epic, q] of arriving) {
    const d = q.decimalPlacesFactor ?? (String(q.bid).split('.')[1] ?? '').length;
    const f = (v) => (v === null || v === undefined ? '–' : number(d).format(v));
    const mid = q.bid !== null && q.offer !== null ? (q.bid + q.offer) / 2 : null;
    const spread = q.bid !== null && q.offer !== null ? q.offer - q.bid : null;
    rows.get(epic).textContent = [q.instrumentName, f(q.bid), f(q.offer), f(mid), f(q.netChange), pct.format((q.percentageChange ?? 0) / 100), f(q.high), f(q.low), f(spread), q.marketStatus, q.updatedAt ? clock.format(q.updatedAt) : '–'].join(' ');
  }
  arriving.clear();
};
const port = chrome.runtime.connect({ name: 'marketside-live' });
port.onMessage.addListener((message) => {
  if (message.kind !== 'quotes') return;
  for (const s of message.quotes) if (rows.has(s.quote.epic)) arriving.set(s.quote.epic, s.quote);
  if (!frame && arriving.size) frame = requestAnimationFrame(paint);
});
port.postMessage({ kind: 'watch', epics, marketIds: [], visible: true });
`;

/** `floor-typing.html`: a password field and nothing else, typed into as the settings page's passphrase is. */
export const FLOOR_TYPING_PAGE = 'floor-typing.html';
const FLOOR_TYPING_HTML = `<!doctype html><meta charset="utf-8"><label>Passphrase <input id="floor-pin" type="password" autocomplete="new-password"></label>\n`;

/** The build the page benchmarks measure: BENCH_EXTENSION_DIR (e.g. another branch built elsewhere) or this checkout's. */
export const BENCH_EXTENSION = process.env.BENCH_EXTENSION_DIR ?? EXTENSION_DIR;

/** A copy of the built extension with the floor pages in it; `remove()` deletes the copy. */
export function extensionWithFloor(source = BENCH_EXTENSION): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'marketside-floor-'));
  cpSync(source, dir, { recursive: true });
  writeFileSync(join(dir, FLOOR_PAGE), FLOOR_HTML);
  writeFileSync(join(dir, 'floor.js'), FLOOR_JS);
  writeFileSync(join(dir, FLOOR_STREAM_PAGE), FLOOR_STREAM_HTML);
  writeFileSync(join(dir, 'floor-stream.js'), FLOOR_STREAM_JS);
  writeFileSync(join(dir, FLOOR_TYPING_PAGE), FLOOR_TYPING_HTML);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

const round = (n: number) => Math.round(n * 10) / 10;
const ratio = (n: number) => Math.round(n * 100) / 100;

/**
 * The floor's median and p90 and the page's, with the page's as ratios to the floor's median. Goal: the
 * page's median at most 1.5× the floor's median and its p90 at most 2× the floor's median.
 */
export function againstFloor(page: string, samples: number[], floor: number[]): BenchResult[] {
  const fm = median(floor);
  const pm = median(samples);
  const p90 = percentile(samples, 90);
  return [
    { name: `floor page, first priced row, median (${floor.length} openings)`, value: round(fm), unit: 'ms' },
    { name: 'floor page, first priced row, p90', value: round(percentile(floor, 90)), unit: 'ms' },
    { name: `${page}, median (${samples.length} openings)`, value: round(pm), unit: 'ms', baseline: round(fm) },
    { name: `${page}, p90`, value: round(p90), unit: 'ms', baseline: round(fm) },
    {
      name: `${page}, median / floor median`,
      value: ratio(pm / fm),
      unit: '×',
      target: '<= 1.5',
      pass: pm / fm <= 1.5,
    },
    {
      name: `${page}, p90 / floor median`,
      value: ratio(p90 / fm),
      unit: '×',
      target: '<= 2',
      pass: p90 / fm <= 2,
    },
  ];
}
