// IG's maintenance end to end: the built extension in Chromium, its side panel streaming, while the
// simulated service answers every request with the maintenance error and kills every token. The watchlist
// says Delayed with a plain reason, the extension asks a few times rather than polling into a wall of
// errors, and it is Live again by itself once the service answers.
import { expect, test } from './harness';

const WINDOW_MS = 40_000;

test('maintenance: Delayed with a plain reason, a few backed-off requests, Live again by itself', async ({
  configure,
  openPage,
  sim,
  expectErrors,
}) => {
  test.setTimeout(120_000);
  // The pages report the failing refreshes the window causes.
  expectErrors(/system\.error|client\.service-resting|500|503/);
  await configure();
  const panel = await openPage('sidepanel.html');
  const state = panel.getByTestId('stream-state');
  await expect(state).toHaveText('Live', { timeout: 20_000 });

  const from = sim.control.now();
  sim.control.maintenanceWindow({ from, to: from + WINDOW_MS });
  await expect(state).toHaveText(
    /^Delayed \(polling\): IG is (closed for weekend maintenance; prices resume when it reopens|not answering; Marketside tries again by itself)$/,
    { timeout: 30_000 },
  );
  // No wall of errors: the watchlist keeps its rows and prices, and no error banner stands over them.
  await expect(panel.getByTestId('panel-row').first()).toBeVisible();
  await expect(panel.getByRole('alert')).toHaveCount(0);
  await expect(state).toHaveText('Live', { timeout: 60_000 });
  await expect(panel.getByRole('alert')).toHaveCount(0);
  const during = sim.control.requestLog().filter((e) => e.time >= from && e.time < from + WINDOW_MS);
  console.info(`maintenance e2e: ${during.length} requests in ${WINDOW_MS / 1000} s`);
  // Polling every 5 s with its sentiment would be well over 16; backed off, it is a handful.
  expect(during.length).toBeLessThanOrEqual(10);
});
