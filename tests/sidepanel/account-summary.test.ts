import { describe, expect, it } from 'vitest';
import type { FundsView } from '../../lib/model';
import { FUNDS_POLL_MS, fundsAge, fundsFigures, fundsPollDelay, nextFunds } from '../../lib/sidepanel/account-summary';
import { LiveLink, type PortLike } from '../../lib/sidepanel/live';

/** Whether the panel's live link hands this message from the background to its views. */
function delivered(message: unknown): boolean {
  let receive: (m: unknown) => void = () => {};
  const port: PortLike = {
    postMessage: () => {},
    onMessage: {
      addListener: (fn) => {
        receive = fn;
      },
    },
    onDisconnect: { addListener: () => {} },
    disconnect: () => {},
  };
  const link = new LiveLink(() => port, { set: () => 0, clear: () => {} });
  link.start();
  const got: unknown[] = [];
  link.subscribe((m) => got.push(m));
  receive(message);
  link.close();
  return got.length === 1;
}

const view = (over: Partial<FundsView['funds']> = {}, streamed = false, fetchedAt = 1_000_000): FundsView => ({
  funds: {
    accountId: 'ACC1',
    currency: 'GBP',
    balance: 10_000,
    margin: 1_234.5,
    profitLoss: -42.1,
    available: 8_723.4,
    equity: 9_957.9,
    ...over,
  },
  fetchedAt,
  streamed,
});

describe('the account summary', () => {
  it('shows balance, profit/loss (signed, up or down), equity, margin and available in the currency', () => {
    expect(fundsFigures(view())).toEqual([
      { label: 'Balance', text: '10,000.00 GBP', trend: 'flat' },
      { label: 'Profit/loss', text: '−42.10 GBP', trend: 'down' },
      { label: 'Equity', text: '9,957.90 GBP', trend: 'flat' },
      { label: 'Margin', text: '1,234.50 GBP', trend: 'flat' },
      { label: 'Available to deal', text: '8,723.40 GBP', trend: 'flat' },
    ]);
    expect(fundsFigures(view({ profitLoss: 5 }))[1]).toEqual({ label: 'Profit/loss', text: '+5.00 GBP', trend: 'up' });
  });

  it('shows a dash for a figure the service cleared, and no currency before it is known', () => {
    const figures = fundsFigures(view({ currency: '', balance: null }));
    expect(figures[0]?.text).toBe('–');
    expect(figures[2]?.text).toBe('9,957.90');
  });

  it('says Live while streamed, otherwise how old the figures are', () => {
    expect(fundsAge(view({}, true), 1_000_000 + 120_000)).toBe('Live');
    expect(fundsAge(view(), 1_000_000 + 42_000)).toBe('Updated 42 s ago');
  });

  it("a pushed update of the same account keeps the currency it does not carry; another account's replaces it", () => {
    const streamed = view({ currency: '', profitLoss: 3 }, true);
    expect(nextFunds(view(), streamed)).toEqual({ ...streamed, funds: { ...streamed.funds, currency: 'GBP' } });
    const other = view({ accountId: 'ACC2', currency: '' }, true);
    expect(nextFunds(view(), other)).toBe(other);
    expect(nextFunds(null, streamed)).toBe(streamed);
  });

  it('does not poll while streamed and live; otherwise reads again FUNDS_POLL_MS after the last read or attempt', () => {
    const t = 1_000_000;
    expect(fundsPollDelay(view({}, true, t), 'live', t, t + 100_000)).toBeNull();
    // Streamed figures but the stream is down now: read at once (they are older than the poll period).
    expect(fundsPollDelay(view({}, true, t), 'reconnecting', t, t + 100_000)).toBe(0);
    expect(fundsPollDelay(view({}, false, t), 'live', t, t + 1_000)).toBe(FUNDS_POLL_MS - 1_000);
    expect(fundsPollDelay(view({}, false, t), 'polling', t, t + 10_000)).toBe(FUNDS_POLL_MS - 10_000);
    // A failed attempt after the last good read waits a full period too (no tight retry loop).
    expect(fundsPollDelay(view({}, false, t), 'polling', t + 60_000, t + 61_000)).toBe(FUNDS_POLL_MS - 1_000);
    expect(fundsPollDelay(null, undefined, t, t + 5_000)).toBe(FUNDS_POLL_MS - 5_000);
  });
});

describe('the funds message on the live channel', () => {
  it('is accepted with finite figures or nulls, refused with anything else', () => {
    expect(delivered({ kind: 'funds', funds: view() })).toBe(true);
    expect(delivered({ kind: 'funds', funds: view({ balance: null }) })).toBe(true);
    expect(delivered({ kind: 'funds', funds: view({ profitLoss: Number.NaN }) })).toBe(false);
    expect(delivered({ kind: 'funds', funds: view({ equity: Number.POSITIVE_INFINITY }) })).toBe(false);
    expect(delivered({ kind: 'funds', funds: view({ margin: '12' as unknown as number }) })).toBe(false);
    expect(delivered({ kind: 'funds', funds: view({ currency: '<b>' }) })).toBe(false);
    expect(delivered({ kind: 'funds', funds: { ...view(), streamed: 'yes' } })).toBe(false);
    expect(delivered({ kind: 'funds' })).toBe(false);
  });
});
