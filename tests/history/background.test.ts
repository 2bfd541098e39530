// The background's history handlers: a fresh cached page costs no request; a refresh or a stale entry asks
// again; a malformed reply writes nothing. And the CSV export reads back as numbers and ISO dates.
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { ApiError, MALFORMED_RESPONSE } from '../../lib/api';
import { accountHistoryHandlers } from '../../lib/background/account/account-history';
import type { HandlerContext } from '../../lib/background/handlers/table';
import { historyCsv } from '../../lib/csv/history-export';
import { HistoryChangeWatch, historyChangedKey, markingHistory } from '../../lib/history/changes';
import { linkTrades } from '../../lib/history/link';
import type { HistoryActivity, HistoryTransaction } from '../../lib/history/types';

function fakeCtx(reply: () => unknown, live: { since: number | null } = { since: null }) {
  const store = new Map<string, { value: unknown; fetchedAt: number }>();
  let now = 1_000_000;
  let accountId = 'ACC1';
  const calls: string[] = [];
  const client = {
    history: {
      activity: async (q: unknown) => {
        calls.push(`activity ${JSON.stringify(q)}`);
        return reply();
      },
      transactions: async (q: unknown) => {
        calls.push(`transactions ${JSON.stringify(q)}`);
        return reply();
      },
    },
  };
  const ctx = {
    now: () => now,
    session: { account: async () => ({ accountId }) },
    historyLiveSince: () => live.since,
    getClient: async () => client,
    cache: {
      get: async (_s: string, key: string) => store.get(key),
      put: async (_s: string, key: string, value: unknown, fetchedAt: number) =>
        void store.set(key, { value, fetchedAt }),
    },
  } as unknown as HandlerContext;
  return {
    ctx,
    calls,
    store,
    advance: (ms: number) => (now += ms),
    now: () => now,
    switchTo: (id: string) => (accountId = id),
    // What the background's stamp does (create-background.ts): history changed now.
    changed: (id: string) => void store.set(historyChangedKey(id), { value: now, fetchedAt: now }),
  };
}

const period = { from: Date.UTC(2026, 10, 1), to: Date.UTC(2026, 10, 8) - 1000 };
const activityReply = {
  activities: [],
  next: { from: '2026-11-01T00:00:00', to: '2026-11-03T00:00:00', pageSize: 50 },
};

describe('history through the cache', () => {
  it('serves a reopened period from the cache with no request, and asks again on refresh or when stale', async () => {
    const { ctx, calls, advance } = fakeCtx(() => activityReply);
    const ask = (refresh?: boolean) =>
      accountHistoryHandlers['accountHistory.activity']({ ...period, page: 0, refresh }, ctx);
    expect((await ask()).hasMore).toBe(true);
    await ask();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toContain('"from":"2026-11-01T00:00:00"');
    await ask(true);
    expect(calls).toHaveLength(2);
    advance(5 * 60_000);
    await ask();
    expect(calls).toHaveLength(3);
  });

  it("follows IG's next link for the following page, and never invents one", async () => {
    const { ctx, calls } = fakeCtx(() => ({ ...activityReply, next: null }));
    expect(await accountHistoryHandlers['accountHistory.activity']({ ...period, page: 1 }, ctx)).toMatchObject({
      activities: [],
      hasMore: false,
    });
    expect(calls).toHaveLength(0);
    await accountHistoryHandlers['accountHistory.activity']({ ...period, page: 0 }, ctx);
    await accountHistoryHandlers['accountHistory.activity']({ ...period, page: 1 }, ctx);
    expect(calls).toHaveLength(1);
  });

  it('writes nothing when the reply is malformed', async () => {
    const { ctx, store } = fakeCtx(() => {
      throw new ApiError('Malformed response to history.transactions', { errorCode: MALFORMED_RESPONSE });
    });
    await expect(accountHistoryHandlers['accountHistory.transactions'](period, ctx)).rejects.toThrow(/Malformed/);
    expect(store.size).toBe(0);
  });
});

