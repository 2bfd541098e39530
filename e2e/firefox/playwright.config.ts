// End-to-end journeys in real Firefox ESR (puppeteer-core over WebDriver BiDi, inside the Playwright Test
// runner so test-all counts them with the Chromium suite). Build first: npx wxt build -b firefox.
// Run: npx playwright test -c e2e/firefox/playwright.config.ts [e2e/firefox/<file>]
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 90_000,
  outputDir: '../../artifacts/test-results-firefox',
  reporter: [['list']],
});
