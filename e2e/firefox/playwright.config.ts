// End-to-end journeys in real Firefox ESR (puppeteer-core over WebDriver BiDi, inside the Playwright Test
// runner so test-all counts them with the Chromium suite). Build first: npx wxt build -b firefox.
// Run: npx playwright test -c e2e/firefox/playwright.config.ts [e2e/firefox/<file>]
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  // One Firefox at a time: on two workers, beside others' work (load ~40), 5 of 15 journeys ran past their
  // bounds (90 s, or a 20 s wait for the vault's "Saved"), 2 of them on their retry too.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 90_000,
  outputDir: '../../artifacts/test-results-firefox',
  reporter: [['list']],
});
