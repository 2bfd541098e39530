// @vitest-environment happy-dom
// The account summary against a scripted background: polled every 30 s while the stream does not carry
// the funds, moved by the live channel's pushes (and not polled) while it does.
import { act, cleanup, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StatusView } from '../../lib/messages/contract';
import type { FundsView } from '../../lib/model';
import { defaultPrefs } from '../../lib/settings/registry';
import { FUNDS_POLL_MS } from '../../lib/sidepanel/account-summary';
import { LiveLink } from '../../lib/sidepanel/live';
import { background } from '../helpers/scripted-background';

vi.mock('../../lib/messages/contract', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  send: (await import('../helpers/scripted-background')).scriptedSend,
}));

import { DEALT_EVENT } from '../../components/dealing/dealingState';
import { AccountSummary } from '../../components/sidepanel/AccountSummary';
import { PanelContext, type PanelEnv } from '../../components/sidepanel/context';

const funds = (profitLoss: number, streamed: boolean, currency = 'GBP', accountId = 'ACC1'): FundsView => ({
  funds: {
    accountId,
    currency,
    balance: 1_000,
    margin: 50,
    profitLoss,
    available: 950,
    equity: 1_000 + profitLoss,
  },
  fetchedAt: Date.now(),
  streamed,
});

function renderSummary(mode: StatusView['stream']['mode'], dealing: PanelEnv['dealing'] = null) {
  let push: (m: unknown) => void = () => {};
  const live = new LiveLink(() => ({
    postMessage() {},
    onMessage: {
      addListener(fn) {
        push = fn;
      },
    },
    onDisconnect: { addListener() {} },
    disconnect() {},
  }));
  live.start();
  const envFor = (accountId: string): PanelEnv => ({
    status: {
      stream: { mode, reason: null, savedPerMinute: 0 },
      account: { accountId, accountName: `Name of ${accountId}`, accountType: 'CFD', preferred: false },
    } as StatusView,
    prefs: defaultPrefs,
    updatePrefs: () => {},
    live,
    navigate: () => {},
    openSettings: () => {},
    dealing,
    theme: 'light',
  });
  const tree = (accountId: string) => (
    <PanelContext.Provider value={envFor(accountId)}>
      <AccountSummary />
    </PanelContext.Provider>
  );
  const { rerender } = render(tree('ACC1'));
  return {
    push: (m: unknown) => act(() => push(m)),
    /** The status names another account (a switch), the summary staying mounted. */
    switchTo: (accountId: string) => act(() => rerender(tree(accountId))),
  };
}

/** Moves the clock on, letting the summary's reads and renders settle. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

const reads = () => background.calls.filter(([name]) => name === 'account.funds').length;
const text = (id: string) => screen.getByTestId(id).textContent;

beforeEach(() => {
  vi.useFakeTimers();
  background.calls = [];
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the account summary in the positions view', () => {
  it('not streaming: reads on opening, shows the age, and reads again every 30 s', async () => {
    let pnl = -5;
    background.handlers = { 'account.funds': () => ({ ok: true, data: funds(pnl, false) }) };
    renderSummary('polling');
    await advance(0);
    expect(text('funds-Profit/loss')).toBe('−5.00 GBP');
    expect(text('funds-age')).toBe('Updated just now');
    expect(reads()).toBe(1);
    await advance(20_000);
    expect(text('funds-age')).toBe('Updated 20 s ago');
    expect(reads()).toBe(1);
    pnl = 7;
    await advance(FUNDS_POLL_MS - 20_000 + 10);
    expect(reads()).toBe(2);
    expect(text('funds-Profit/loss')).toBe('+7.00 GBP');
    for (let i = 0; i < 3; i++) await advance(FUNDS_POLL_MS);
    expect(reads()).toBe(5);
  });

  it('streaming: pushes move the figures, keep the currency, and nothing is polled', async () => {
    background.handlers = { 'account.funds': () => ({ ok: true, data: funds(-5, false) }) };
    const page = renderSummary('live');
    await advance(0);
    page.push({ kind: 'funds', funds: funds(12.5, true, '') });
    expect(text('funds-Profit/loss')).toBe('+12.50 GBP');
    expect(text('funds-age')).toBe('Live');
    // A push the contract refuses (NaN) changes nothing on screen.
    page.push({ kind: 'funds', funds: funds(Number.NaN, true) });
    expect(text('funds-Profit/loss')).toBe('+12.50 GBP');
    await advance(5 * FUNDS_POLL_MS);
    expect(reads()).toBe(1);
  });

  it('a failed read says so and is tried again a period later, not in a loop', async () => {
    background.handlers = { 'account.funds': () => ({ ok: false, error: { kind: 'offline', message: 'No network' } }) };
    renderSummary('polling');
    await advance(0);
    expect(screen.getByRole('status').textContent).toBe('Account funds unavailable: No network');
    await advance(FUNDS_POLL_MS - 1_000);
    expect(reads()).toBe(1);
    await advance(2_000);
    expect(reads()).toBe(2);
  });

  it('a deal finished in the panel reads the figures again at once (while streamed too)', async () => {
    let pnl = -5;
    background.handlers = { 'account.funds': () => ({ ok: true, data: funds(pnl, false) }) };
    renderSummary('live', { DEALT_EVENT } as NonNullable<PanelEnv['dealing']>);
    await advance(0);
    expect(reads()).toBe(1);
    pnl = 20;
    await act(async () => {
      window.dispatchEvent(new CustomEvent(DEALT_EVENT));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(reads()).toBe(2);
    expect(text('funds-Profit/loss')).toBe('+20.00 GBP');
  });

  it("another account's figures never show under this account's name", async () => {
    background.handlers = { 'account.funds': () => ({ ok: true, data: funds(-5, false) }) };
    const page = renderSummary('live');
    await advance(0);
    expect(text('funds-Profit/loss')).toBe('−5.00 GBP');
    // The header now names ACC2: what the summary held of ACC1 is gone in the same render.
    page.switchTo('ACC2');
    expect(screen.queryByTestId('account-summary')).toBeNull();
    // A late push of the old account is not shown either; the new account's figures are.
    page.push({ kind: 'funds', funds: funds(99, true, 'GBP', 'ACC1') });
    expect(screen.queryByTestId('account-summary')).toBeNull();
    page.push({ kind: 'funds', funds: funds(3, true, 'USD', 'ACC2') });
    expect(text('funds-Profit/loss')).toBe('+3.00 USD');
  });
});
