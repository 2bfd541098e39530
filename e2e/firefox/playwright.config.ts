// End-to-end journeys in real Firefox ESR (puppeteer-core over WebDriver BiDi, inside the Playwright Test
// runner so test-all counts them with the Chromium suite). Build first: npx wxt build -b firefox.
// Run: npx playwright test -c e2e/firefox/playwright.config.ts [e2e/firefox/<file>]
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  // Two Firefoxes at once: each test has its own Firefox, profile, simulator and (surfaces) virtual display, and
  // a journey keeps about a third of a core busy (CI's lane: 242 CPU s in 753 s on one worker), the rest waiting
  // on the simulator's clock and Firefox's timers; one worker made this lane longer than CI's 15 minutes allow.
  workers: 2,
  fullyParallel: false,
  retries: 0,
  timeout: 90_000,
  outputDir: '../../artifacts/test-results-firefox',
  reporter: [['list']],
});
