// IG's history rows through the client: captured replies parsed and normalised, queries checked before
// anything is sent, IG's paging link followed on the same host only, malformed replies refused whole.
import { describe, expect, it } from 'vitest';
import { ApiError, MALFORMED_RESPONSE, ValidationError } from '../../lib/api';
import { type FixtureReply, fixtureClient, loadFixture } from '../helpers/api-fixtures';

const clientFor = (reply: (url: string) => FixtureReply) => fixtureClient((call) => reply(call.url));
const json = (body: unknown): FixtureReply => ({ status: 200, headers: {}, text: JSON.stringify(body) });

describe("IG's captured history replies", () => {
  it('reads the v3 activity: the closing deal, the deal it closed, levels and the request on the wire', async () => {
    const { client, calls } = clientFor(() => loadFixture('finance-ig/API/history/activity/GET_3.json'));
    const page = await client.history.activity({ from: '2018-05-18', to: '2018-05-19', detailed: true, pageSize: 10 });
    expect(page.next).toBeNull();
    expect(page.activities).toEqual([
      {
        at: '2018-05-18T13:19:02.000Z',
        dealId: 'DIAAAACQTW7MPAZ',
        epic: 'CS.D.USDCAD.MINI.IP',
        marketName: 'USD/CAD Mini',
        period: '-',
        channel: 'WEB',
        type: 'POSITION',
        status: 'ACCEPTED',
        description: 'Guaranteed Position/s closed: QTWLLTAW',
        dealReference: 'JBE0C1CDSPE7X7',
        direction: 'SELL',
        size: '2',
        level: 1.28935,
        stopLevel: 1.2712,
        limitLevel: 1.2941,
        currency: 'CAD',
        actions: [{ type: 'POSITION_CLOSED', dealId: 'DIAAAACQTWLLTAW' }],
      },
    ]);
    const url = new URL(calls[0]?.url ?? '');
    expect(url.pathname).toBe('/gateway/deal/history/activity');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      from: '2018-05-18',
      to: '2018-05-19',
      detailed: 'true',
      pageSize: '10',
    });
    expect(calls[0]?.headers.Version).toBe('3');
  });

  it('reads the v2 transactions: "E10,000.00" is an exact 10000.00 in E, with the page data', async () => {
    const { client, calls } = clientFor(() => loadFixture('finance-ig/API/history/transactions/GET_2.json'));
    const page = await client.history.transactions({ type: 'DEPOSIT', from: new Date(Date.UTC(2018, 4, 1)) });
    expect(page).toMatchObject({ pageNumber: 1, pageSize: 20, totalPages: 1 });
    expect(page.transactions[0]).toEqual({
      at: '2018-05-09T15:14:14.000Z',
      openedAt: '2018-05-09T15:14:14.000Z',
      instrumentName: 'Bank Deposit',
      period: '-',
      type: 'DEPO',
      reference: '45041118',
      openLevel: null,
      closeLevel: 0,
      closeDecimals: 0,
      size: null,
      pnl: { value: '10000.00', symbol: 'E' },
      currency: 'E',
      cash: false,
    });
    expect(calls[0]?.headers.Version).toBe('2');
    expect(Object.fromEntries(new URL(calls[0]?.url ?? '').searchParams)).toEqual({
      type: 'DEPOSIT',
      from: '2018-05-01T00:00:00',
    });
  });

  it('keeps the digits IG wrote a level with: "1.15400" is 1.154 to 5 decimals, a number or "-" has none kept', async () => {
    const row = {
      date: '2026-11-18',
      dateUtc: '2026-11-18T15:10:00',
      openDateUtc: '2026-11-18T15:00:00',
      instrumentName: 'EUR/USD Mini',
      period: '-',
      profitAndLoss: 'E2.00',
      transactionType: 'DEAL',
      reference: 'R1',
      size: '+1',
      currency: 'E',
      cashTransaction: false,
    };
    const { client } = clientFor(() =>
      json({
        transactions: [
          { ...row, openLevel: '1.15400', closeLevel: '1.15402' },
          { ...row, reference: 'R2', openLevel: '8000.0', closeLevel: '8,010.50' },
          { ...row, reference: 'R3', openLevel: 17000.0, closeLevel: '-' },
        ],
        metadata: { size: 3, pageData: { pageSize: 20, pageNumber: 1, totalPages: 1 } },
      }),
    );
    const [fx, index, plain] = (await client.history.transactions()).transactions;
    expect(fx).toMatchObject({ openLevel: 1.154, openDecimals: 5, closeLevel: 1.15402, closeDecimals: 5 });
    expect(index).toMatchObject({ openLevel: 8000, openDecimals: 1, closeLevel: 8010.5, closeDecimals: 2 });
    expect(plain).toMatchObject({ openLevel: 17000, closeLevel: null });
    expect(plain).not.toHaveProperty('openDecimals');
    expect(plain).not.toHaveProperty('closeDecimals');
  });

  it('reads the older day-first shape (trading-ig activities_v1) through the same call', async () => {
    const { client } = clientFor(() => loadFixture('trading-ig/activities_v1.json'));
    const page = await client.history.activity();
    expect(page.activities.length).toBeGreaterThan(2);
    expect(page.activities[0]).toMatchObject({
      at: '2020-01-01T12:00:00.000Z',
      dealId: 'ABCD12345X',
      marketName: 'US 500',
      status: 'ACCEPTED',
      description: 'Position opened: HGF113',
      direction: 'BUY',
      size: '0.60',
      level: 4456.2,
    });
  });
});

