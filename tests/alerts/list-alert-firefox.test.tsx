// @vitest-environment happy-dom
// In Firefox a list alert is checked while the event page runs and on the refresh alarm otherwise: the
// alert's settings say so (issue 28 §1); Chrome's say every streamed price, with no page open.
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, expect, it, vi } from 'vitest';
import { ListAlertPanel } from '../../components/alerts/ListAlerts';

const kind = vi.hoisted(() => ({ isFirefox: true }));
vi.mock('../../lib/browser-kind', () => kind);
vi.mock('../../lib/messages/contract', async (original) => ({
  ...(await original<typeof import('../../lib/messages/contract')>()),
  send: vi.fn(async () => ({ ok: true, data: [] })),
}));

afterEach(cleanup);

it("Firefox: the list alert's settings say it is checked while the background page runs, and on the alarm", async () => {
  render(<ListAlertPanel watchlist={{ id: 'W1', name: 'Majors' }} />);
  expect(
    await screen.findByText(
      'In Firefox a list alert is checked on every price while Marketside’s background page runs, and on its refresh alarm (the background refresh interval in Options) otherwise.',
    ),
  ).toBeTruthy();
});
