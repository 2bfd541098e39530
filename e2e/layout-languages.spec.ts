// The layout holds in every language the extension speaks besides English (which the other journeys check;
// German and French are the longest): at Firefox's sidebar's 240 px, the side panel's 320 / 400 / 600 px and
// the popup's size, in light and dark, nothing spills sideways, no number is clipped or squeezed away, every
// column header stands over its values on one line, and axe finds nothing serious or critical. One Chromium per language; the screenshots are saved as
// layout-<lang>-<surface>-<theme>.png.
import type { Page } from '@playwright/test';
import { columnIds } from '../lib/watchlists/columns';
import { axe } from './axe';
import { ask } from './extension-calls';
import { FTSE, MY_WATCHLIST, NO_POINT } from './journeys/data';
import { expect, test } from './language';
import type { ExtensionGlobals } from './launch';
import { decimalPoints, misfits, pointsOutOfLine } from './layout-misfits';
import { storeLanguages } from './store-languages';

const WIDTHS = [240, 320, 400, 600];
const VOD = 'KA.D.VOD.CASH.IP';
/** The columns whose numbers line up on their point, in today's columns and in every column. */
const NUMBERS = {
  default: ['wl-bid', 'wl-offer', 'wl-chg'],
  'every-column': ['wl-bid', 'wl-offer', 'wl-chg', 'wl-mid', 'wl-high', 'wl-low', 'wl-spread'],
};
const THEMES = ['light', 'dark'] as const;

async function blockingAxe(page: Page): Promise<string[]> {
  const { violations } = await axe(page).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/** Every column a list can show, in their order there. */
const EVERY_COLUMN: string[] = [...columnIds];

async function showColumns(panel: Page, columns: string[] | null) {
  await panel.evaluate(
    ([list, chosen]) =>
      (globalThis as unknown as ExtensionGlobals).chrome.storage.local.set({
        watchlistMarks: {
          flags: {},
          notes: {},
          lists: chosen ? { [list as string]: { columns: chosen, sections: [] } } : {},
        },
      }),
    [MY_WATCHLIST.id, columns] as const,
  );
  await expect(panel.getByTestId('panel-rows')).toHaveClass(columns ? /wl-custom/ : /^(?!.*wl-custom)/);
}

for (const lang of storeLanguages()) {
  test.describe(lang, () => {
    test.use({ uiLanguage: lang });

    test(`in ${lang}, the side panel and the popup fit at every width and theme, today's columns and every column`, async ({
      configure,
      openPage,
      capture,
      sim,
    }) => {
      // Five widths' and two layouts' checks in one Chromium: longer than one screen's journey, far shorter
      // than a Chromium for each.
      test.setTimeout(180_000);
      // A closed market and one taking edits only: their status tags are the longest words of a row.
      sim.control.setMarket(FTSE, { marketStatus: 'CLOSED' });
      sim.control.setMarket(VOD, { marketStatus: 'EDITS_ONLY' });
      await configure();
      const panel = await openPage('sidepanel.html', { width: WIDTHS[0] as number, height: 700 });
      await expect(panel.locator('html')).toHaveAttribute('lang', /./);
      await expect(panel.getByTestId('panel-row')).toHaveCount(MY_WATCHLIST.rows);
      // The language's decimal separator: a comma in all but English.
      const separator = lang.startsWith('en') ? '.' : ',';
      await expect(panel.locator('td.wl-bid').filter({ hasText: separator })).toHaveCount(MY_WATCHLIST.rows);
      await expect(panel.locator('td.wl-stat .status-tag')).toHaveCount(2);
      // Five, one, two and no decimals in one column: the fourth market's prices have no point.
      await ask(panel, 'watchlists.addMarket', { id: MY_WATCHLIST.id, epic: NO_POINT });
      await expect(panel.getByTestId('panel-row')).toHaveCount(MY_WATCHLIST.rows + 1);
      await expect(panel.locator(`[data-epic="${NO_POINT}"] td.wl-bid`)).toHaveText(/^\d\D?\d{3}$/);
      for (const [layout, columns] of [
        ['default', null],
        ['every-column', EVERY_COLUMN],
      ] as const) {
        await showColumns(panel, columns as string[] | null);
        for (const width of WIDTHS) {
          await panel.setViewportSize({ width, height: 700 });
          for (const theme of THEMES) {
            await panel.emulateMedia({ colorScheme: theme });
            // Saved before the checks, so that a misfit can be seen.
            await capture(panel, `layout-${lang}-panel-${layout === 'default' ? '' : 'all-'}${width}-${theme}`);
            // The table's layout follows the panel's width a frame later (three lines below 320 px).
            await expect.poll(() => misfits(panel), `side panel, ${layout}, at ${width} px, ${theme}`).toEqual([]);
            // Each number column's points at one place (a number without one ends there); below 320 px today's
            // columns leave out the change in points (watchlist-narrow.css).
            const shown = (cell: string) =>
              layout === 'default' && width < 320 && cell === 'wl-chg' ? 0 : MY_WATCHLIST.rows + 1;
            expect(
              pointsOutOfLine(await decimalPoints(panel, NUMBERS[layout], separator), shown),
              `points, ${layout}, at ${width} px`,
            ).toEqual([]);
            // axe reads names and contrast, which do not change with the width: once, at the narrowest (every
            // column in the light theme alone: its colours are today's columns').
            if (width === WIDTHS[0] && (layout === 'default' || theme === 'light'))
              expect(await blockingAxe(panel), `axe, side panel, ${layout}, at ${width} px, ${theme}`).toEqual([]);
          }
        }
      }
      const popup = await openPage(`popup.html?epic=${FTSE}`);
      await expect(popup.getByRole('heading', { name: /FTSE 100/ })).toBeVisible();
      await expect(popup.locator('.market__prices dd').first()).toHaveText(/\d/);
      for (const theme of THEMES) {
        await popup.emulateMedia({ colorScheme: theme });
        expect(await misfits(popup), `popup, ${theme}`).toEqual([]);
        expect(await blockingAxe(popup), `axe, popup, ${theme}`).toEqual([]);
        await capture(popup, `layout-${lang}-popup-${theme}`);
      }
    });
  });
}
