// Page-level steps both browser suites take, written once against the JourneyPage driver.

import { expect } from '@playwright/test';
import type { ServiceCredentials } from '../launch';
import { ACCOUNT, FORGED_DEALING, REMEMBER_PIN } from './data';
import { byRole, byTestId, type JourneyPage } from './driver';

/**
 * Connects through the settings page as a user does: the custom gateway's base URL (granting its optional
 * host permission), the credentials remembered under a PIN, saved, and "Check" names the account.
 */
export async function connectThroughOptions(options: JourneyPage, service: ServiceCredentials): Promise<void> {
  await options.click({ css: 'input[type="radio"][value="custom"]' });
  await options.fill({ css: '#conn-baseUrl' }, service.baseUrl);
  // The browser asks the user about the gateway's host inside this click.
  await options.click(byRole('button', 'Allow access to this gateway'));
  await options.expectText({ css: 'form p.muted' }, 'Access to this gateway is granted.');
  await options.fill({ css: '#conn-apiKey' }, service.apiKey);
  await options.fill({ css: '#conn-identifier' }, service.identifier);
  await options.fill({ css: '#conn-password' }, service.password);
  await options.check({ css: 'form label.choice input[type="checkbox"]' });
  await options.fill({ css: '#conn-pin' }, REMEMBER_PIN);
  await options.fill({ css: '#conn-pinConfirm' }, REMEMBER_PIN);
  // The passphrase's verdict appears under its field once the estimator has loaded and pushes the Save button
  // down: a click aimed before it lands beside the button (Firefox's journeys lost the save one time in ten).
  // A user reads the verdict before saving.
  await options.expectText(byTestId('passphrase-strength'), /^Strong enough/);
  await options.click(byRole('button', 'Save'));
  await options.expectText({ css: '[role="status"]' }, 'Saved on this computer, encrypted with your passphrase.');
  await options.click(byRole('button', 'Check'));
  await options.expectText(byTestId('options-check-result'), ACCOUNT.connected);
  await options.expectText(byTestId('options-active-account'), ACCOUNT.id);
}

/** Grants the demo dealing permit from the settings page (the account must be checked first). */
export async function grantDemoPermit(options: JourneyPage): Promise<void> {
  const section = 'options-permit-dealing';
  await options.click(byRole('button', 'Turn on dealing permit…', section));
  await options.expectText(byTestId(section), 'What this permit allows:');
  await options.expectEnabled(byRole('button', 'Grant dealing permit', section), false);
  await options.check({ css: 'input[type="checkbox"]', within: section });
  await options.click(byRole('button', 'Grant dealing permit', section));
  await options.expectText(byTestId(section), `On for account ${ACCOUNT.id}`);
  await options.expectText(byTestId('dealing-permit-badge'), 'Dealing permitted');
}

/** Creates a watchlist from the side panel's toolbar; it opens empty. */
export async function createWatchlist(panel: JourneyPage, name: string): Promise<void> {
  await panel.click(byRole('button', 'New'));
  await panel.fill(byRole('textbox', 'New watchlist name'), name);
  await panel.click(byRole('button', 'Create'));
  await panel.expectText({ css: '[role="status"]' }, `Created “${name}”`);
  await panel.expectText({ css: 'p' }, `“${name}” is empty.`);
}

/** Adds a market to the open watchlist by searching its name in the side panel. */
export async function addMarket(panel: JourneyPage, list: string, term: string, name: string): Promise<void> {
  const search = byRole('searchbox', `Add a market to ${list}`);
  await panel.fill(search, term);
  await panel.click(byRole('button', `Add ${name} to ${list}`));
  await panel.expectText({ css: '[role="status"]' }, `Added ${name} to “${list}”`);
  await panel.fill(search, '');
}

/** Removes a market from the open watchlist by its row's remove button. */
export async function removeMarket(panel: JourneyPage, list: string, name: string): Promise<void> {
  await panel.click(byRole('button', `Remove ${name} from ${list}`));
}

/** Fills the ticket's size; "Place deal" waits for the costs quote; places the deal (the outcome: `deal-outcome`). */
export async function quoteAndPlace(panel: JourneyPage, size: string): Promise<void> {
  const ticket = 'deal-ticket';
  const place = byRole('button', 'Place deal', ticket);
  await panel.fill(byRole('textbox', 'Size', ticket), size);
  await panel.expectEnabled(place, false);
  await panel.click(byRole('button', 'Get costs quote', ticket));
  await panel.expectText(byTestId('deal-quote', ticket), 'Indicative costs and charges');
  await panel.expectEnabled(place, true);
  await panel.click(place);
}

/** A reply of the message contract as a page receives it. */
export type Reply<T> = { ok: true; data: T } | { ok: false; error: { kind: string; message: string } };

/** Sends one message of the contract from an extension page, as the pages' `send()` does, and returns its reply. */
export async function sendMessage<T>(page: JourneyPage, type: string, data: unknown): Promise<Reply<T>> {
  const reply = await page.evaluate(
    async ([t, d]) => {
      const g = globalThis as unknown as Record<
        'browser' | 'chrome',
        { runtime: { sendMessage(m: unknown): unknown } }
      >;
      const api = g.chrome ?? g.browser;
      return (await api.runtime.sendMessage({ id: Date.now(), type: t, data: d, timestamp: Date.now() })) as {
        res: unknown;
      };
    },
    [type, data] as const,
  );
  return reply.res as Reply<T>;
}

/** Sends one message and returns its data; a refusal throws with its message. */
export async function ask<T>(page: JourneyPage, type: string, data: unknown): Promise<T> {
  const reply = await sendMessage<T>(page, type, data);
  if (!reply.ok) throw new Error(`${type}: ${reply.error.message}`);
  return reply.data;
}

/** Without a permit the background refuses every dealing message a page sends. */
export async function expectDealingRefused(page: JourneyPage): Promise<void> {
  for (const [type, data] of FORGED_DEALING) {
    const reply = await sendMessage(page, type, data);
    expect(reply, type).toMatchObject({ ok: false, error: { kind: 'permit-required' } });
  }
}
