// The Firefox end-to-end fixture: the Firefox build (`npx wxt build -b firefox` first) in Firefox ESR,
// driven by puppeteer-core inside the Playwright Test runner, against a fresh simulated service per test
// (the same fixture as the Chromium suite's). Each test gets its own Firefox and profile: the extension's
// console errors are read from Firefox's output, so one browser per test is what ties an error to its test.

import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { test as base } from '@playwright/test';
import { failOnUnexpectedErrors, SCREENSHOT_DIR, type SharedFixtures, sharedFixtures } from '../harness';
import { connectThroughOptions } from '../journeys/steps';
import { type FirefoxLaunchOptions, type LaunchedFirefox, launchFirefox, openFirefoxPage } from '../launch-firefox';
import { noteBrowserCpu } from '../process-cpu';
import { FirefoxPage } from './page';

export { expect } from '@playwright/test';

export interface FirefoxFixtures {
  /** Options for this test's Firefox (e.g. `backgroundIdleMs`, or `locale: 'de'` for its UI in German). */
  firefoxOptions: FirefoxLaunchOptions;
  firefox: LaunchedFirefox;
  /** Opens `moz-extension://<uuid>/<path>` in a new tab (popup.html and sidepanel.html get their sizes). */
  openPage: (path: string, viewport?: { width: number; height: number }) => Promise<FirefoxPage>;
  /** Connects to this test's sim through the settings page (custom gateway, host permission, Check). */
  connect: () => Promise<FirefoxPage>;
  /** Saves artifacts/screenshots/firefox-<name>.png. */
  capture: (page: FirefoxPage, name: string) => Promise<void>;
}

export const test = base.extend<SharedFixtures & FirefoxFixtures>({
  ...sharedFixtures,

  firefoxOptions: [{}, { option: true }],

  firefox: async ({ firefoxOptions, diagnostics }, use, testInfo) => {
    const firefox = await launchFirefox(firefoxOptions);
    try {
      await use(firefox);
    } finally {
      noteBrowserCpu(testInfo.annotations, firefox.profile);
      await firefox.close();
      await testInfo.attach('firefox-output', { body: firefox.output.join('\n') });
    }
    diagnostics.errors.push(...firefox.extensionErrors());
    await failOnUnexpectedErrors(diagnostics, testInfo);
  },

  openPage: async ({ firefox }, use) => {
    await use(async (path, viewport) => new FirefoxPage(await openFirefoxPage(firefox.browser, path, viewport)));
  },

  connect: async ({ openPage, sim }, use) => {
    await use(async () => {
      const options = await openPage('options.html');
      await connectThroughOptions(options, sim);
      return options;
    });
  },

  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  capture: async ({}, use) => {
    await use(async (page, name) => {
      await mkdir(SCREENSHOT_DIR, { recursive: true });
      await page.page.screenshot({ path: join(SCREENSHOT_DIR, `firefox-${name}.png`) });
    });
  },
});
