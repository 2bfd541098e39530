// The background's history handlers: a fresh cached page costs no request; a refresh or a stale entry asks
// again; a malformed reply writes nothing. And the CSV export reads back as numbers and ISO dates.
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { ApiError, MALFORMED_RESPONSE } from '../../lib/api';
import { accountHistoryHandlers } from '../../lib/background/account-history-part';
import type { HandlerContext } from '../../lib/background/handlers';
import { historyCsv } from '../../lib/csv/history-export';
import { linkTrades } from '../../lib/history/link';
import type { HistoryActivity, HistoryTransaction } from '../../lib/history/types';

function fakeCtx(reply: () => unknown) {
  const store = new Map<string, { value: unknown; fetchedAt: number }>();
  let now = 1_000_000;
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
    session: { account: async () => ({ accountId: 'ACC1' }) },
    getClient: async () => client,
    cache: {
      get: async (_s: string, key: string) => store.get(key),
      put: async (_s: string, key: string, value: unknown, fetchedAt: number) =>
        void store.set(key, { value, fetchedAt }),
    },
  } as unknown as HandlerContext;
  return { ctx, calls, store, advance: (ms: number) => (now += ms) };
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
});
