// End-to-end tests: the built extension (`npx wxt build` first) in Debian's Chromium against sim/.
// Run: npx playwright test -c e2e/playwright.config.ts [e2e/<file>]
import { defineConfig } from '@playwright/test';

// Journeys that load the machine on their own (workers stopped again and again, axe over every page, a
// browser relaunched on its profile, every page at every width and theme in four languages) run once the
// others are done, when test:all's Vitest has about ended too: two at a time, each test of theirs on its
// own (one serially took about 330 s of a 2-core run's critical path while half the machine idled); the
// secret scan reads what every journey recorded, so it runs last.
const SOLO = /[\\/](faults|accessibility|worker-wake|store-screenshots|layout-languages)\.spec\.ts$/;
const SCAN = /[\\/]zz-secret-scan\.spec\.ts$/;
const FIREFOX = /[\\/]e2e[\\/]firefox[\\/]/;

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  // The Firefox journeys have their own config (e2e/firefox/playwright.config.ts).
  testIgnore: FIREFOX,
  // Each journey has its own Chromium, profile and simulator; two at a time overlap one's waiting on the
  // simulator's clock with another's work.
  workers: 2,
  fullyParallel: false,
  retries: 0,
  // A bound for a hang, not a speed limit: CI machines vary, and a loaded 2-core one is slow.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  outputDir: '../artifacts/test-results',
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    actionTimeout: 20_000,
    // Recording a trace of every test (DOM snapshots, a screencast of each page) cost CPU the 2-core CI
    // needs; test:all retries a failed test once, and that retry records one.
    trace: 'on-first-retry',
    // A failing test's screenshots are taken by the harness (e2e/harness.ts, screenshotIfFailing).
    screenshot: 'off',
  },
  projects: [
    { name: 'journeys', testIgnore: [FIREFOX, SOLO, SCAN] },
    { name: 'solo', testMatch: SOLO, workers: 2, fullyParallel: true, dependencies: ['journeys'] },
    { name: 'scan', testMatch: SCAN, workers: 1, dependencies: ['solo'] },
  ],
});
