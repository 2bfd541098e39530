// @vitest-environment happy-dom
// The list alert form on a watchlist and the alerts view's list alerts.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ListAlertPanel, ListAlertsSection } from '../../components/alerts/ListAlerts';
import type { ListAlert } from '../../lib/alerts/list-rules';

const send = vi.hoisted(() => vi.fn());
vi.mock('../../lib/messages/contract', async (original) => ({
  ...(await original<typeof import('../../lib/messages/contract')>()),
  send,
}));

const ok = <T,>(data: T) => ({ ok: true as const, data });
const majors: ListAlert = {
  id: 'L1',
  watchlistId: 'W1',
  watchlistName: 'Majors',
  condition: { kind: 'day-change', pct: 2 },
  createdAt: 1,
  latched: [],
  open: {},
  history: [
    { epic: 'CS.D.EURUSD.MINI.IP', instrumentName: 'EUR/USD', at: 1_700_000_000_000, text: 'day change +2.40%' },
  ],
};

beforeEach(() => {
  fakeBrowser.reset();
  send.mockReset();
});
afterEach(cleanup);

describe('ListAlertPanel', () => {
  it('refuses minutes that are not whole, without sending, and says why next to the field', async () => {
    send.mockResolvedValue(ok([]));
    render(<ListAlertPanel watchlist={{ id: 'W1', name: 'Majors' }} />);
    fireEvent.change(screen.getByLabelText('Condition'), { target: { value: 'window-move' } });
    fireEvent.input(await screen.findByLabelText('Minutes'), { target: { value: '2.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save list alert' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter whole minutes, 1 to 240');
    expect(screen.getByLabelText('Minutes').getAttribute('aria-invalid')).toBe('true');
    expect(send.mock.calls.filter(([type]) => type === 'listAlerts.save')).toEqual([]);
    // Chrome checks from the stream with no page open, and says so (Firefox: list-alert-firefox.test.tsx).
    expect(screen.getByText('Checked on every streamed price, also with no Marketside page open.')).toBeTruthy();
  });

  it('saves a sentiment alert for the list, and edits an existing one in place', async () => {
    send.mockImplementation(async (type: string) => (type === 'listAlerts.list' ? ok([majors]) : ok(majors)));
    render(<ListAlertPanel watchlist={{ id: 'W1', name: 'Majors' }} />);
    fireEvent.change(screen.getByLabelText('Condition'), { target: { value: 'sentiment' } });
    fireEvent.input(screen.getByLabelText('Percent'), { target: { value: '75' } });
    fireEvent.change(screen.getByLabelText('Side'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save list alert' }));
    await waitFor(() =>
      expect(send).toHaveBeenCalledWith('listAlerts.save', {
        watchlistId: 'W1',
        condition: { kind: 'sentiment', side: 'short', pct: 75 },
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Edit list alert: day change beyond ±2%' }));
    expect((screen.getByLabelText('Percent') as HTMLInputElement).value).toBe('2');
    fireEvent.input(screen.getByLabelText('Percent'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update list alert' }));
    await waitFor(() =>
      expect(send).toHaveBeenCalledWith('listAlerts.save', {
        id: 'L1',
        watchlistId: 'W1',
        condition: { kind: 'day-change', pct: 3 },
      }),
    );
  });
});

describe('ListAlertsSection', () => {
  it('lists each list alert with what fired when, and deletes one', async () => {
    send.mockImplementation(async (type: string) => (type === 'listAlerts.list' ? ok([majors]) : ok(null)));
    render(<ListAlertsSection />);
    const row = await screen.findByTestId('list-alert-row');
    expect(row.textContent).toContain('Majors');
    expect(screen.getByTestId('list-alert-firing').textContent).toMatch(/^EUR\/USD day change \+2\.40% · /);
    fireEvent.click(screen.getByRole('button', { name: 'Delete list alert: Majors day change beyond ±2%' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith('listAlerts.delete', { id: 'L1' }));
  });
});
