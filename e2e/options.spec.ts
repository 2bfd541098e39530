// The settings page against the simulated service: credentials checked good and bad, accounts
// switched, preferences and the settings file.
import { readFile } from 'node:fs/promises';
import { expect, test } from './harness';
import { ACCOUNT } from './journeys/data';
import type { ExtensionGlobals } from './launch';

interface PageGlobals {
  chrome: { runtime: { sendMessage(message: unknown): Promise<unknown> } };
}

const storageLocal = (keys: string[] | null) =>
  (globalThis as unknown as ExtensionGlobals).chrome.storage.local.get(keys);

test('configure and check the credentials: the account when good, the exact reason when not', async ({
  configure,
  openPage,
  sim,
  capture,
  expectErrors,
}) => {
  expectErrors(/401|403|invalid-details|api-key-invalid/);
  await configure();
  const options = await openPage('options.html');
  await options.getByRole('button', { name: 'Check' }).click();
  await expect(options.getByTestId('options-check-result')).toContainText(ACCOUNT.connected);
  await expect(options.getByTestId('options-active-account')).toHaveText(ACCOUNT.id);
  await capture(options, 'options-connected');

  // A wrong password, saved for this browser session only.
  await options.getByLabel('API key', { exact: true }).fill(sim.apiKey);
  await options.getByLabel('Identifier (IG username)').fill(sim.identifier);
  await options.getByLabel('Password', { exact: true }).fill('not-the-password');
  await options.getByRole('checkbox', { name: /Remember the API key and password/ }).uncheck();
  await options.getByRole('button', { name: 'Save' }).click();
  await expect(options.getByRole('status').filter({ hasText: 'Saved' })).toHaveText(
    'Saved for this browser session only.',
  );
  await options.getByRole('button', { name: 'Check' }).click();
  await expect(options.getByTestId('options-check-result')).toContainText('Wrong identifier or password');

  // A wrong API key.
  await options.getByLabel('API key', { exact: true }).fill('not-a-key-0000');
  await options.getByLabel('Password', { exact: true }).fill(sim.password);
  await options.getByRole('button', { name: 'Save' }).click();
  await options.getByRole('button', { name: 'Check' }).click();
  await expect(options.getByTestId('options-check-result')).toContainText('The API key is not valid');

  // Good again; the secrets never reached storage.local (not remembered).
  await options.getByLabel('API key', { exact: true }).fill(sim.apiKey);
  await options.getByLabel('Password', { exact: true }).fill(sim.password);
  await options.getByRole('button', { name: 'Save' }).click();
  await options.getByRole('button', { name: 'Check' }).click();
  await expect(options.getByTestId('options-check-result')).toContainText('Connected: Demo-CFD');
  const local = await options.evaluate(storageLocal, null);
  expect(JSON.stringify(local)).not.toContain(sim.password);
  expect(JSON.stringify(local)).not.toContain(sim.apiKey);
});

test('switch account: the active account changes everywhere and a dealing permit is revoked', async ({
  configure,
  openPage,
}) => {
  await configure();
  const options = await openPage('options.html');
  await options.getByRole('button', { name: 'Check' }).click();
  await expect(options.getByTestId('options-active-account')).toHaveText('SIMCFD1');

  const permit = options.getByTestId('options-permit-dealing');
  await permit.getByRole('button', { name: 'Turn on dealing permit…' }).click();
  await permit.getByRole('checkbox', { name: /I understand/ }).check();
  await permit.getByRole('button', { name: 'Grant dealing permit' }).click();
  await expect(permit.getByRole('status')).toContainText('On for account SIMCFD1');

  await options.getByRole('button', { name: 'Switch to account SIMSPB1' }).click();
  await expect(options.getByTestId('options-active-account')).toHaveText('SIMSPB1');
  await expect(permit.getByText('Off.')).toBeVisible();
  await expect(options.getByRole('row', { name: /SIMSPB1/ })).toHaveAttribute('aria-current', 'true');

  const panel = await openPage('sidepanel.html');
  await expect(panel.getByTestId('panel-account')).toContainText('SIMSPB1');
});

test('preferences apply at once, and the settings file round-trips without duplicates or secrets', async ({
  configure,
  openPage,
  sim,
}) => {
  await configure();
  const options = await openPage('options.html');
  await options.getByLabel('Theme').selectOption('dark');
  await expect(options.locator('html')).toHaveAttribute('data-theme', 'dark');
  await options.getByLabel('Prices, while a page is open (seconds)').fill('12');
  await expect
    .poll(
      async () =>
        ((await options.evaluate(storageLocal, ['prefs'])).prefs as { priceRefreshSec?: number })?.priceRefreshSec,
    )
    .toBe(12);
  await options.getByLabel('Prices, while a page is open (seconds)').fill('0');
  await expect(options.getByText('Between 1 and 300')).toBeVisible();

  // An alert, so that importing the file twice would show any duplicate.
  const created = await options.evaluate(
    (data) =>
      (globalThis as unknown as PageGlobals).chrome.runtime.sendMessage({
        id: 1,
        type: 'alerts.create',
        data,
        timestamp: Date.now(),
      }),
    { epic: 'CS.D.EURUSD.CFD.IP', kind: 'above', target: 2, quiet: null },
  );
  expect(created).toMatchObject({ res: { ok: true } });

  const [download] = await Promise.all([
    options.waitForEvent('download'),
    options.getByRole('button', { name: 'Export settings' }).click(),
  ]);
  const file = await download.path();
  const text = await readFile(file, 'utf8');
  expect(text).not.toContain(sim.password);
  expect(text).not.toContain(sim.apiKey);
  expect(JSON.parse(text).prefs).toMatchObject({ theme: 'dark', priceRefreshSec: 12 });
  expect(JSON.parse(text).alerts).toHaveLength(1);

  const before = await options.evaluate(storageLocal, ['alerts', 'recentLookups', 'prefs']);
  for (let i = 0; i < 2; i++) {
    await options.locator('input[type="file"]').setInputFiles(file);
    await expect(options.getByTestId('options-file-report')).toContainText('Imported');
  }
  const after = await options.evaluate(storageLocal, ['alerts', 'recentLookups', 'prefs']);
  expect(after.alerts).toEqual(before.alerts);
  expect(after.prefs).toEqual(before.prefs);
  expect(after.recentLookups ?? []).toEqual(before.recentLookups ?? []);
});
