// End-to-end tests: the built extension (`npx wxt build` first) in Debian's Chromium against sim/.
// Run: npx playwright test -c e2e/playwright.config.ts [e2e/<file>]
import { defineConfig } from '@playwright/test';

// Journeys that load the machine on their own (workers stopped again and again, axe over every page, a
// browser relaunched on its profile, every page at every width and theme in four languages): two at a time at
// most, the longest first, started with the run, so that the short journeys fill the end of it (run after the
// others, they were a tail of two long journeys at a time, ~290 s of an 840 s lane). The secret scan reads what
// every journey recorded, so it runs last.
const SOLO = /[\\/](faults|accessibility|worker-wake|store-screenshots|layout-languages)\.spec\.ts$/;
// Journeys long by waiting (a 40 s maintenance window, refresh rounds, a browser started again, an update in
// place): handed out next, beside the heavy ones, so that none of them starts near the end and is its tail.
const LONG = /[\\/](weekend|alerts|update|vault|watchlist-marks|history)\.spec\.ts$/;
const SCAN = /[\\/]zz-secret-scan\.spec\.ts$/;
const FIREFOX = /[\\/]e2e[\\/]firefox[\\/]/;

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  // The Firefox journeys have their own config (e2e/firefox/playwright.config.ts).
  testIgnore: FIREFOX,
  // Each journey has its own Chromium, profile and simulator, and most of its time is waiting (on the
  // extension's timers, the simulator, a page): three at a time overlap one's waiting with others' work.
  workers: 3,
  // Each test is on its own (its own browser and simulator), so a file's tests spread over the workers.
  fullyParallel: true,
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
  // Tests are handed out project by project in this order (faults and accessibility, the longest, first).
  projects: [
    { name: 'solo', testMatch: SOLO, workers: 2 },
    { name: 'long', testMatch: LONG },
    { name: 'journeys', testIgnore: [FIREFOX, SOLO, LONG, SCAN] },
    { name: 'scan', testMatch: SCAN, workers: 1, dependencies: ['solo', 'long', 'journeys'] },
  ],
});
