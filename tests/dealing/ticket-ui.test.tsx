// @vitest-environment happy-dom
// The deal ticket and the position controls against a scripted background.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setFormatLocale } from '../../lib/format';
import type { PositionView } from '../../lib/model';
import { dealingPermit } from '../helpers/dealing-permit';
import { background } from '../helpers/scripted-background';
import { facts } from './context';

vi.mock('../../lib/messages/contract', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  send: (await import('../helpers/scripted-background')).scriptedSend,
}));

import { DealTicket, PermitBadge, PositionActions, ReconciliationBanner } from '../../components/dealing';
import { refreshDealingState } from '../../components/dealing/dealingState';

const permit = dealingPermit();

function answer(name: string, data: unknown) {
  background.handlers[name] = () => ({ ok: true, data });
}
const sent = (name: string) => background.calls.filter(([n]) => n === name).map(([, r]) => r);

const ticket = <DealTicket epic={facts.epic} instrumentName="EUR/USD" facts={facts} bid={11000} offer={11001} />;

beforeEach(() => {
  background.handlers = {};
  background.calls = [];
  answer('permit.get', []);
  answer('lock.get', null);
  answer('deal.repeatWindow', null);
});
afterEach(() => {
  cleanup();
  setFormatLocale(undefined);
});

describe('without a dealing permit', () => {
  it('renders no dealing control at all', async () => {
    const { container } = render(
      <>
        {ticket}
        <PermitBadge />
        <PositionActions position={{ dealId: 'D1' } as PositionView} />
        <ReconciliationBanner />
      </>,
    );
    await waitFor(() => expect(sent('permit.get').length).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 20));
    expect(container.innerHTML).toBe('');
    expect(sent('deal.quoteOpen')).toEqual([]);
  });
});

