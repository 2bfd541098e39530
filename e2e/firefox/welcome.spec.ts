// The first run in Firefox: installing opens the welcome page; through it a new user connects (the custom
// gateway and its host permission, each of IG's refusals explained), picks a first watchlist and opens the sidebar,
// which shows that list live.
import { ACCOUNT, LOGIN_REFUSALS, MY_WATCHLIST, refusalFault } from '../journeys/data';
import { byRole, byTestId } from '../journeys/driver';
import { until } from '../launch-firefox';
import { expect, test } from './harness';

test.use({ firefoxOptions: { keepWelcome: true } });

test('a new install: the welcome page connects, picks a first watchlist and opens the sidebar', async ({
  sim,
  openPage,
  expectErrors,
}) => {
  test.setTimeout(120_000);
  expectErrors(/40[013]|error\.(security|public-api)/);
  // Firefox sends no BiDi events for extension pages, so the tab the install opened is found through the
  // extension's own tabs API; the journey then drives the welcome page in a tab the harness opens.
  const probe = await openPage('privacy.html');
  await until('the welcome tab the install opened', async () => {
    const urls = await probe.evaluate(
      async () =>
        (
          await (
            globalThis as unknown as { browser: { tabs: { query(q: object): Promise<{ url?: string }[]> } } }
          ).browser.tabs.query({})
        ).map((t) => t.url ?? ''),
      null,
    );
    return urls.some((u) => u.endsWith('/welcome.html'));
  });
  await probe.page.close();
  const welcome = await openPage('welcome.html');
  await welcome.expectText({ css: 'h1' }, 'Welcome to Marketside');
  await welcome.expectText({ css: 'li' }, /A demo account needs its own API key/);

  await welcome.click({ css: 'input[type="radio"][value="custom"]' });
  await welcome.fill({ css: '#conn-baseUrl' }, sim.baseUrl);
  await welcome.click(byRole('button', 'Allow access to this gateway'));
  await welcome.expectText({ css: 'form p.muted' }, 'Access to this gateway is granted.');
  await welcome.fill({ css: '#conn-apiKey' }, sim.apiKey);
  await welcome.fill({ css: '#conn-identifier' }, sim.identifier);
  await welcome.fill({ css: '#conn-password' }, 'not-the-password');
  await welcome.click(byRole('button', 'Save'));
  await welcome.expectText({ css: '[role="status"]' }, 'Saved for this browser session only.');
  await welcome.click(byRole('button', 'Check'));
  await welcome.expectText(byTestId('options-check-result'), 'Wrong identifier or password');
  await welcome.expectText(byTestId('options-check-result'), /Type them again/);

  await welcome.fill({ css: '#conn-apiKey' }, sim.apiKey);
  await welcome.fill({ css: '#conn-password' }, sim.password);
  await welcome.click(byRole('button', 'Save'));
  await welcome.expectText({ css: '[role="status"]' }, 'Saved for this browser session only.');
  // Each of IG's other refusals, in plain words with the next step and IG's code (as in Chromium).
  for (const refusal of LOGIN_REFUSALS) {
    await sim.control.injectFault(refusalFault(refusal));
    await welcome.click(byRole('button', 'Check'));
    await welcome.expectText(byTestId('options-check-result'), `IG code: ${refusal.errorCode}`);
    await welcome.expectText(byTestId('options-check-result'), refusal.title);
    await welcome.expectText(byTestId('options-check-result'), refusal.next);
  }
  await sim.control.clearFaults();
  await welcome.click(byRole('button', 'Check'));
  await welcome.expectText(byTestId('options-check-result'), ACCOUNT.connected);

  await welcome.click(byRole('radio', MY_WATCHLIST.name, 'welcome-after-connect'));
  await welcome.expectText({ css: '[data-testid="welcome-after-connect"] [role="status"]' }, MY_WATCHLIST.name);
  await welcome.expectText(byTestId('welcome-shortcut'), 'Alt+Shift+M');
  await welcome.click(byRole('button', 'Open the sidebar'));

  const panel = await openPage('sidepanel.html');
  await panel.expectText(byTestId('panel-account'), /\S/);
  await panel.expectCount(byTestId('panel-row'), MY_WATCHLIST.rows);
  await panel.expectText(byTestId('stream-state'), 'Live');
  const chosen = await panel.evaluate(
    () => document.querySelector<HTMLSelectElement>('.wl-picker select')?.value,
    null,
  );
  expect(chosen).toBe(MY_WATCHLIST.id);
});
