// An update in place in Firefox: the previous release (0.1.0, release/previous/) installed as a temporary
// add-on, connected with credentials remembered under a passphrase, a list, an alert, a demo permit and a pinned
// market made, streaming; then this build installed over it with the same id, as Firefox updates an add-on:
// every setting, list and alert, the vault and the permit's expiry as they were, the sidebar live again after
// the passphrase, and no page shows an error.
import { rm } from 'node:fs/promises';
import { failOnUnexpectedErrors } from '../harness';
import { EURUSD } from '../journeys/data';
import { byTestId } from '../journeys/driver';
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
} from '../journeys/update';
import { FIREFOX_EXTENSION_DIR, launchFirefox, openFirefoxPage } from '../launch-firefox';
import { expect, test } from './harness';
import { FirefoxPage } from './page';

test('update in place from the previous release keeps settings, lists, alerts, the vault and the permit', async ({
  sim,
  diagnostics,
}, testInfo) => {
  test.setTimeout(180_000);
  const previous = await unpackPrevious('firefox');
  const firefox = await launchFirefox({ extensionDir: previous });
  try {
    const open = async (path: string) => new FirefoxPage(await openFirefoxPage(firefox.browser, path));
    const options = await open('options.html');
    expect(await extensionVersion(options)).toBe(PREVIOUS_VERSION);
    await connectRememberedWithPermit(options, sim, true);
    const panel = await open('sidepanel.html');
    await makeList(panel);
    const popup = await open(`popup.html?epic=${EURUSD}`);
    await makeAlertAndPin(popup);
    await panel.expectText({ css: '[data-testid="panel-row"] .wl-bid' }, /\d/);
    const before = await readStorage(options);
    const listsBefore = sim.control.state().watchlists;
    for (const page of [options, panel, popup]) await page.page.close();

    // The update: this build installed over the previous one (the same gecko id).
    const probe = await open('privacy.html');
    await firefox.browser.installExtension(FIREFOX_EXTENSION_DIR);
    const newVersion = (await import('../../package.json', { with: { type: 'json' } })).default.version;
    expect(newVersion).not.toBe(PREVIOUS_VERSION);
    await probe.page.close();

    const settings = await open('options.html');
    expect(await extensionVersion(settings)).toBe(newVersion);
    expectKept(before, await readStorage(settings));
    expect(sim.control.state().watchlists).toEqual(listsBefore);

    const newPanel = await open('sidepanel.html');
    await expectPanelBack(newPanel, true);
    await newPanel.expectCount(byTestId('panel-row'), 2);
    await settings.reload();
    await settings.expectText({ css: 'h1' }, /\S/);
    await settings.expectText(byTestId('vault-state'), 'unlocked');
    await settings.expectText(byTestId('options-permit-dealing'), 'On for account');
    const newPopup = await open(`popup.html?epic=${EURUSD}`);
    await newPopup.expectText({ css: 'button' }, 'Unpin from toolbar');
    await newPopup.expectText({ css: '.market__prices' }, /\d\.\d{4}/);
    for (const page of [settings, newPanel, newPopup]) await page.expectCount({ css: '[role="alert"]' }, 0);
    expect(JSON.stringify((await readStorage(settings)).alerts)).toContain(MADE.alertLevel);
  } finally {
    await firefox.close();
    diagnostics.errors.push(...firefox.extensionErrors());
    await rm(previous, { recursive: true, force: true });
  }
  await failOnUnexpectedErrors(diagnostics, testInfo);
});
