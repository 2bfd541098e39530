// @vitest-environment happy-dom
// The History view against a scripted background: the period's summary, round trips linked or "not
// linked", filters, paging of the activity, a market's history from its detail.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { set } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cacheStore } from '../../lib/cache/stores';
import { setFormatLocale } from '../../lib/format';
import { activityKey, transactionsKey } from '../../lib/history/keys';
import type { HistoryActivity, HistoryTransaction } from '../../lib/history/types';
import { defaultPrefs } from '../../lib/settings/registry';
import { periodRange } from '../../lib/sidepanel/account-history';
import { background } from '../helpers/scripted-background';

vi.mock('../../lib/messages/contract', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  send: (await import('../helpers/scripted-background')).scriptedSend,
}));

import { AccountHistoryView } from '../../components/sidepanel/AccountHistoryView';
import { PanelContext, type PanelEnv } from '../../components/sidepanel/context';

const act = (over: Partial<HistoryActivity>): HistoryActivity => ({
  at: '2026-11-18T15:00:00.000Z',
  dealId: null,
  epic: 'IX.D.FTSE.DAILY.IP',
  marketName: 'FTSE 100',
  period: '-',
  channel: 'PUBLIC_WEB_API',
  type: 'POSITION',
  status: 'ACCEPTED',
  description: '',
  dealReference: null,
  direction: 'BUY',
  size: '1',
  level: null,
  stopLevel: null,
  limitLevel: null,
  currency: 'GBP',
  actions: [],
  ...over,
});
const tx = (over: Partial<HistoryTransaction>): HistoryTransaction => ({
  at: '2026-11-18T15:10:00.000Z',
  openedAt: '2026-11-18T15:00:00.000Z',
  instrumentName: 'FTSE 100',
  period: '-',
  type: 'DEAL',
  reference: 'R1',
  openLevel: 8000,
  closeLevel: 8010,
  size: '1',
  pnl: { value: '10.00', symbol: 'E' },
  currency: 'E',
  cash: false,
  ...over,
});

const activities = [
  act({
    at: '2026-11-18T15:10:00.000Z',
    dealId: 'DIAAAACLOSE0001',
    description: 'Position/s closed: OPEN0001',
    level: 8010,
    actions: [{ type: 'POSITION_CLOSED', dealId: 'DIAAAAAOPEN0001' }],
  }),
  act({
    dealId: 'DIAAAAAOPEN0001',
    description: 'Position opened: OPEN0001',
    level: 8000,
    actions: [{ type: 'POSITION_OPENED', dealId: 'DIAAAAAOPEN0001' }],
  }),
];
const transactions = [
  tx({}),
  tx({
    reference: 'R2',
    instrumentName: 'Gold',
    openLevel: 2000,
    closeLevel: 1990,
    pnl: { value: '-2.70', symbol: 'E' },
  }),
  tx({ reference: 'D', type: 'DEPO', instrumentName: 'Bank Deposit', pnl: { value: '10000.00', symbol: 'E' } }),
];
const older = act({ at: '2026-11-17T09:00:00.000Z', type: 'WORKING_ORDER', description: 'Working order deleted: X' });

function renderView(epic?: string, accountId: string | null = null) {
  const env: PanelEnv = {
    status: null,
    prefs: defaultPrefs,
    updatePrefs: () => {},
    live: null as never,
    navigate: () => {},
    openSettings: () => {},
    dealing: null,
    theme: 'light',
  };
  return render(
    <PanelContext.Provider value={env}>
      <AccountHistoryView epic={epic} accountId={accountId} />
    </PanelContext.Provider>,
  );
}

beforeEach(() => {
  background.calls = [];
  background.handlers = {
    'accountHistory.transactions': () => ({ ok: true, data: { transactions, fetchedAt: 1 } }),
    'accountHistory.activity': (req) =>
      (req as { page: number }).page === 0
        ? { ok: true, data: { activities, hasMore: true, fetchedAt: 1 } }
        : { ok: true, data: { activities: [older], hasMore: false, fetchedAt: 1 } },
  };
});
afterEach(cleanup);

