// End-to-end journeys in real Firefox ESR (puppeteer-core over WebDriver BiDi, inside the Playwright Test
// runner so test-all counts them with the Chromium suite). Build first: npx wxt build -b firefox.
// Run: npx playwright test -c e2e/firefox/playwright.config.ts [e2e/firefox/<file>]
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  // Each journey has its own Firefox, profile, simulator and (for the real surfaces) display; most of a
  // journey is waiting (30 s of streaming, idle limits, a stalled stream), so two at a time overlap it: the
  // lane took 265 s with two instead of about 500 with one (load 4-6, 2 cores).
  workers: 2,
  fullyParallel: false,
  retries: 0,
  timeout: 90_000,
  outputDir: '../../artifacts/test-results-firefox',
  reporter: [['list']],
});
