// End-to-end tests: the built extension (`npx wxt build` first) in Debian's Chromium against sim/.
// Run: npx playwright test -c e2e/playwright.config.ts [e2e/<file>]
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  // The Firefox journeys have their own config (e2e/firefox/playwright.config.ts).
  testIgnore: /[\\/]e2e[\\/]firefox[\\/]/,
  workers: 1,
  fullyParallel: false,
  retries: 0,
  // A bound for a hang, not a speed limit: CI machines vary, and a loaded 2-core one is slow.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  outputDir: '../artifacts/test-results',
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    actionTimeout: 20_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
