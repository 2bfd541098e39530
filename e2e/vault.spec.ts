// Remembered credentials across a real browser restart: a weak passphrase refused in the settings with the
// estimate in words, a strong one saved (an Argon2id record: WebAssembly runs in the service worker under
// the extension's policy), only ciphertext in storage.local, "Locked" in the popup and the side panel after
// Chromium starts again on the same profile, a wrong passphrase counted, the right one unlocks in under a
// second and the background signs in. The passphrase is never in storage.local, the simulated service's
// request log or any console line.
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Worker } from '@playwright/test';
import { expect, SCREENSHOT_DIR, test } from './harness';
import {
  configureConnection,
  type ExtensionGlobals,
  type Launched,
  launchJourneyBrowser,
  openExtensionPage,
  PROFILE_ROOT,
  saveScreenshot,
} from './launch';
import { noteBrowserCpu } from './process-cpu';

const PIN = 'e2e quarry velvet oxide lantern';

test('remembered with a passphrase: encrypted at rest, locked after a browser restart, unlocked with it', async ({
  sim,
}, testInfo) => {
  const profile = await mkdtemp(join(PROFILE_ROOT, 'marketside-vault-'));
  const lines: string[] = [];
  const listen = ({ context, serviceWorker }: Launched) => {
    context.on('console', (m) => lines.push(m.text()));
    const onWorker = (w: Worker) => w.on('console', (m) => lines.push(m.text()));
    onWorker(serviceWorker);
    context.on('serviceworker', onWorker);
  };
  /** Every value of storage.local, as text. */
  const local = (worker: Worker) =>
    worker.evaluate(async () =>
      JSON.stringify(await (globalThis as unknown as ExtensionGlobals).chrome.storage.local.get(null)),
    );
  const expectNoSecretOnDisk = async (worker: Worker) => {
    const text = await local(worker);
    for (const secret of [sim.password, sim.apiKey, PIN]) expect(text).not.toContain(secret);
    return text;
  };

  let context: BrowserContext | null = null;
  try {
    // First browser session: remember the credentials with a PIN.
    let launched = await launchJourneyBrowser({ userDataDir: profile });
    context = launched.context;
    listen(launched);
    await configureConnection(launched.serviceWorker, sim);
    const options = await openExtensionPage(context, launched.extensionId, 'options.html');
    await options.getByLabel('API key', { exact: true }).fill(sim.apiKey);
    await options.getByLabel('Password', { exact: true }).fill(sim.password);
    await options.getByRole('checkbox', { name: /Remember the API key and password/ }).check();
    // A six-digit PIN is refused before anything is sent, with the time to guess it in words.
    const passphrase = options.getByLabel('Passphrase', { exact: true });
    await passphrase.fill('482913');
    await options.getByLabel('The same passphrase again').fill('482913');
    await expect(options.getByTestId('passphrase-strength')).toContainText('under a minute');
    await options.getByRole('button', { name: 'Save' }).click();
    await expect(options.locator('#conn-pin-issue')).toContainText('Too easy to guess');
    expect(await local(launched.serviceWorker)).not.toContain('"ciphertext"');

    await passphrase.fill(PIN);
    await options.getByLabel('The same passphrase again').fill(PIN);
    await expect(options.getByTestId('passphrase-strength')).toContainText('Strong enough');
    await options.getByRole('button', { name: 'Save' }).click();
    await expect(options.getByRole('status').filter({ hasText: 'Saved' })).toHaveText(
      'Saved on this computer, encrypted with your passphrase.',
    );
    await expect(options.getByTestId('vault-state')).toContainText('unlocked until the browser closes');
    const stored = await expectNoSecretOnDisk(launched.serviceWorker);
    expect(JSON.parse(stored).vault).toMatchObject({ version: 2, kdf: 'Argon2id', memoryKiB: 65_536, iterations: 3 });
    noteBrowserCpu(testInfo.annotations, profile);
    await context.close();
    context = null;

    // The browser starts again on the same profile: storage.session is gone, so the vault is locked.
    launched = await launchJourneyBrowser({ userDataDir: profile });
    context = launched.context;
    listen(launched);
    const popup = await openExtensionPage(context, launched.extensionId, 'popup.html');
    const locked = popup.getByTestId('vault-locked');
    await expect(locked).toContainText('Locked');
    const field = locked.getByLabel('PIN or passphrase');
    await expect(field).toHaveAttribute('type', 'password');
    const panel = await openExtensionPage(context, launched.extensionId, 'sidepanel.html');
    await expect(panel.getByTestId('vault-locked')).toContainText('Locked');
    await expectNoSecretOnDisk(launched.serviceWorker);

    await field.fill('not-my-pin-1');
    await locked.getByRole('button', { name: 'Unlock' }).click();
    await expect(locked.getByRole('alert')).toContainText('4 tries left');
    await expect(field).toHaveValue('');
    await saveScreenshot(popup, SCREENSHOT_DIR, 'popup-locked');

    await field.fill(PIN);
    const unlocking = Date.now();
    await locked.getByRole('button', { name: 'Unlock' }).click();
    await expect(popup.getByTestId('vault-locked')).toHaveCount(0);
    console.log(
      `unlock (Argon2id, 64 MiB, 3 passes) and sign-in, in the built extension: ${Date.now() - unlocking} ms`,
    );
    // The background signed in by itself: the side panel shows the account.
    await expect(panel.getByTestId('vault-locked')).toHaveCount(0);
    await expect(panel.getByTestId('panel-account')).toContainText('SIMCFD1');
    await expectNoSecretOnDisk(launched.serviceWorker);
  } finally {
    if (context) noteBrowserCpu(testInfo.annotations, profile);
    await context?.close().catch(() => undefined);
    await rm(profile, { recursive: true, force: true });
  }
  expect(JSON.stringify(sim.control.requestLog())).not.toContain(PIN);
  expect(lines.join('\n')).not.toContain(PIN);
});
