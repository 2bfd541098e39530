// An update in Chromium with the browser open, from the previous release to this build on the same profile: the
// previous release (0.1.0, release/previous/) connected with credentials remembered under a passphrase, a list, an
// alert, a demo permit and a pinned market made, streaming, its pages open; then this build put where the unpacked
// extension loads from and loaded over it (e2e/update-in-place.ts): the running worker is this build's, every
// setting, list and alert, the vault and the permit's expiry are as they were, the stream comes back live after
// the passphrase, and no page shows an error.
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, failOnUnexpectedErrors, test } from './harness';
import { EURUSD } from './journeys/data';
import { byTestId } from './journeys/driver';
import { playwrightPage } from './journeys/playwright-page';
import {
  connectRememberedWithPermit,
  expectKept,
  expectPanelBack,
  extensionVersion,
  MADE,
  makeAlertAndPin,
  makeList,
  PREVIOUS_VERSION,
  readStorage,
  unpackPrevious,
} from './journeys/update';
import { EXTENSION_DIR, openExtensionPage, PROFILE_ROOT } from './launch';
import { launchOwnChromium } from './own-chromium';
import { IN_PLACE_UPDATE_ARGS, LIMBO, NO_ANSWER, updateInPlace, workerBuild } from './update-in-place';

test('update in place from the previous release keeps settings, lists, alerts, the vault and the permit', async ({
  sim,
  diagnostics,
  expectErrors,
}, testInfo) => {
  test.setTimeout(Number(process.env.UPDATE_TIMEOUT_MS ?? 180_000));
  const previous = await unpackPrevious('chrome');
  const profile = await mkdtemp(join(PROFILE_ROOT, 'marketside-update-'));
  const browser = await launchOwnChromium(
    { extensionDir: previous, userDataDir: profile, args: IN_PLACE_UPDATE_ARGS },
    diagnostics,
    sim,
    testInfo,
  );
  try {
    const { context, extensionId } = browser;
    const open = (path: string) => openExtensionPage(context, extensionId, path);

    const options = await open('options.html');
    expect(await extensionVersion(playwrightPage(options))).toBe(PREVIOUS_VERSION);
    await connectRememberedWithPermit(playwrightPage(options), sim, false);
    const panel = await open('sidepanel.html');
    await makeList(playwrightPage(panel));
    const popup = await open(`popup.html?epic=${EURUSD}`);
    await makeAlertAndPin(playwrightPage(popup));
    // Streaming a moment: the list's rows take prices from the stream.
    await expect(panel.getByTestId('panel-row').first().locator('.wl-bid')).toContainText(/\d/);
    const before = await readStorage(playwrightPage(options));
    const listsBefore = sim.control.state().watchlists;

    // The update, with the browser and the previous release's pages open: this build where the unpacked
    // extension loads from (e2e/launch.ts copies it into the profile: the same folder, id and storage), loaded
    // over the running one.
    const newVersion = (await import('../package.json', { with: { type: 'json' } })).default.version;
    expect(newVersion).not.toBe(PREVIOUS_VERSION);
    let loading = 0;
    const loadedDir = join(profile, 'marketside-extension');
    const updatedId = await updateInPlace(context, EXTENSION_DIR, loadedDir, async () => {
      // This build's page served while 0.1.0's worker still runs (and 0.1.0's catalogue, without the notice's
      // words): it says so, and where the extension is reloaded.
      const early = await open('options.html');
      await expect(early.getByTestId('stale-worker')).toContainText(
        `Marketside ${newVersion} ≠ … ⟳ chrome://extensions`,
      );
      await early.close();
      loading = Date.now();
    });
    testInfo.annotations.push({ type: 'update in place', description: `${Date.now() - loading} ms` });
    expect(updatedId).toBe(extensionId);
    let settings = await open('options.html');
    expect(await extensionVersion(playwrightPage(settings))).toBe(newVersion);
    // The worker that answers is this build's, not the previous release's left running.
    let build = await workerBuild(settings);
    if (build === NO_ANSWER && diagnostics.errors.some((e) => LIMBO.test(e))) {
      // Chromium's limbo, not this build's: loaded once more, as a developer would. The new worker then runs
      // the migrations the stopped one began, which is what an update interrupted midway needs.
      expectErrors(LIMBO);
      testInfo.annotations.push({
        type: 'unpacked reload limbo',
        description: 'no worker after the load; loaded again',
      });
      await updateInPlace(context, EXTENSION_DIR, loadedDir);
      settings = await open('options.html');
      build = await workerBuild(settings);
    }
    expect(build, 'the worker that answers after the update').toBe(newVersion);
    const after = await readStorage(playwrightPage(settings));
    expectKept(before, after);
    expect(sim.control.state().watchlists).toEqual(listsBefore);

    const newPanel = await open('sidepanel.html');
    await expectPanelBack(playwrightPage(newPanel), true);
    await expect(newPanel.getByTestId('panel-row')).toHaveCount(2);
    // The settings: the vault unlocked, the permit on for the account, no error anywhere.
    await settings.reload();
    await playwrightPage(settings).expectText(byTestId('vault-state'), 'unlocked');
    await playwrightPage(settings).expectText(byTestId('options-permit-dealing'), 'On for account');
    const newPopup = await open(`popup.html?epic=${EURUSD}`);
    await expect(newPopup.getByRole('button', { name: 'Unpin from toolbar' })).toBeVisible();
    await expect(newPopup.getByTestId('popup-market').locator('.market__prices')).toContainText(/\d\.\d{4}/);
    for (const page of [settings, newPanel, newPopup]) await expect(page.getByRole('alert')).toHaveCount(0);
    expect(JSON.stringify((await readStorage(playwrightPage(settings))).alerts)).toContain(MADE.alertLevel);
  } finally {
    await browser.close();
    await rm(profile, { recursive: true, force: true });
    await rm(previous, { recursive: true, force: true });
  }
  await failOnUnexpectedErrors(diagnostics, testInfo);
});
