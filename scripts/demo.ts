// `npm run demo`: Marketside working without an IG account. Builds the extension, starts the
// simulated service, opens Chromium with Marketside loaded and connected to it, and keeps running
// until Ctrl-C. With no display (or `--headless`) it runs headless instead: it opens the popup and
// the side panel, writes screenshots of both to artifacts/demo/, and exits.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import {
  buildExtension,
  configureConnection,
  extensionUrl,
  launchExtension,
  openExtensionPage,
  ROOT,
  saveScreenshot,
} from '../e2e/launch';
import { startSim } from '../sim/server';
import { ensureBrowsers } from './ensure-browsers';

const OUT = join(ROOT, 'artifacts', 'demo');
const headless = !process.env.DISPLAY || process.argv.includes('--headless');

async function shootPopup(page: Page): Promise<string[]> {
  const files: string[] = [];
  const search = page.getByRole('combobox', { name: 'Search markets' });
  await search.fill('EUR');
  await page.getByTestId('popup-result').first().waitFor({ timeout: 20_000 });
  files.push(await saveScreenshot(page, OUT, 'popup-search'));
  await search.press('ArrowDown');
  await search.press('Enter');
  await page.getByTestId('popup-market').waitFor();
  await page
    .getByRole('img', { name: /^Clients \d+% long/ })
    .first()
    .waitFor({ timeout: 20_000 });
  files.push(await saveScreenshot(page, OUT, 'popup-market'));
  return files;
}

async function shootSidePanel(page: Page): Promise<string[]> {
  // The panel paints what it has; give it a moment to fetch the account's watchlists.
  await page
    .locator('[data-testid^="panel-"]')
    .first()
    .waitFor({ timeout: 15_000 })
    .catch(() => undefined);
  // Every row with its sentiment bar (read in one batch after the prices), then the prices' first ticks.
  await page
    .waitForFunction(
      () => {
        const rows = [...document.querySelectorAll('[data-testid="panel-row"]')];
        return rows.length > 0 && rows.every((r) => r.querySelector('.sentiment[role="img"]'));
      },
      undefined,
      { timeout: 15_000 },
    )
    .catch(() => undefined);
  await page.waitForTimeout(1_500);
  return [await saveScreenshot(page, OUT, 'sidepanel')];
}

async function main() {
  ensureBrowsers(['chromium'], 'npm run demo');
  console.log('Building Marketside…');
  buildExtension();
  const sim = await startSim({ port: 0, seed: 42, rateLimits: true });
  console.log(`Simulated trading service on ${sim.baseUrl}`);
  const { context, serviceWorker, extensionId } = await launchExtension({ headless });
  await configureConnection(serviceWorker, sim);
  console.log(`Marketside ${extensionId} is connected to it.`);

  const shutdown = async () => {
    await context.close().catch(() => undefined);
    await sim.close();
  };

  if (headless) {
    try {
      const popup = await openExtensionPage(context, extensionId, 'popup.html');
      const files = await shootPopup(popup);
      const panel = await openExtensionPage(context, extensionId, 'sidepanel.html');
      files.push(...(await shootSidePanel(panel)));
      console.log(`Screenshots of the popup and the side panel are in ${OUT}:`);
      for (const f of files) console.log(`  ${f}`);
    } finally {
      await shutdown();
    }
    return;
  }

  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(extensionUrl(extensionId, 'sidepanel.html'));
  console.log(
    [
      'Chromium is open with Marketside. Click its toolbar icon for the popup (pin it from the puzzle menu),',
      `or open ${extensionUrl(extensionId, 'popup.html')} in a tab. Press Ctrl-C to stop.`,
    ].join('\n'),
  );
  await new Promise<void>((done) => {
    process.once('SIGINT', () => done());
    process.once('SIGTERM', () => done());
    context.once('close', () => done());
  });
  await shutdown();
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
