// Updating in place from the previous release to this build, as a trader with the browser open meets it: what
// both browsers' update journeys make in the previous release, what they read back, and what must be kept.
// The previous release's built zips are in release/previous/ (a clone cannot rebuild 0.1.0 quickly: its lock
// file needs its own `npm install`; see the CHANGELOG).
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect } from '@playwright/test';
import JSZip from 'jszip';
import type { ServiceCredentials } from '../launch';
import { ROOT } from '../launch';
import { ACCOUNT, EURUSD, GBPUSD, REMEMBER_PIN } from './data';
import { byRole, byTestId, type JourneyPage } from './driver';
import { addMarket, createWatchlist, grantDemoPermit } from './steps';

export const PREVIOUS_VERSION = '0.1.0';

/** Unpacks the previous release's zip for `browser` into a fresh folder and returns it. */
export async function unpackPrevious(browser: 'chrome' | 'firefox'): Promise<string> {
  const file = join(ROOT, 'release', 'previous', `marketside-${PREVIOUS_VERSION}-${browser}.zip`);
  const zip = await JSZip.loadAsync(readFileSync(file));
  const into = mkdtempSync(join(tmpdir(), `marketside-${PREVIOUS_VERSION}-${browser}-`));
  for (const entry of Object.values(zip.files)) {
    if (entry.dir) continue;
    const target = join(into, entry.name);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, await entry.async('nodebuffer'));
  }
  return into;
}

/** What the update journeys make: a list with two markets, an alert on EUR/USD, the pinned market. */
export const MADE = { list: 'Before the update', alertLevel: '9.5', pinned: EURUSD };

/**
 * Connects through the settings page with the credentials remembered under a passphrase (the previous
 * release says "PIN", this one "passphrase") and grants the demo permit.
 */
export async function connectRememberedWithPermit(
  options: JourneyPage,
  service: ServiceCredentials,
  /** Chromium's journeys load a copy that has the host already (e2e/launch.ts); Firefox asks in the page. */
  allowInPage: boolean,
): Promise<void> {
  // 0.1.0's form resets itself to the stored connection when it has loaded it, throwing away a choice made
  // before: its status (asked for after the connection) has come once the Accounts section says it.
  await options.expectText(byTestId('options-state'), /^(?!Loading)\S/);
  await options.click({ css: 'input[type="radio"][value="custom"]' });
  await options.fill({ css: '#conn-baseUrl' }, service.baseUrl);
  if (allowInPage) await options.click(byRole('button', 'Allow access to this gateway'));
  await options.expectText({ css: 'form p.muted' }, 'Access to this gateway is granted.');
  await options.fill({ css: '#conn-apiKey' }, service.apiKey);
  await options.fill({ css: '#conn-identifier' }, service.identifier);
  await options.fill({ css: '#conn-password' }, service.password);
  // "Remember …" (its words end in "PIN" in the previous release, "passphrase" in this one).
  await options.evaluate(() => {
    const remember = [...document.querySelectorAll('form label.choice')].find((l) =>
      l.textContent?.startsWith('Remember the API key'),
    );
    const box = remember?.querySelector<HTMLInputElement>('input[type="checkbox"]');
    if (box && !box.checked) box.click();
  }, null);
  await options.fill({ css: '#conn-pin' }, REMEMBER_PIN);
  await options.fill({ css: '#conn-pinConfirm' }, REMEMBER_PIN);
  await options.click(byRole('button', 'Save'));
  await options.expectText(
    { css: '[role="status"]' },
    /Saved on this computer, encrypted with your (PIN|passphrase)\./,
  );
  await options.click(byRole('button', 'Check'));
  await options.expectText(byTestId('options-check-result'), ACCOUNT.connected);
  await grantDemoPermit(options);
}

