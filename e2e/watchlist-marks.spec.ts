// Flags, sections, chosen columns and notes, made with the keyboard and the panel's own controls: they
// hold over a reload, go out in the settings file and come back from it, and never reach IG (every
// request the simulated service saw is checked for them).
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './harness';
import type { ExtensionGlobals } from './launch';

const MY_WATCHLIST = '7064175';
const NOTE = 'ECB minutes at 12:30';

const storageLocal = (keys: string[] | null) =>
  (globalThis as unknown as ExtensionGlobals).chrome.storage.local.get(keys);

async function openList(panel: Page) {
  await expect(panel.getByRole('combobox', { name: 'Watchlist' })).toHaveValue(MY_WATCHLIST);
  await expect(panel.getByTestId('panel-row')).toHaveCount(3);
}

/** The rows and section separators in the order shown: an epic, or `[name]` for a section. */
const shownOrder = (panel: Page) =>
  panel
    .getByTestId('panel-rows')
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs
        .map((tr) => ({
          y: tr.getBoundingClientRect().top,
          text: tr.getAttribute('data-epic') ?? `[${tr.querySelector('th')?.firstChild?.textContent?.trim()}]`,
        }))
        .sort((a, b) => a.y - b.y)
        .map((r) => r.text),
    );

test('flags, sections, columns and notes: made by keyboard, kept over a reload, exported and imported', async ({
  configure,
  openPage,
  sim,
}) => {
  await configure();
  let panel = await openPage('sidepanel.html', { width: 400, height: 700 });
  await openList(panel);
  const rows = panel.getByTestId('panel-row');
  const [first, second] = (await rows.evaluateAll((rs) => rs.map((r) => r.getAttribute('data-epic')))) as string[];
  const rowOf = (epic: string) => panel.locator(`[data-testid="panel-row"][data-epic="${epic}"]`);
  const nameOf = (epic: string) => rowOf(epic).locator('.wl-name .link');

  // Flag by key: F once is red, again orange; the change is announced.
  await nameOf(first!).focus();
  await panel.keyboard.press('f');
  await expect(rowOf(first!).getByRole('img', { name: 'Red flag' })).toBeVisible();
  await expect(panel.getByRole('status')).toContainText(': Red flag.');
  await nameOf(second!).focus();
  await panel.keyboard.press('f');
  await panel.keyboard.press('f');
  await expect(rowOf(second!)).toHaveAttribute('data-flag', 'orange');

  // A section, and a market moved under it without a mouse; the focus stays on the market.
  await panel.getByRole('button', { name: 'Sections' }).click();
  await panel.getByRole('textbox', { name: 'New section name' }).fill('Majors');
  await panel.getByRole('button', { name: 'Add section' }).press('Enter');
  await nameOf(first!).focus();
  await panel.keyboard.press(']');
  await expect(panel.getByRole('status')).toContainText('moved to Majors');
  await expect(nameOf(first!)).toBeFocused();
  await expect.poll(() => shownOrder(panel)).toEqual([expect.any(String), expect.any(String), '[Majors]', first]);

  // Columns: spread and the day range added, sentiment hidden, spread moved before the sparkline; sorting by spread.
  await panel.getByRole('button', { name: 'Columns' }).click();
  await panel.getByRole('checkbox', { name: 'Spread' }).check();
  await panel.getByRole('checkbox', { name: 'Day range' }).check();
  await panel.getByRole('checkbox', { name: 'Client sentiment' }).uncheck();
  await panel.getByRole('button', { name: 'Move Spread earlier' }).click();
  await expect(panel.getByTestId('panel-rows')).toHaveClass(/wl-custom/);
  const headers = await panel.locator('.wl-head .wl-sort').allTextContents();
  expect(headers).toEqual(
    ['Market', 'Bid', 'Offer', 'Chg', 'Chg %', 'Status', 'Sprd', 'Trend', 'Range'].map((h) =>
      expect.stringContaining(h),
    ),
  );
  await expect(panel.locator('td.wl-sent')).toHaveCount(0);
  await panel.getByRole('button', { name: 'Sprd: sort by Spread' }).click();
  await expect(panel.locator('.wl-th--spread')).toHaveAttribute('aria-sort', 'descending');

  // A note from the market's detail, shown on the row when it has the focus.
  await nameOf(second!).click();
  await panel.getByTestId('detail-note').fill(NOTE);
  await panel.getByRole('button', { name: 'Save note' }).click();
  await expect(panel.getByText('Note saved.')).toBeVisible();
  await panel.getByRole('button', { name: 'Back' }).press('Enter');
  await openList(panel);
  // Back puts the focus on the market opened, so its note shows; elsewhere (pointer off the rows) it hides.
  await expect(nameOf(second!)).toBeFocused();
  await expect(rowOf(second!).locator('.wl-note')).toBeVisible();
  await panel.getByRole('combobox', { name: 'Watchlist' }).focus();
  await panel.mouse.move(0, 0);
  await expect(rowOf(second!).locator('.wl-note')).toBeHidden();
  await nameOf(second!).focus();
  await expect(rowOf(second!).locator('.wl-note')).toHaveText(NOTE);
  await expect(nameOf(second!)).toHaveAccessibleDescription(NOTE);

  // The filter by flag.
  await panel.getByTestId('flag-filter').selectOption('orange');
  await expect(rows).toHaveCount(1);
  await panel.getByTestId('flag-filter').selectOption('');

  const check = async (page: Page) => {
    await openList(page);
    await expect(page.locator(`[data-epic="${first}"]`)).toHaveAttribute('data-flag', 'red');
    await expect(page.locator('.wl-section')).toContainText('Majors');
    await expect(page.getByRole('button', { name: 'Sprd: sort by Spread' })).toBeVisible();
    await expect(page.locator(`[data-epic="${second}"] .wl-note`)).toHaveText(NOTE);
  };
  await panel.reload();
  await check(panel);

  const options = await openPage('options.html');
  const [download] = await Promise.all([
    options.waitForEvent('download'),
    options.getByRole('button', { name: 'Export settings' }).click(),
  ]);
  const file = await download.path();
  const exported = JSON.parse(await readFile(file, 'utf8')).watchlistMarks;
  expect(exported.flags).toEqual({ [first!]: 'red', [second!]: 'orange' });
  expect(exported.notes).toEqual({ [second!]: NOTE });
  expect(exported.lists[MY_WATCHLIST].sections[0]).toMatchObject({ name: 'Majors', epics: [first] });

  // Gone from this profile, then back from the file; the open panel follows.
  await options.evaluate(() =>
    (globalThis as unknown as ExtensionGlobals).chrome.storage.local.set({
      watchlistMarks: { flags: {}, notes: {}, lists: {} },
    }),
  );
  await panel.close();
  panel = await openPage('sidepanel.html', { width: 400, height: 700 });
  await openList(panel);
  await expect(panel.locator('[data-flag]')).toHaveCount(0);
  await options.locator('input[type="file"]').setInputFiles(file);
  await expect(options.getByTestId('options-file-report')).toContainText('Imported');
  await check(panel);
  expect((await options.evaluate(storageLocal, ['watchlistMarks'])).watchlistMarks).toEqual(exported);

  // IG never saw any of it: no request changed a watchlist, none carried a note or a section.
  const log = sim.control.requestLog();
  expect(log.filter((e) => e.method !== 'GET' && e.path.includes('watchlists'))).toEqual([]);
  for (const made of [NOTE, 'Majors']) expect(JSON.stringify(log)).not.toContain(made);
});
