// The layout holds in every language the extension speaks besides English (which the other journeys check;
// German and French are the longest): at the side panel's 320 / 400 / 600 px and the popup's size, in light
// and dark, nothing spills sideways, no number is clipped, every column header stands over its values on one
// line, and axe finds nothing serious or critical. One Chromium per language; the screenshots are saved as
// layout-<lang>-<surface>-<theme>.png.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { FTSE, MY_WATCHLIST } from './journeys/data';
import { expect, test } from './language';
import { storeLanguages } from './store-languages';

const WIDTHS = [320, 400, 600];
const THEMES = ['light', 'dark'] as const;

/** What does not fit: sideways overflow, clipped numbers, headers off their column or wrapped. */
function misfits(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) {
      const wide = [...document.body.querySelectorAll<HTMLElement>('*')].filter(
        (el) => el.getBoundingClientRect().right > root.clientWidth + 1 && el.children.length === 0,
      );
      const names = wide.slice(0, 3).map((el) => `${el.tagName.toLowerCase()}.${el.className} "${el.textContent}"`);
      found.push(`page ${root.scrollWidth} px wide in ${root.clientWidth}: ${names.join(', ')}`);
    }
    for (const el of document.querySelectorAll<HTMLElement>('.num, td.wl-bid, td.wl-offer, td.wl-chg, td.wl-pct')) {
      if (el.scrollWidth > el.clientWidth + 1) found.push(`clipped number "${el.textContent}"`);
    }
    const firstRow = document.querySelector('[data-testid="panel-row"]');
    for (const th of document.querySelectorAll<HTMLElement>('th[class*="wl-th--"]')) {
      const label = th.querySelector('button') ?? th;
      const box = label.getBoundingClientRect();
      const lineHeight = Number.parseFloat(getComputedStyle(label).lineHeight) || 16;
      if (box.width === 0) continue;
      if (label.scrollWidth > label.clientWidth + 1) found.push(`header "${label.textContent}" clipped`);
      if (firstRow && box.bottom > firstRow.getBoundingClientRect().top + 1)
        found.push(`header "${label.textContent}" runs over its values`);
      if (box.height > lineHeight * 2.2) found.push(`header "${label.textContent}" wraps (${box.height} px)`);
      const column = [...th.classList].find((c) => c.startsWith('wl-th--'))?.slice('wl-th--'.length);
      const cell = firstRow?.children[(th as HTMLTableCellElement).cellIndex]?.getBoundingClientRect();
      if (column && cell && Math.min(box.right, cell.right) - Math.max(box.left, cell.left) <= 0)
        found.push(`header "${label.textContent}" is not over its column`);
    }
    return found;
  });
}

async function blockingAxe(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

for (const lang of storeLanguages().filter((l) => l !== 'en')) {
  test.describe(lang, () => {
    test.use({ uiLanguage: lang });

    test(`in ${lang}, the side panel and the popup fit at every width and theme`, async ({
      configure,
      openPage,
      capture,
    }) => {
      await configure();
      const panel = await openPage('sidepanel.html', { width: WIDTHS[0] as number, height: 700 });
      await expect(panel.locator('html')).toHaveAttribute('lang', /./);
      await expect(panel.getByTestId('panel-row')).toHaveCount(MY_WATCHLIST.rows);
      await expect(panel.locator('td.wl-bid .dec').filter({ hasText: /[.,]/ })).toHaveCount(MY_WATCHLIST.rows);
      for (const width of WIDTHS) {
        await panel.setViewportSize({ width, height: 700 });
        for (const theme of THEMES) {
          await panel.emulateMedia({ colorScheme: theme });
          expect(await misfits(panel), `side panel at ${width} px, ${theme}`).toEqual([]);
          // axe reads names and contrast, which do not change with the width: once, at the narrowest.
          if (width === WIDTHS[0])
            expect(await blockingAxe(panel), `axe, side panel at ${width} px, ${theme}`).toEqual([]);
          await capture(panel, `layout-${lang}-panel-${width}-${theme}`);
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
