// Connecting in Firefox through the settings page, as a user does: the custom gateway (the simulated
// service) and its optional host permission, the credentials, "Check" naming the account.
import { ACCOUNT } from '../journeys/data';
import { byTestId } from '../journeys/driver';
import { expect, test } from './harness';

test('connect through the options page: custom gateway, its host permission, Check names the account', async ({
  connect,
  sim,
  capture,
}) => {
  const options = await connect();
  await capture(options, 'options-connected');
  const granted = await options.evaluate(
    (origin) =>
      (
        globalThis as unknown as { browser: { permissions: { contains(p: object): Promise<boolean> } } }
      ).browser.permissions.contains({
        origins: [origin],
      }),
    'http://127.0.0.1/*',
  );
  expect(granted).toBe(true);
  const logins = sim.control.requestLog().filter((r) => r.method === 'POST' && r.path === '/session');
  expect(logins.length).toBeGreaterThan(0);
  await options.expectText(byTestId('options-active-account'), ACCOUNT.id);
});