describe('the deal ticket with a permit', () => {
  beforeEach(() => {
    answer('permit.get', [permit]);
    refreshDealingState();
  });

  it('shows the permit, and enables "Place deal" only once the costs quote for this ticket is shown', async () => {
    answer('deal.quoteOpen', {
      quoteReference: 'Q1',
      currency: 'USD',
      lines: [{ label: 'Opening spread', amount: 0.5 }],
      notionalValue: 11001,
      receivedAt: Date.now(),
    });
    answer('deal.open', { status: 'accepted', dealReference: 'R1', dealId: 'DEAL-1', level: 11001, size: 2 });
    render(ticket);
    await screen.findByTestId('dealing-permit-badge');
    const place = screen.getByRole('button', { name: 'Place deal' }) as HTMLButtonElement;
    const getQuote = screen.getByRole('button', { name: 'Get costs quote' }) as HTMLButtonElement;
    expect(getQuote.disabled).toBe(true);

    fireEvent.input(screen.getByLabelText('Size'), { target: { value: '2' } });
    await waitFor(() => expect(getQuote.disabled).toBe(false));
    expect(place.disabled).toBe(true);
    fireEvent.click(getQuote);
    await screen.findByText('Opening spread');
    expect(place.disabled).toBe(false);

    // Changing the ticket drops the quote.
    fireEvent.input(screen.getByLabelText('Size'), { target: { value: '3' } });
    await waitFor(() => expect(screen.queryByText('Opening spread')).toBeNull());
    expect(place.disabled).toBe(true);

    fireEvent.input(screen.getByLabelText('Size'), { target: { value: '2' } });
    fireEvent.click(getQuote);
    await screen.findByText('Opening spread');
    fireEvent.click(place);
    expect(await screen.findByTestId('deal-outcome')).toHaveProperty(
      'textContent',
      'Deal accepted at 11,001.0, size 2. Deal id DEAL-1.',
    );
    expect(sent('deal.open')).toEqual([
      {
        ticket: expect.objectContaining({ epic: facts.epic, direction: 'BUY', size: 2, orderType: 'MARKET' }),
        quoteReference: 'Q1',
      },
    ]);
  });

  it('explains a ticket that breaks the dealing rules and sends nothing', async () => {
    render(ticket);
    await screen.findByTestId('dealing-permit-badge');
    fireEvent.input(screen.getByLabelText('Size'), { target: { value: '0.5' } });
    expect(await screen.findByText('The minimum size on this market is 1.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Stop type'), { target: { value: 'level' } });
    fireEvent.input(screen.getByLabelText('Stop level'), { target: { value: '11005' } });
    expect(await screen.findByText('A stop on a buy must be below the deal level (11,001).')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Get costs quote' }) as HTMLButtonElement).disabled).toBe(true);
    expect(sent('deal.quoteOpen')).toEqual([]);
  });

  it("reads a German trader's decimal comma, refuses a decimal point with the separator to use, and sends nothing on it", async () => {
    setFormatLocale('de-DE');
    answer('deal.quoteOpen', { quoteReference: 'Q1', currency: 'USD', lines: [], notionalValue: null, receivedAt: 0 });
    render(ticket);
    await screen.findByTestId('dealing-permit-badge');
    const getQuote = screen.getByRole('button', { name: 'Get costs quote' }) as HTMLButtonElement;
    fireEvent.input(screen.getByLabelText('Size'), { target: { value: '2.5' } });
    expect(await screen.findByText('Use “,” as the decimal separator, as in 0,5.')).toBeTruthy();
    expect(screen.getByLabelText('Size').getAttribute('aria-invalid')).toBe('true');
    expect(getQuote.disabled).toBe(true);
    fireEvent.click(getQuote);
    fireEvent.input(screen.getByLabelText('Size'), { target: { value: '2,5' } });
    await waitFor(() => expect(getQuote.disabled).toBe(false));
    expect(screen.queryByText('Use “,” as the decimal separator, as in 0,5.')).toBeNull();
    fireEvent.click(getQuote);
    await waitFor(() => expect(sent('deal.quoteOpen')).toEqual([expect.objectContaining({ size: 2.5 })]));
  });

  it('shows a rejection in plain words and an unknown outcome as such', async () => {
    answer('deal.quoteOpen', { quoteReference: 'Q1', currency: 'USD', lines: [], notionalValue: null, receivedAt: 0 });
    answer('deal.open', {
      status: 'rejected',
      dealReference: 'R1',
      reason: 'MARKET_CLOSED',
    });
    render(ticket);
    await screen.findByTestId('dealing-permit-badge');
    fireEvent.input(screen.getByLabelText('Size'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get costs quote' }));
    await screen.findByTestId('deal-quote');
    fireEvent.click(screen.getByRole('button', { name: 'Place deal' }));
    expect((await screen.findByTestId('deal-outcome')).textContent).toBe('Deal rejected: The market is closed.');

    answer('deal.open', { status: 'unknown', dealReference: 'R2' });
    fireEvent.click(screen.getByRole('button', { name: 'Get costs quote' }));
    await screen.findByTestId('deal-quote');
    fireEvent.click(screen.getByRole('button', { name: 'Place deal' }));
    await waitFor(() => expect(screen.getByTestId('deal-outcome').textContent).toMatch(/^Outcome unknown/));
  });

  it('blocks the ticket and shows the banner while a lock is open', async () => {
    answer('lock.get', {
      dealReference: 'R2',
      operation: 'positions.create',
      epic: facts.epic,
      createdAt: Date.now(),
      attempts: 1,
      lastError: null,
    });
    answer('lock.reconcile', { settled: false, outcome: null, lock: null });
    refreshDealingState();
    render(
      <>
        <ReconciliationBanner />
        {ticket}
      </>,
    );
    const banner = await screen.findByTestId('dealing-lock-banner');
    expect(banner.textContent).toMatch(/outcome of a deal is unknown/);
    fireEvent.input(screen.getByLabelText('Size'), { target: { value: '1' } });
    expect((screen.getByRole('button', { name: 'Get costs quote' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Check now' }));
    await waitFor(() => expect(sent('lock.reconcile')).toHaveLength(1));
  });
});

describe('closing a position', () => {
  beforeEach(() => {
    answer('permit.get', [permit]);
    refreshDealingState();
  });

  it('quotes the close first and closes only on confirmation', async () => {
    const position: PositionView = {
      dealId: 'DEAL-1',
      dealReference: null,
      epic: facts.epic,
      instrumentName: 'EUR/USD',
      direction: 'BUY',
      size: 2,
      level: 10950,
      currency: 'USD',
      stopLevel: null,
      limitLevel: null,
      createdAt: null,
      bid: 11000,
      offer: 11001,
      marketStatus: 'TRADEABLE',
      valuePerMove: 1,
      profitLoss: 100,
    };
    answer('positions.quoteClose', {
      quoteReference: 'QC1',
      currency: 'USD',
      lines: [{ label: 'Closing spread', amount: 0.5 }],
      notionalValue: null,
      receivedAt: 0,
    });
    answer('positions.close', { status: 'accepted', dealReference: 'R3', dealId: 'DEAL-1', level: 11000, size: 2 });
    const dealt = vi.fn();
    window.addEventListener('marketside:dealt', dealt);
    render(<PositionActions position={position} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Close buy 2 EUR/USD' }));
    await screen.findByText('Closing spread');
    expect(sent('positions.close')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm close' }));
    expect((await screen.findByTestId('deal-outcome')).textContent).toBe(
      'Close accepted at 11,000.0, size 2. Deal id DEAL-1.',
    );
    expect(sent('positions.close')).toEqual([{ dealId: 'DEAL-1', quoteReference: 'QC1' }]);
    expect(dealt).toHaveBeenCalled();
    window.removeEventListener('marketside:dealt', dealt);
  });
});

describe('amending a position in German', () => {
  beforeEach(() => {
    answer('permit.get', [permit]);
    refreshDealingState();
  });

  it('shows the stop with a decimal comma, refuses a decimal point by naming the separator, and amends on a comma', async () => {
    setFormatLocale('de-DE');
    answer('positions.amend', { status: 'accepted', dealReference: 'R4', dealId: 'DEAL-2', level: null, size: null });
    const position: PositionView = {
      dealId: 'DEAL-2',
      dealReference: null,
      epic: facts.epic,
      instrumentName: 'EUR/USD',
      direction: 'BUY',
      size: 1,
      level: 10950,
      currency: 'USD',
      stopLevel: 10900.5,
      limitLevel: null,
      createdAt: null,
      bid: 11000,
      offer: 11001,
      marketStatus: 'TRADEABLE',
      valuePerMove: 1,
      profitLoss: 50,
    };
    render(<PositionActions position={position} decimals={1} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Amend stop and limit of buy 1 EUR/USD' }));
    const stop = screen.getByLabelText('Stop level') as HTMLInputElement;
    expect(stop.value).toBe('10900,5');
    const save = screen.getByRole('button', { name: 'Save stop and limit' }) as HTMLButtonElement;
    fireEvent.input(stop, { target: { value: '10890.5' } });
    expect(await screen.findByText('Use “,” as the decimal separator, as in 0,5.')).toBeTruthy();
    expect(save.disabled).toBe(true);
    fireEvent.input(stop, { target: { value: '10890,5' } });
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() =>
      expect(sent('positions.amend')).toEqual([{ dealId: 'DEAL-2', stopLevel: 10890.5, limitLevel: null }]),
    );
  });
});
