// The watchlist reads at a glance: at the widths a side panel is given, in the two-line layout (with
// sparklines) and the compact one, each column's label stands over its values and the prices and changes
// of a column line up on their decimal point. Sorting by a column and moving through rows by keyboard work
// at the narrowest width. Screenshots of every width and layout are saved.
import type { Page } from '@playwright/test';
import { columnIds } from '../lib/watchlists/columns';
import { ask } from './extension-calls';
import { expect, test } from './harness';
import { NO_POINT } from './journeys/data';
import type { ExtensionGlobals } from './launch';
import { decimalPoints, pointsOutOfLine } from './layout-misfits';

const MY_WATCHLIST = '7064175';
const WIDTHS = [320, 400, 600];
const LAYOUTS = ['two-line', 'compact'] as const;
/** Each sortable header (its class) and the cells of its column. */
const COLUMNS: Record<string, string> = {
  name: 'wl-name',
  bid: 'wl-bid',
  offer: 'wl-offer',
  change: 'wl-chg',
  changePct: 'wl-pct',
  sentiment: 'wl-sent',
  status: 'wl-stat',
};

interface Box {
  left: number;
  right: number;
}

/** The columns whose numbers line up on their point. */
const DEFAULT_NUMBERS = ['wl-bid', 'wl-offer', 'wl-chg'];
const EVERY_NUMBER = [...DEFAULT_NUMBERS, 'wl-mid', 'wl-high', 'wl-low', 'wl-spread'];

/** Each column's points (a number without one ends there) at one place. */
async function expectPointsInLine(panel: Page, cells: string[], rows: number, where: string) {
  expect(
    pointsOutOfLine(await decimalPoints(panel, cells, '.'), () => rows),
    where,
  ).toEqual([]);
}

/** For every column: its label's box and its cells' boxes. */
function measure(panel: Page, columns: Record<string, string>) {
  return panel.getByTestId('panel-rows').evaluate((root, cols) => {
    const box = (el: Element): Box => {
      const r = el.getBoundingClientRect();
      return { left: r.left, right: r.right };
    };
    return Object.entries(cols).map(([id, cell]) => ({
      id,
      label: box(root.querySelector(`.wl-th--${id} button`) as Element),
      cells: [...root.querySelectorAll(`td.${cell}`)].map(box),
    }));
  }, columns);
}

async function openWatchlist(panel: Page, layout: (typeof LAYOUTS)[number]) {
  await expect(panel.getByRole('combobox', { name: 'Watchlist' })).toHaveValue(MY_WATCHLIST);
  await expect(panel.getByTestId('panel-row')).toHaveCount(3);
  const sparklines = panel.getByRole('checkbox', { name: 'Sparklines' });
  if (layout === 'compact') await sparklines.uncheck();
  else await sparklines.check();
  await expect(panel.getByTestId('panel-rows')).toHaveClass(layout === 'compact' ? /wl-compact/ : /^(?!.*wl-compact)/);
  // Prices on every row before measuring: a dash is narrower than a number.
  await expect(panel.locator('td.wl-bid').filter({ hasText: /\d\.\d/ })).toHaveCount(3);
}

/** Each label not over every one of its column's cells (none when all stand over them). */
async function labelsOffTheirCells(panel: Page, columns: Record<string, string>, rows: number): Promise<string[]> {
  const off: string[] = [];
  for (const { id, label, cells } of await measure(panel, columns)) {
    if (cells.length !== rows) off.push(`${id}: ${cells.length} cells`);
    if (label.right - label.left <= 0) off.push(`${id}: no label`);
    for (const cell of cells)
      if (Math.min(label.right, cell.right) - Math.max(label.left, cell.left) <= 0)
        off.push(`the ${id} label [${label.left}, ${label.right}] off its cell [${cell.left}, ${cell.right}]`);
  }
  return off;
}

const sidewaysOverflow = (panel: Page) =>
  panel.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

// One Chromium for the six: the panel opens at the narrowest width and is resized, as a trader resizes it.
test('at 320, 400 and 600 px, two-line and compact: every header stands over its column and the decimal points line up', async ({
  configure,
  openPage,
  capture,
}) => {
  await configure();
  const panel = await openPage('sidepanel.html', { width: WIDTHS[0] as number, height: 700 });
  for (const layout of LAYOUTS) {
    await openWatchlist(panel, layout);
    for (const width of WIDTHS) {
      await test.step(`${width} px, ${layout}`, async () => {
        await panel.setViewportSize({ width, height: 700 });
        // The table follows the panel's width a frame later.
        await expect.poll(() => labelsOffTheirCells(panel, COLUMNS, 3), `at ${width} px, ${layout}`).toEqual([]);
        // Five, one and two decimals in one column.
        await expectPointsInLine(panel, DEFAULT_NUMBERS, 3, `at ${width} px, ${layout}`);
        expect(await sidewaysOverflow(panel), `overflow at ${width} px, ${layout}`).toBeLessThanOrEqual(0);
        await capture(panel, `watchlist-${width}-${layout}`);
      });
    }
  }
});