/** In the side panel: a new list with EUR/USD and GBP/USD, streaming live. */
export async function makeList(panel: JourneyPage): Promise<void> {
  await createWatchlist(panel, MADE.list);
  await addMarket(panel, MADE.list, 'EUR/USD', 'EUR/USD');
  await addMarket(panel, MADE.list, 'GBP/USD', 'GBP/USD');
  await panel.expectCount(byTestId('panel-row'), 2);
  await panel.expectText(byTestId('stream-state'), 'Live');
}

/** In the popup on EUR/USD: an alert and the market pinned to the toolbar badge. */
export async function makeAlertAndPin(popup: JourneyPage): Promise<void> {
  await popup.expectText(byTestId('popup-market'), 'EUR/USD');
  await popup.click(byRole('button', 'Pin to toolbar', 'popup-market'));
  await popup.expectEnabled(byRole('button', 'Unpin from toolbar', 'popup-market'), true);
  await popup.click(byRole('button', 'Set an alert', 'popup-market'));
  await popup.fill(byRole('textbox', 'Price', 'popup-market'), MADE.alertLevel);
  await popup.click(byRole('button', 'Set alert', 'popup-market'));
  await popup.expectText({ css: '[role="status"]', within: 'popup-market' }, 'Alert set: EUR/USD');
}

/** The extension's `storage.local`, read from one of its pages. */
export function readStorage(page: JourneyPage): Promise<Record<string, unknown>> {
  return page.evaluate(async () => {
    const g = globalThis as unknown as Record<
      'browser' | 'chrome',
      { storage: { local: { get(k: null): Promise<Record<string, unknown>> } } } | undefined
    >;
    return (g.chrome ?? g.browser)?.storage.local.get(null) ?? {};
  }, null);
}

/** The extension's version as its manifest says, read from one of its pages. */
export function extensionVersion(page: JourneyPage): Promise<string> {
  return page.evaluate(() => {
    const g = globalThis as unknown as Record<
      'browser' | 'chrome',
      { runtime: { getManifest(): { version: string } } } | undefined
    >;
    return (g.chrome ?? g.browser)?.runtime.getManifest().version ?? '';
  }, null);
}

/** What the user made, as stored: compared before and after the update. */
export function userMade(stored: Record<string, unknown>) {
  const permits = (stored.permits ?? []) as { accountId?: string; expiresAt?: unknown }[];
  return {
    connection: stored.connection,
    vault: stored.vault,
    alerts: stored.alerts,
    permits: permits.map((p) => ({ accountId: p.accountId, expiresAt: p.expiresAt })),
    pinnedEpic: stored.pinnedEpic,
    loginEncryption: stored.loginEncryption,
  };
}

/** Checks what was made before is there, as it was, and that it is what the journey made. */
export function expectKept(before: Record<string, unknown>, after: Record<string, unknown>): void {
  const made = userMade(before);
  expect(made.vault, 'the vault before the update').toBeTruthy();
  expect(made.permits, 'the permit before the update').toHaveLength(1);
  expect(made.pinnedEpic).toBe(MADE.pinned);
  expect(JSON.stringify(made.alerts)).toContain(EURUSD);
  expect(userMade(after)).toEqual(made);
  // Every other setting the user chose or the extension learned is still there.
  for (const key of Object.keys(before)) expect(Object.keys(after), `storage.local ${key}`).toContain(key);
}

/** After the update: unlocked (the passphrase typed where the page asks for it), live, the list and no error. */
export async function expectPanelBack(panel: JourneyPage, unlock: boolean): Promise<void> {
  if (unlock) {
    await panel.expectText(byTestId('vault-locked'), 'Locked');
    await panel.fill({ css: '#unlock-pin' }, REMEMBER_PIN);
    await panel.click(byRole('button', 'Unlock'));
  }
  await panel.expectText(byTestId('stream-state'), 'Live');
  await panel.expectText({ css: '.wl-picker select option' }, MADE.list);
  await panel.expectCount({ css: '[role="alert"]' }, 0);
}

export const LIST_EPICS = [EURUSD, GBPUSD];
