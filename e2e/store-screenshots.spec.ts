// The stores' listing screenshots (1280×800 PNG, the Chrome Web Store's and AMO's size) made from the simulator
// in each language the extension speaks (e2e/store-languages.ts): the popup's market view, the watchlist, a
// market with its chart and client sentiment, and the settings page, into artifacts/store/<lang>/. One browser
// a language, started with that language (LANGUAGE, e2e/language.ts), which its worker must report back.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, failOnUnexpectedErrors, test } from './harness';
import { DETAIL, EURUSD, MY_WATCHLIST } from './journeys/data';
import { launchInLanguage } from './language';
import { configureConnection, openExtensionPage, ROOT, saveScreenshot } from './launch';
import { storeLanguages } from './store-languages';

const STORE = { width: 1280, height: 800 };
const DIGIT = /\d/;

/** Width and height from a PNG's header. */
export function pngSize(file: string): { width: number; height: number } {
  const png = readFileSync(file);
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** Lays screenshots of narrow surfaces (the popup, the side panel) side by side on a 1280×800 canvas. */
async function compose(context: BrowserContext, shots: Buffer[]): Promise<Page> {
  const canvas = await context.newPage();
  await canvas.setViewportSize(STORE);
  const images = shots.map((s) => `<img src="data:image/png;base64,${s.toString('base64')}">`).join('');
  await canvas.setContent(
    `<!doctype html><style>html,body{margin:0;height:100%}body{display:flex;gap:48px;align-items:center;` +
      `justify-content:center;background:linear-gradient(135deg,#0f2a44,#1f5f8b)}img{border-radius:10px;` +
      `box-shadow:0 12px 40px rgba(0,0,0,.45)}</style>${images}`,
  );
  await canvas.waitForFunction(() => [...document.images].every((i) => i.complete && i.naturalWidth > 0));
  return canvas;
}

for (const language of storeLanguages()) {
  test(`store screenshots in ${language}: popup, watchlist, market with chart and sentiment, settings`, async ({
    sim,
    diagnostics,
  }, testInfo) => {
    test.setTimeout(90_000);
    const dir = join(ROOT, 'artifacts', 'store', language);
    const browser = await launchInLanguage(language, diagnostics, sim, testInfo);
    try {
      const { context, serviceWorker, extensionId } = browser;
      await configureConnection(serviceWorker, sim);
      const saved: string[] = [];

      const popup = await openExtensionPage(context, extensionId, `popup.html?epic=${EURUSD}`);
      const market = popup.getByTestId('popup-market');
      await expect(market.locator('.market__prices')).toContainText(DIGIT);
      await expect(market.locator('.sentiment').first()).toHaveAttribute('aria-label', DIGIT);
      const popupCanvas = await compose(context, [await popup.screenshot()]);
      saved.push(await saveScreenshot(popupCanvas, dir, 'popup'));
      await popupCanvas.close();

      const panel = await openExtensionPage(context, extensionId, 'sidepanel.html', STORE);
      await expect(panel.getByTestId('panel-row')).toHaveCount(MY_WATCHLIST.rows);
      for (const bid of await panel.locator('[data-testid="panel-row"] .wl-bid').all())
        await expect(bid).toContainText(DIGIT);
      saved.push(await saveScreenshot(panel, dir, 'watchlist'));

      // The market: its header and chart on the left, its client sentiment now and over time on the right.
      await panel.setViewportSize({ width: 600, height: 760 });
      await panel.locator(`[data-testid="panel-row"][data-epic="${DETAIL.epic}"] .wl-name button`).click();
      await expect(panel.getByTestId('panel-detail-bid')).toContainText(DIGIT);
      await expect(panel.locator('figure canvas').first()).toBeVisible();
      await expect(panel.getByTestId('panel-chart-legend')).toContainText(DIGIT);
      const chart = await panel.screenshot();
      await panel.getByTestId('panel-sentiment-now').scrollIntoViewIfNeeded();
      await expect(panel.getByTestId('panel-sentiment-trend')).toBeVisible();
      await panel.getByTestId('panel-sentiment-now').evaluate((e) => e.closest('section')?.scrollIntoView());
      const sentiment = await panel.screenshot();
      const detailCanvas = await compose(context, [chart, sentiment]);
      saved.push(await saveScreenshot(detailCanvas, dir, 'market'));
      await detailCanvas.close();

      const options = await openExtensionPage(context, extensionId, 'options.html', STORE);
      await expect(options.getByTestId('options-active-account')).toBeVisible();
      saved.push(await saveScreenshot(options, dir, 'settings'));

      for (const file of saved) expect(pngSize(file), file).toEqual(STORE);
    } finally {
      await browser.close();
    }
    await failOnUnexpectedErrors(diagnostics, testInfo);
  });
}