describe('history stays cached until it changes', () => {
  const HOUR = 3_600_000;
  const open = (ctx: HandlerContext) =>
    Promise.all([
      accountHistoryHandlers['accountHistory.activity']({ ...period, page: 0 }, ctx),
      accountHistoryHandlers['accountHistory.transactions'](period, ctx),
    ]);

  it('while the stream is live, reopening hours later costs no request; a change of history asks again', async () => {
    const live = { since: 500_000 };
    const f = fakeCtx(() => ({ ...activityReply, transactions: [] }), live);
    await open(f.ctx);
    expect(f.calls).toHaveLength(2);
    f.advance(3 * HOUR);
    await open(f.ctx);
    expect(f.calls).toHaveLength(2);
    f.advance(1);
    f.changed('ACC1');
    f.advance(1);
    await open(f.ctx);
    expect(f.calls).toHaveLength(4);
    await open(f.ctx);
    expect(f.calls).toHaveLength(4);
  });

  it("another account's change leaves this one cached; a switch never shows the other account's history", async () => {
    const f = fakeCtx(() => ({ ...activityReply, transactions: [] }), { since: 500_000 });
    await open(f.ctx);
    f.advance(1);
    f.changed('ACC2');
    await open(f.ctx);
    expect(f.calls).toHaveLength(2);
    f.switchTo('ACC2');
    await open(f.ctx);
    expect(f.calls).toHaveLength(4);
  });

  it('an entry fetched before the stream went live, or while it is down, expires after 5 minutes', async () => {
    const live: { since: number | null } = { since: null };
    const f = fakeCtx(() => ({ ...activityReply, transactions: [] }), live);
    await open(f.ctx);
    f.advance(60_000);
    live.since = f.now();
    await open(f.ctx);
    expect(f.calls).toHaveLength(2);
    f.advance(4 * 60_000);
    await open(f.ctx);
    expect(f.calls).toHaveLength(4);
    // Fetched while live: kept past the 5 minutes.
    f.advance(10 * 60_000);
    await open(f.ctx);
    expect(f.calls).toHaveLength(4);
    live.since = null;
    await open(f.ctx);
    expect(f.calls).toHaveLength(6);
  });

  it('TRADE updates and a moving balance stamp the account; other fields and a first balance do not', () => {
    const stamped: string[] = [];
    const watch = new HistoryChangeWatch((id) => stamped.push(id));
    watch.trade('TRADE:ACC1', { OPU: '{"dealId":"D1"}' });
    watch.trade('TRADE:ACC1', { CONFIRMS: '{"dealReference":"R"}' });
    watch.trade('TRADE:ACC2', { WOU: '{"dealId":"W1"}' });
    watch.trade('TRADE:ACC1', { OPU: null });
    expect(stamped).toEqual(['ACC1', 'ACC1', 'ACC2']);
    stamped.length = 0;
    watch.account('ACCOUNT:ACC1', { FUNDS: '10000', PNL: '5' });
    watch.account('ACCOUNT:ACC1', { PNL: '7', EQUITY: '10007' });
    watch.account('ACCOUNT:ACC1', { FUNDS: '10000' });
    expect(stamped).toEqual([]);
    watch.account('ACCOUNT:ACC1', { FUNDS: '10500' });
    expect(stamped).toEqual(['ACC1']);
    watch.reset();
    watch.account('ACCOUNT:ACC1', { FUNDS: '11000' });
    expect(stamped).toEqual(['ACC1']);
  });

  it('a deal, amend, close or order change through the extension stamps once it settled, even rejected', async () => {
    let stamps = 0;
    const order: string[] = [];
    const reject = async () => {
      order.push('deal');
      throw new Error('REJECTED');
    };
    const ok = async () => {
      order.push('read');
      return [];
    };
    const handlers = markingHistory(
      { 'positions.close': reject, 'positions.list': ok } as unknown as Record<string, () => Promise<unknown>>,
      async () => {
        stamps++;
        order.push('stamp');
      },
    );
    await expect((handlers['positions.close'] as () => Promise<unknown>)()).rejects.toThrow('REJECTED');
    await (handlers['positions.list'] as () => Promise<unknown>)();
    expect(stamps).toBe(1);
    expect(order).toEqual(['deal', 'stamp', 'read']);
  });
});

describe('CSV export', () => {
  it('round-trips: ISO dates, plain numbers (negative ones too), the linked deals', () => {
    const t: HistoryTransaction = {
      at: '2026-11-18T15:10:00.000Z',
      openedAt: '2026-11-18T15:00:00.000Z',
      instrumentName: '=HYPERLINK("x")',
      period: '-',
      type: 'DEAL',
      reference: 'R1',
      openLevel: 8000.5,
      closeLevel: 7990.25,
      size: '-1.5',
      pnl: { value: '-1234.50', symbol: 'E' },
      currency: 'E',
      cash: false,
    };
    const close: HistoryActivity = {
      at: '2026-11-18T15:10:00.000Z',
      dealId: 'DIAAAACLOSE0001',
      epic: 'X',
      marketName: null,
      period: '-',
      channel: 'WEB',
      type: 'POSITION',
      status: 'ACCEPTED',
      description: '',
      dealReference: null,
      direction: 'BUY',
      size: '1.5',
      level: 7990.25,
      stopLevel: null,
      limitLevel: null,
      currency: null,
      actions: [{ type: 'POSITION_CLOSED', dealId: 'DIAAAAAOPEN0001' }],
    };
    const csv = historyCsv([t], linkTrades([t], [close]));
    const parsed = Papa.parse<Record<string, string>>(csv, { header: true, dynamicTyping: true }).data[0];
    expect(parsed).toMatchObject({
      date: new Date('2026-11-18T15:10:00.000Z'),
      market: `'=HYPERLINK("x")`,
      size: -1.5,
      open_level: 8000.5,
      close_level: 7990.25,
      pnl: -1234.5,
      currency: 'E',
      opened: new Date('2026-11-18T15:00:00.000Z'),
      open_deal_id: 'DIAAAAAOPEN0001',
      close_deal_id: 'DIAAAACLOSE0001',
      link: 'linked',
    });
  });

  it('writes each level with every digit IG gave it, dot decimal and plain; a record cached before keeps its own', () => {
    const base: HistoryTransaction = {
      at: '2026-11-18T15:10:00.000Z',
      openedAt: null,
      instrumentName: 'EUR/USD',
      period: '-',
      type: 'DEAL',
      reference: 'R1',
      openLevel: 1.154,
      closeLevel: 1.15402,
      openDecimals: 5,
      closeDecimals: 5,
      size: '1',
      pnl: null,
      currency: 'E',
      cash: false,
    };
    const oil = { ...base, reference: 'R2', openLevel: 12345.5, openDecimals: 2, closeLevel: -37.63, closeDecimals: 3 };
    // As the version before wrote it to IndexedDB: no decimals beside the levels.
    const { openDecimals: _o, closeDecimals: _c, ...cached } = base;
    const odd = { ...cached, reference: 'R3', openDecimals: 400, closeDecimals: 2.5 };
    const csv = historyCsv([base, oil, cached, odd], new Map());
    const rows = Papa.parse<Record<string, string>>(csv, { header: true }).data;
    expect(rows.map((r) => [r.open_level, r.close_level])).toEqual([
      ['1.15400', '1.15402'],
      ['12345.50', '-37.630'],
      ['1.154', '1.15402'],
      ['1.154', '1.15402'],
    ]);
  });
});