test('at 320 px a column sorts from its header, and the arrow keys move through the rows', async ({
  configure,
  openPage,
}) => {
  await configure();
  const panel = await openPage('sidepanel.html', { width: 320, height: 700 });
  await openWatchlist(panel, 'two-line');
  const order = () =>
    panel.getByTestId('panel-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-epic')));
  const changes = () =>
    panel
      .getByTestId('panel-row')
      .evaluateAll((rows) =>
        rows.map((r) =>
          Number((r.querySelector('td.wl-pct')?.textContent ?? '').replace(/[▲▼\s%+]/g, '').replace('−', '-')),
        ),
      );

  const sortByPct = panel.getByRole('button', { name: 'Sort by Change %' });
  const header = sortByPct.locator('xpath=..');
  const sortedAs = async (direction: string) => {
    const now = await changes();
    const want = [...now].sort((a, b) => (direction === 'ascending' ? a - b : b - a));
    return now.join() === want.join();
  };
  await sortByPct.click();
  await expect(header).toHaveAttribute('aria-sort', /ascending|descending/);
  const firstDirection = (await header.getAttribute('aria-sort')) as string;
  await expect.poll(() => sortedAs(firstDirection)).toBe(true);
  await sortByPct.click();
  const flipped = firstDirection === 'ascending' ? 'descending' : 'ascending';
  await expect(header).toHaveAttribute('aria-sort', flipped);
  await expect.poll(() => sortedAs(flipped)).toBe(true);
  expect(new Set(await changes()).size, 'three different changes, so the order says something').toBe(3);

  const epics = await order();
  const rowButton = (epic: string) => panel.locator(`[data-testid="panel-row"][data-epic="${epic}"] td.wl-name button`);
  await rowButton(epics[0]!).focus();
  await panel.keyboard.press('ArrowDown');
  await expect(rowButton(epics[1]!)).toBeFocused();
  await panel.keyboard.press('End');
  await expect(rowButton(epics[2]!)).toBeFocused();
  await panel.keyboard.press('Home');
  await expect(rowButton(epics[0]!)).toBeFocused();
});

test('every column chosen: at 320, 400 and 600 px each header stands over its values, the points line up and nothing overflows', async ({
  configure,
  openPage,
}) => {
  await configure();
  const panel = await openPage('sidepanel.html', { width: 600, height: 700 });
  await openWatchlist(panel, 'two-line');
  await ask(panel, 'watchlists.addMarket', { id: MY_WATCHLIST, epic: NO_POINT });
  await expect(panel.getByTestId('panel-row')).toHaveCount(4);
  await expect(panel.locator(`[data-epic="${NO_POINT}"] td.wl-bid`)).toHaveText(/^\d,?\d{3}$/);
  const all: string[] = [...columnIds];
  await panel.evaluate(
    ([list, columns]) =>
      (globalThis as unknown as ExtensionGlobals).chrome.storage.local.set({
        watchlistMarks: { flags: {}, notes: {}, lists: { [list as string]: { columns, sections: [] } } },
      }),
    [MY_WATCHLIST, all] as const,
  );
  await expect(panel.getByTestId('panel-rows')).toHaveClass(/wl-custom/);
  const cells: Record<string, string> = Object.fromEntries(
    all.map((id) => [
      id,
      { change: 'wl-chg', changePct: 'wl-pct', sentiment: 'wl-sent', status: 'wl-stat', updated: 'wl-upd' }[id] ??
        `wl-${id}`,
    ]),
  );
  for (const width of WIDTHS) {
    await panel.setViewportSize({ width, height: 700 });
    await expect.poll(() => sidewaysOverflow(panel)).toBeLessThanOrEqual(0);
    await expect
      .poll(() => labelsOffTheirCells(panel, { name: 'wl-name', ...cells }, 4), `every column at ${width} px`)
      .toEqual([]);
    // Five, one, two and no decimals in one column.
    await expectPointsInLine(panel, EVERY_NUMBER, 4, `at ${width} px, every column`);
  }
});
