// Runs last (Playwright orders spec files by name, one worker): searches everything the end-to-end tests
// of this run recorded (e2e/console-log.ts: console lines, replies and live-port messages sent to pages,
// errors and statuses shown, page text, storage.local, IndexedDB) for the simulated service's password,
// API key and tokens. Nothing may hold them: remembered credentials are encrypted (lib/vault). Run alone,
// it fails: there is nothing to scan.
import { existsSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { runDir, scanRun } from './console-log';

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads a test's fixtures from this pattern
test('no credential or token anywhere the end-to-end suite looked', async ({}, testInfo) => {
  const dir = runDir();
  expect(existsSync(dir), `nothing recorded in ${dir}: run the whole suite (e2e/console-log.ts)`).toBe(true);
  const result = scanRun(dir);
  await testInfo.attach('secret-scan', {
    body: JSON.stringify({ ...result, findings: result.findings.slice(0, 200) }, null, 2),
    contentType: 'application/json',
  });
  // The scan saw real traffic: pages' replies, console lines and the worker's storage.
  expect(result.records).toBeGreaterThan(0);
  expect(result.byKind.reply ?? 0).toBeGreaterThan(0);
  expect(result.byKind['storage-local'] ?? 0).toBeGreaterThan(0);
  expect(result.findings.map((f) => `${f.secret} in ${f.kind} ${f.where} (${f.file}): ${f.excerpt}`)).toEqual([]);
});