describe('History view', () => {
  it("keeps its first screen with rows of a known account for the next opening's early script, never an unknown one's", async () => {
    const { fakeBrowser } = await import('wxt/testing/fake-browser');
    const { resetKept } = await import('../../lib/early-screen/kept');
    fakeBrowser.reset();
    resetKept();
    const app = document.createElement('div');
    app.id = 'app';
    document.body.append(app);
    renderView(undefined, null);
    await waitFor(() => expect(screen.getAllByTestId('history-transaction')).toHaveLength(3));
    expect(
      (await fakeBrowser.storage.session.get('sidepanelScreen.history'))['sidepanelScreen.history'],
    ).toBeUndefined();
    cleanup();
    resetKept();
    const { container } = render(
      <PanelContext.Provider value={{ status: null, prefs: defaultPrefs } as unknown as PanelEnv}>
        <AccountHistoryView accountId="ACC1" />
      </PanelContext.Provider>,
      { container: app },
    );
    await waitFor(() => expect(container.querySelectorAll('[data-testid="history-transaction"]')).toHaveLength(3));
    const kept = (await fakeBrowser.storage.session.get('sidepanelScreen.history'))['sidepanelScreen.history'] as {
      key: string;
      html: string;
    };
    expect(kept.key).toBe('history:week:');
    expect(kept.html).toContain('data-testid="history-transaction"');
    app.remove();
  });

  it("sums the period's trades exactly and shows each round trip, or says it is not linked", async () => {
    renderView();
    await waitFor(() => expect(screen.getByTestId('history-realised').textContent).toMatch(/7\.30/));
    expect(screen.getByTestId('history-trades').textContent).toBe('2');
    const rows = screen.getAllByTestId('history-transaction');
    expect(within(rows[0] as HTMLElement).getByTestId('history-linked').textContent).toBe(
      'DIAAAAAOPEN0001 → DIAAAACLOSE0001',
    );
    expect(within(rows[1] as HTMLElement).getByTestId('history-not-linked').textContent).toBe('not linked');
    expect(within(rows[2] as HTMLElement).queryByTestId('history-linked')).toBeNull();
  });

  it('asks for the week by default, and for today when chosen', async () => {
    renderView();
    await waitFor(() => expect(background.calls.length).toBe(2));
    const week = background.calls[0]?.[1] as { from: number; to: number };
    expect(Math.round((week.to - week.from) / 86_400_000)).toBe(7);
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() => expect(background.calls.length).toBe(4));
    const today = background.calls[2]?.[1] as { from: number; to: number };
    expect(Math.round((today.to - today.from) / 86_400_000)).toBe(1);
  });

  it('filters by market and type, and pages the activity on demand', async () => {
    renderView();
    await screen.findByTestId('history-summary');
    fireEvent.change(screen.getByLabelText('Market'), { target: { value: 'Gold' } });
    expect(screen.getAllByTestId('history-transaction')).toHaveLength(1);
    expect(screen.getByTestId('history-realised').textContent).toMatch(/-2\.70/);
    fireEvent.change(screen.getByLabelText('Market'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'DEPO' } });
    expect(screen.getAllByTestId('history-transaction')).toHaveLength(1);
    expect(screen.getByTestId('history-trades').textContent).toBe('0');
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('tab', { name: 'Activity' }));
    expect(screen.getAllByTestId('history-activity-row')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'More' }));
    await waitFor(() => expect(screen.getAllByTestId('history-activity-row')).toHaveLength(3));
    expect(background.calls.at(-1)).toEqual(['accountHistory.activity', expect.objectContaining({ page: 1 })]);
    expect(screen.queryByRole('button', { name: 'More' })).toBeNull();
  });

  it("opens a market's history from its epic: the market filter is that market's name", async () => {
    renderView('IX.D.FTSE.DAILY.IP');
    await waitFor(() => expect((screen.getByLabelText('Market') as HTMLSelectElement).value).toBe('FTSE 100'));
    expect(screen.getAllByTestId('history-transaction')).toHaveLength(1);
  });

  it('shows an error from the background with a retry, and no rows', async () => {
    background.handlers['accountHistory.transactions'] = () => ({
      ok: false,
      error: { kind: 'malformed', message: 'Malformed response to history.transactions' } as never,
    });
    renderView();
    await screen.findByText(/Malformed response to history.transactions/);
    expect(screen.queryByTestId('history-transaction')).toBeNull();
  });

  it('prints each level in the page’s language to every digit IG gave, a cash row with none', async () => {
    const fx = tx({ instrumentName: 'EUR/USD', openLevel: 1.28935, closeLevel: 1.2887 });
    const index = tx({ reference: 'R3', openLevel: 8000, closeLevel: 8010.5 });
    const cash = tx({ reference: 'D', type: 'DEPO', openLevel: null, closeLevel: 0 });
    background.handlers['accountHistory.transactions'] = () => ({
      ok: true,
      data: { transactions: [fx, index, cash], fetchedAt: 1 },
    });
    const cells = (row: Element) => [...row.querySelectorAll('td.num')].slice(1, 3).map((td) => td.textContent);
    for (const [locale, shown] of [
      [
        'en-GB',
        [
          ['1.28935', '1.2887'],
          ['8,000', '8,010.5'],
          ['', ''],
        ],
      ],
      [
        'de-DE',
        [
          ['1,28935', '1,2887'],
          ['8.000', '8.010,5'],
          ['', ''],
        ],
      ],
    ] as const) {
      setFormatLocale(locale);
      renderView();
      await waitFor(() => expect(screen.getAllByTestId('history-transaction')).toHaveLength(3));
      expect(screen.getAllByTestId('history-transaction').map(cells), locale).toEqual(shown);
      cleanup();
    }
    setFormatLocale(undefined);
  });

  it('prints a level with the trailing zeros IG gave it (1.15400), in the page’s language', async () => {
    const fx = tx({
      instrumentName: 'EUR/USD',
      openLevel: 1.154,
      openDecimals: 5,
      closeLevel: 1.15402,
      closeDecimals: 5,
    });
    const index = tx({ reference: 'R3', openLevel: 8000, openDecimals: 1, closeLevel: 8010.5, closeDecimals: 2 });
    background.handlers['accountHistory.transactions'] = () => ({
      ok: true,
      data: { transactions: [fx, index], fetchedAt: 1 },
    });
    const cells = (row: Element) => [...row.querySelectorAll('td.num')].slice(1, 3).map((td) => td.textContent);
    for (const [locale, shown] of [
      [
        'en-GB',
        [
          ['1.15400', '1.15402'],
          ['8,000.0', '8,010.50'],
        ],
      ],
      [
        'de-DE',
        [
          ['1,15400', '1,15402'],
          ['8.000,0', '8.010,50'],
        ],
      ],
    ] as const) {
      setFormatLocale(locale);
      renderView();
      await waitFor(() => expect(screen.getAllByTestId('history-transaction')).toHaveLength(2));
      expect(screen.getAllByTestId('history-transaction').map(cells), locale).toEqual(shown);
      cleanup();
    }
    setFormatLocale(undefined);
  });

  it('paints records cached before the digits were kept, at their own digits, without a crash', async () => {
    const range = periodRange({ kind: 'week' }, new Date())!;
    const store = cacheStore('account-history');
    const at = Date.now();
    // As the version before wrote them to IndexedDB (no decimals beside the levels), and one whose count no
    // formatter takes.
    const {
      openDecimals: _o,
      closeDecimals: _c,
      ...old
    } = tx({ instrumentName: 'EUR/USD', openLevel: 1.154, closeLevel: 1.15402 });
    const odd = {
      ...tx({ reference: 'R9', openLevel: 8000, closeLevel: 8010.5 }),
      openDecimals: 400,
      closeDecimals: -1,
    };
    await set(transactionsKey('ACC1', range.from, range.to), { value: [old, odd], fetchedAt: at, lastUsed: at }, store);
    await set(
      activityKey('ACC1', range.from, range.to, 0),
      { value: { activities: [], next: null }, fetchedAt: at, lastUsed: at },
      store,
    );
    // The background has not answered: what shows is read from the cache.
    background.handlers['accountHistory.transactions'] = () => new Promise(() => {}) as never;
    background.handlers['accountHistory.activity'] = () => new Promise(() => {}) as never;
    setFormatLocale('en-GB');
    renderView(undefined, 'ACC1');
    await waitFor(() => expect(screen.getAllByTestId('history-transaction')).toHaveLength(2));
    const cells = (row: Element) => [...row.querySelectorAll('td.num')].slice(1, 3).map((td) => td.textContent);
    expect(screen.getAllByTestId('history-transaction').map(cells)).toEqual([
      ['1.154', '1.15402'],
      ['8,000', '8,010.5'],
    ]);
    setFormatLocale(undefined);
  });
});
