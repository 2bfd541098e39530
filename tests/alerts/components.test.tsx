// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { AlertForm } from '../../components/alerts/AlertForm';
import { AlertsList } from '../../components/alerts/AlertsList';
import { ImportExport } from '../../components/watchlists/ImportExport';
import type { AlertRule } from '../../lib/model';
import { alerts } from '../../lib/settings/registry';
import { market } from './fake-context';
import { rule } from './rule';

const send = vi.hoisted(() => vi.fn());
vi.mock('../../lib/messages/contract', async (original) => ({
  ...(await original<typeof import('../../lib/messages/contract')>()),
  send,
}));

const ok = <T,>(data: T) => ({ ok: true as const, data });

beforeEach(() => {
  fakeBrowser.reset();
  send.mockReset();
});
afterEach(cleanup);

describe('AlertForm', () => {
  const props = {
    epic: 'CS.D.EURUSD.MINI.IP',
    instrumentName: 'EUR/USD',
    marketId: 'EURUSD',
    bid: 1.0845,
    offer: 1.0847,
  };

  it('refuses a level the price is already above, without sending', async () => {
    render(<AlertForm {...props} />);
    fireEvent.input(screen.getByPlaceholderText('Price'), { target: { value: '1.08' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set alert' }));
    expect(await screen.findByText('The price is already at or above this level')).toBeTruthy();
    expect(screen.getByPlaceholderText('Price').getAttribute('aria-invalid')).toBe('true');
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the rule with quiet hours and confirms it', async () => {
    send.mockResolvedValue(ok(rule({ kind: 'below', target: 1.08 })));
    render(<AlertForm {...props} />);
    fireEvent.change(screen.getByLabelText('Alert when'), { target: { value: 'below' } });
    fireEvent.input(screen.getByPlaceholderText('Price'), { target: { value: '1.0800' } });
    fireEvent.click(screen.getByLabelText('Quiet hours'));
    fireEvent.click(screen.getByRole('button', { name: 'Set alert' }));
    await waitFor(() =>
      expect(send).toHaveBeenCalledWith('alerts.create', {
        epic: props.epic,
        kind: 'below',
        target: 1.08,
        quiet: { from: '22:00', to: '07:00' },
      }),
    );
    expect((await screen.findByRole('status')).textContent).toBe('Alert set: EUR/USD below 1.0800.');
  });

  it('offers sentiment alerts only for markets with a sentiment id', () => {
    render(<AlertForm {...props} marketId={null} />);
    const option = screen.getByRole('option', { name: 'Clients long at least' }) as HTMLOptionElement;
    expect(option.disabled).toBe(true);
  });
});

describe('AlertsList', () => {
  const rules: AlertRule[] = [
    rule({ id: 'far', instrumentName: 'Gold', epic: 'CS.D.CFDGOLD.CFD.IP', target: 2100, createdAt: 2 }),
    rule({ id: 'near', instrumentName: 'EUR/USD', target: 1.09, createdAt: 1 }),
    rule({ id: 'fired', instrumentName: 'Apple', epic: 'UA.D.AAPL.CASH.IP', armed: false, firedAt: 5, createdAt: 3 }),
  ];

  function answer() {
    send.mockImplementation(async (name: string) => {
      if (name === 'alerts.list') return ok(rules);
      if (name === 'markets.quotes') {
        return ok(
          [
            market('CS.D.CFDGOLD.CFD.IP', 'Gold', 2000, 2000),
            market('CS.D.EURUSD.MINI.IP', 'EUR/USD', 1.085, 1.085),
          ].map((value) => ({ value, fetchedAt: 1, stale: false })),
        );
      }
      if (name === 'alerts.rearm') return ok({ ...rules[2], armed: true });
      return ok(null);
    });
  }

  it('lists alerts nearest to firing first, with the distance in price and per cent', async () => {
    answer();
    render(<AlertsList />);
    await waitFor(() => expect(screen.getAllByTestId('alert-row')[0]?.textContent).toContain('0.0050 (0.46%)'));
    const names = screen.getAllByTestId('alert-row').map((r) => r.querySelector('td')?.firstChild?.textContent);
    expect(names).toEqual(['EUR/USD', 'Gold', 'Apple']);
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'name' } });
    expect(screen.getAllByTestId('alert-row').map((r) => r.querySelector('td')?.firstChild?.textContent)).toEqual([
      'Apple',
      'EUR/USD',
      'Gold',
    ]);
  });

  it('re-arms a fired alert and deletes one', async () => {
    answer();
    render(<AlertsList />);
    fireEvent.click(await screen.findByRole('button', { name: 'Re-arm alert: Apple above 1.0850' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith('alerts.rearm', { id: 'fired' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete alert: Gold above 2,100.0' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith('alerts.delete', { id: 'far' }));
  });

  it('follows the stored rules when the background fires one', async () => {
    answer();
    render(<AlertsList />);
    await screen.findAllByTestId('alert-row');
    await alerts.setValue([{ ...rules[1]!, armed: false, firedAt: Date.now() }]);
    await waitFor(() => expect(screen.getAllByTestId('alert-row')).toHaveLength(1));
    expect(screen.getByRole('button', { name: /Re-arm alert: EUR\/USD/ })).toBeTruthy();
  });

  it('says so when there are none', async () => {
    send.mockResolvedValue(ok([]));
    render(<AlertsList />);
    expect(await screen.findByText(/No alerts yet/)).toBeTruthy();
  });
});

describe('ImportExport', () => {
  it('imports pasted epics into this watchlist and shows the whole report', async () => {
    send.mockResolvedValue(
      ok({
        watchlistId: 'fx',
        added: ['IX.D.FTSE.DAILY.IP'],
        duplicates: ['CS.D.EURUSD.MINI.IP'],
        unknown: ['XX.D.NOPE.IP'],
        failed: [{ epic: 'UA.D.AAPL.CASH.IP', message: 'Not added: the import stopped (offline)' }],
      }),
    );
    const onDone = vi.fn();
    render(<ImportExport watchlistId="fx" onDone={onDone} />);
    fireEvent.input(screen.getByLabelText(/Or paste epics/), { target: { value: 'IX.D.FTSE.DAILY.IP' } });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const report = await screen.findByTestId('import-report');
    expect(send).toHaveBeenCalledWith('watchlists.import', {
      target: { id: 'fx' },
      epics: ['IX.D.FTSE.DAILY.IP'],
      duplicates: [],
      invalid: [],
    });
    expect(report.textContent).toContain('Added 1 market. 1 could not be added');
    expect(report.textContent).toContain('Not found (1)XX.D.NOPE.IP');
    expect(report.textContent).toContain('UA.D.AAPL.CASH.IP: Not added: the import stopped (offline)');
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onDone).toHaveBeenCalled();
  });

  it('a new watchlist needs a name; nothing is sent without one', async () => {
    render(<ImportExport watchlistId={null} onDone={() => {}} />);
    fireEvent.input(screen.getByLabelText(/Or paste epics/), { target: { value: 'IX.D.FTSE.DAILY.IP' } });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Name the new watchlist.')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Export as CSV' })).toBeNull();
  });

  it('exports as a CSV download with a byte order mark', async () => {
    const row = {
      epic: 'CS.D.EURUSD.MINI.IP',
      instrumentName: 'EUR/USD',
      bid: 1.0845,
      offer: 1.0846,
      netChange: null,
      percentageChange: 0.1,
    };
    send.mockResolvedValue(ok({ filename: 'marketside-fx-2025-03-09.csv', rows: [row] }));
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((b: Blob) => {
      blobs.push(b);
      return 'blob:x';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    render(<ImportExport watchlistId="fx" onDone={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export as CSV' }));
    await waitFor(() => expect(clicked).toEqual(['marketside-fx-2025-03-09.csv']));
    const bytes = new Uint8Array(await blobs[0]!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3)).split('\r\n')).toEqual([
      'epic,name,bid,offer,change,change %',
      'CS.D.EURUSD.MINI.IP,EUR/USD,1.0845,1.0846,,0.1',
    ]);
  });
});
