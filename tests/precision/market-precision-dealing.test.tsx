// @vitest-environment happy-dom
// Every market IG's captured replies give a precision (decimalPlacesFactor) starts the dealing forms at that
// precision: amending a position or a working order, the deal ticket's buttons and the level a deal was
// accepted at. Plus money at its currency's precision: P&L and the costs of a deal.

import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { marketDecimals } from '../../lib/format';
import type { PositionView, WorkingOrderView } from '../../lib/model';
import { cases, expectLevels, grantDealing, NOW, resetEachTest } from './market-precision-fixture';

vi.mock('../../lib/messages/contract', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  send: (await import('../helpers/scripted-background')).scriptedSend,
}));

import { DealTicket, PositionActions, WorkingOrderActions } from '../../components/dealing';
import { DealOutcomeView } from '../../components/dealing/DealOutcomeView';

resetEachTest();

describe('every market with a precision in the captured replies', () => {
  describe.each(cases)('$epic ($decimals decimals, $source)', (c) => {
    const q = c.quote;
    const d = c.decimals;

    it('amending a position’s stop and limit and a working order’s level: the fields start at it', async () => {
      grantDealing();
      const position = {
        dealId: 'P1',
        instrumentName: 'M',
        size: 1,
        direction: 'BUY',
        level: q.bid ?? 1,
        bid: q.bid,
        offer: q.offer,
        stopLevel: q.low,
        limitLevel: q.high,
      } as PositionView;
      render(<PositionActions position={position} decimals={marketDecimals(q)} />);
      fireEvent.click(await screen.findByRole('button', { name: /^Amend stop and limit of/ }));
      const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
      if (q.low !== null) expectLevels(value('Stop level'), [q.low], d);
      if (q.high !== null) expectLevels(value('Limit level'), [q.high], d);
      cleanup();
      const order = {
        dealId: 'O1',
        instrumentName: 'M',
        size: 1,
        direction: 'BUY',
        orderType: 'LIMIT',
        level: q.low ?? 1,
        stopDistance: null,
        limitDistance: null,
        timeInForce: 'GOOD_TILL_CANCELLED',
        goodTillDate: null,
      } as unknown as WorkingOrderView;
      render(<WorkingOrderActions order={order} decimals={marketDecimals(q)} />);
      fireEvent.click(await screen.findByRole('button', { name: /^Amend / }));
      expectLevels(value('Order level'), [order.level], d);
    });

    it('deal ticket buttons and the level a deal was accepted at', async () => {
      grantDealing();
      render(
        <DealTicket
          epic={c.epic}
          instrumentName="M"
          facts={c.facts}
          bid={q.bid}
          offer={q.offer}
          decimals={marketDecimals(q, c.facts)}
        />,
      );
      const ticket = await screen.findByTestId('deal-ticket');
      const buttons = within(ticket).getByRole('group', { name: 'Direction' }).textContent;
      expectLevels(buttons, [q.offer, q.bid], d);
      cleanup();
      const outcome = { status: 'accepted', dealReference: 'R', dealId: 'D', level: q.offer, size: null } as const;
      render(<DealOutcomeView outcome={outcome} decimals={marketDecimals(q)} />);
      expectLevels(screen.getByTestId('deal-outcome').textContent?.replace(/Deal id.*$/, ''), [q.offer], d);
    });
  });
});

describe('money at its currency’s precision', () => {
  it('P&L: cents for USD, whole yen for JPY', async () => {
    const { moneyText } = await import('../../lib/sidepanel/positions');
    expect(moneyText(9.8, 'USD')).toBe('+9.80 USD');
    expect(moneyText(-1234.4, 'JPY')).toBe('−1,234 JPY');
  });

  it('the costs of a deal', async () => {
    const { CostsQuoteView } = await import('../../components/dealing/CostsQuoteView');
    const quote = (currency: string) => ({
      quoteReference: 'Q',
      currency,
      lines: [{ label: 'Spread', amount: 3.5 }],
      notionalValue: 11540.2,
      receivedAt: NOW,
    });
    const { unmount } = render(<CostsQuoteView quote={quote('GBP')} title="Costs" />);
    expect(screen.getByText('Spread').nextElementSibling?.textContent).toBe('3.50 GBP');
    expect(screen.getByText('Notional value').nextElementSibling?.textContent).toBe('11,540.20 GBP');
    unmount();
    render(<CostsQuoteView quote={quote('JPY')} title="Costs" />);
    expect(screen.getByText('Spread').nextElementSibling?.textContent).toBe('4 JPY');
  });
});
