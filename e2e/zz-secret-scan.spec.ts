// Runs last (Playwright orders spec files by name, one worker): searches everything the end-to-end tests
// of this run recorded (e2e/console-log.ts: console lines, replies and live-port messages sent to pages,
// errors and statuses shown, page text, storage.local, IndexedDB) for the simulated service's password,
// API key and tokens. Nothing may hold them: remembered credentials are encrypted (lib/vault). Run alone,
// it fails: there is nothing to scan. The second test scans the browser profile's own files on disk after a
// journey of its own (e2e/profile-scan.ts) and can run alone.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startSim } from '../sim/server';
import { runDir, scanRun } from './console-log';
import { configureConnection, launchJourneyBrowser, openExtensionPage } from './launch';
import { noteBrowserCpu } from './process-cpu';
import { scanProfile } from './profile-scan';

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

// The browser's own files: a new user connects with "Remember" unticked, opens the settings (which list
// the API key's application) and the side panel, and closes the browser. Nothing of the password, the
// API key or any token the service issued is left in the profile folder, HTTP cache included. Runs alone.
// biome-ignore lint/correctness/noEmptyPattern: Playwright reads a test's fixtures from this pattern
test('nothing secret is left in the browser profile on disk when "Remember" is unticked', async ({}, testInfo) => {
  test.setTimeout(120_000);
  const sim = await startSim({ port: 0, seed: 42, rateLimits: false });
  const profile = await mkdtemp(join(tmpdir(), 'marketside-profile-'));
  try {
    const { context, serviceWorker, extensionId } = await launchJourneyBrowser({ userDataDir: profile });
    try {
      await configureConnection(serviceWorker, sim, { apiKey: null, password: null, remember: false });
      const options = await openExtensionPage(context, extensionId, 'options.html');
      await options.getByLabel('API key', { exact: true }).fill(sim.apiKey);
      await options.getByLabel('Password', { exact: true }).fill(sim.password);
      await options.getByRole('checkbox', { name: /Remember the API key and password/ }).uncheck();
      await options.getByRole('button', { name: 'Save' }).click();
      await expect(options.getByRole('status').filter({ hasText: 'Saved' })).toHaveText(
        'Saved for this browser session only.',
      );
      await options.getByRole('button', { name: 'Check' }).click();
      await expect(options.getByTestId('options-check-result')).toContainText('Connected: Demo-CFD');
      await options.reload();
      await expect(options.getByRole('table', { name: /Applications/ })).toContainText(/\S/);
      const panel = await openExtensionPage(context, extensionId, 'sidepanel.html');
      await expect(panel.getByTestId('panel-row')).toHaveCount(3);
      await expect(
        panel
          .getByTestId('panel-row')
          .first()
          .getByRole('img', { name: /^Clients / }),
      ).toBeVisible();
    } finally {
      noteBrowserCpu(testInfo.annotations, profile);
      await context.close();
    }
    const served = sim.control.requestLog().map((e) => e.path);
    expect(served).toEqual(expect.arrayContaining(['/session', '/operations/application', '/watchlists']));
    const tokens = sim.control.issuedTokens();
    expect(tokens.length).toBeGreaterThan(0);

    // The scan can find what it looks for: a marker planted in the HTTP cache (UTF-8) and in a store (UTF-16).
    const marker = `planted-marker-${process.pid}-${Date.now()}`;
    const cacheDir = join(profile, 'Default', 'Cache', 'Cache_Data');
    expect(existsSync(cacheDir), 'Chromium keeps an HTTP cache in the profile').toBe(true);
    await writeFile(join(cacheDir, 'zz-planted'), `HTTP/1.1 200\n${marker}\n`);
    await mkdir(join(profile, 'Default', 'Planted'), { recursive: true });
    await writeFile(join(profile, 'Default', 'Planted', 'store.ldb'), Buffer.from(`x${marker}y`, 'utf16le'));

    const scan = scanProfile(profile, [
      { name: 'password', value: sim.password },
      { name: 'api key', value: sim.apiKey },
      ...tokens.map((value, i) => ({ name: `token #${i + 1}`, value })),
      { name: 'marker', value: marker },
    ]);
    await testInfo.attach('profile-scan', {
      body: JSON.stringify({ files: scan.files.length, bytes: scan.bytes, findings: scan.findings }, null, 2),
      contentType: 'application/json',
    });
    expect(scan.files.filter((f) => f.startsWith(join('Default', 'Cache'))).length).toBeGreaterThan(1);
    expect(scan.findings.filter((f) => f.secret === 'marker').map((f) => `${f.file} ${f.encoding}`)).toEqual([
      `${join('Default', 'Cache', 'Cache_Data', 'zz-planted')} utf-8`,
      `${join('Default', 'Planted', 'store.ldb')} utf-16le`,
    ]);
    expect(scan.findings.filter((f) => f.secret !== 'marker')).toEqual([]);
  } finally {
    await sim.close();
    await rm(profile, { recursive: true, force: true });
  }
});