describe('paging by metadata.paging.next', () => {
  it("follows IG's link with its query, on the configured host only", async () => {
    const next =
      'https://evil.example/history/activity?version=3&from=2024-01-01T00:00:00&to=2024-01-31T00:00:00&pageSize=50&detailed=false';
    let n = 0;
    const { client, calls } = clientFor(() =>
      json({ activities: [], metadata: { paging: { size: 50, next: n++ === 0 ? next : null } } }),
    );
    const first = await client.history.activity({ pageSize: 50 });
    expect(first.next).toEqual({
      from: '2024-01-01T00:00:00',
      to: '2024-01-31T00:00:00',
      pageSize: 50,
      detailed: false,
    });
    const second = await client.history.activity(first.next ?? {});
    expect(second.next).toBeNull();
    expect(calls.map((c) => new URL(c.url).host)).toEqual(['demo-api.ig.com', 'demo-api.ig.com']);
    expect(new URL(calls[1]?.url ?? '').searchParams.get('from')).toBe('2024-01-01T00:00:00');
  });

  it('treats a link to another endpoint as the last page', async () => {
    const { client } = clientFor(() => json({ activities: [], metadata: { paging: { next: '/positions?x=1' } } }));
    expect((await client.history.activity()).next).toBeNull();
  });
});

describe('bad input sends nothing', () => {
  const cases: [string, (c: ReturnType<typeof clientFor>['client']) => Promise<unknown>, string][] = [
    ['pageSize below 10', (c) => c.history.activity({ pageSize: 9 }), 'pageSize'],
    ['pageSize above 500', (c) => c.history.activity({ pageSize: 501 }), 'pageSize'],
    ['a date in another form', (c) => c.history.activity({ from: '18/05/2018' }), 'from'],
    ['the end before the start', (c) => c.history.activity({ from: '2024-02-01', to: '2024-01-01' }), 'to'],
    ['a filter that is not FIQL', (c) => c.history.activity({ filter: 'type = POSITION' }), 'filter'],
    ['a deal id with a slash', (c) => c.history.activity({ dealId: 'DIA/../x' }), 'dealId'],
    ['an unknown transaction type', (c) => c.history.transactions({ type: 'FEES' as never }), 'type'],
    ['a fractional page number', (c) => c.history.transactions({ pageNumber: 1.5 }), 'pageNumber'],
    ['a zero span', (c) => c.history.transactions({ maxSpanSeconds: 0 }), 'maxSpanSeconds'],
  ];
  for (const [name, call, field] of cases)
    it(name, async () => {
      const { client, calls } = clientFor(() => json({ activities: [], transactions: [] }));
      const error = await call(client).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).field).toBe(field);
      expect(calls).toHaveLength(0);
    });
});

describe('malformed replies are a clear error', () => {
  const cases: [string, unknown, 'activity' | 'transactions'][] = [
    ['activities is not a list', { activities: { a: 1 } }, 'activity'],
    ['an activity without a date', { activities: [{ dealId: 'X' }] }, 'activity'],
    ['an activity date that is not a date', { activities: [{ date: 'yesterday' }] }, 'activity'],
    ['transactions missing', { metadata: {} }, 'transactions'],
    ['a transaction without any date', { transactions: [{ reference: 'R' }] }, 'transactions'],
    [
      'a P&L that is not money',
      { transactions: [{ dateUtc: '2024-01-01T00:00:00', profitAndLoss: 'E1,00,0.x' }] },
      'transactions',
    ],
  ];
  for (const [name, body, which] of cases)
    it(name, async () => {
      const { client } = clientFor(() => json(body));
      const error = await (which === 'activity' ? client.history.activity() : client.history.transactions()).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).errorCode).toBe(MALFORMED_RESPONSE);
      expect((error as ApiError).message).toMatch(new RegExp(`history\\.${which}`));
    });
});
