// Every row of the table on the wire: method, path, Version header, API key and auth headers,
// for v2 and v3 sessions, against a local HTTP server.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Client,
  createApplicationsAdmin,
  createDealingClient,
  createGuard,
  createWatchlistEditor,
  endpoints,
} from '../../lib/api';
import { fakeClient, permittedDealing } from '../helpers/api-client';
import { FAKE_ACCOUNT, FAKE_API_KEY, type FakeIg, startFakeIg } from '../helpers/api-fake-ig';

type Call = (c: {
  client: Client;
  dealing: ReturnType<typeof createDealingClient>;
  editor: ReturnType<typeof createWatchlistEditor>;
  admin: ReturnType<typeof createApplicationsAdmin>;
}) => Promise<unknown>;

// label -> [call, expected path on the wire (after /gateway/deal, query excluded)]
const calls: Record<string, [Call, string]> = {
  'confirmations.get': [({ client }) => client.confirmations.get('REF_1'), '/confirms/REF_1'],
  'positions.list': [({ client }) => client.positions.list(), '/positions'],
  'positions.get': [({ client }) => client.positions.get('DIAAAAB35X4T4A4'), '/positions/DIAAAAB35X4T4A4'],
  'positions.create': [
    ({ dealing }) =>
      dealing.positions.create({
        epic: 'CS.D.EURUSD.CFD.IP',
        direction: 'BUY',
        size: 1,
        currencyCode: 'USD',
        expiry: '-',
      }),
    '/positions/otc',
  ],
  'positions.amend': [({ dealing }) => dealing.positions.amend('DEAL1', { stopLevel: 1.1 }), '/positions/otc/DEAL1'],
  'positions.close': [
    ({ dealing }) => dealing.positions.close({ dealId: 'DEAL1', direction: 'SELL', size: 1 }),
    '/positions/otc',
  ],
  'repeat_dealing_window.get': [({ client }) => client.repeatDealingWindow.get(), '/repeat-dealing-window'],
  'working_orders.list': [({ client }) => client.workingOrders.list(), '/working-orders'],
  'working_orders.create': [
    ({ dealing }) =>
      dealing.workingOrders.create({
        epic: 'CS.D.EURUSD.CFD.IP',
        direction: 'BUY',
        size: 1,
        level: 1.05,
        type: 'LIMIT',
        currencyCode: 'USD',
        expiry: '-',
      }),
    '/working-orders/otc',
  ],
  'working_orders.amend': [
    ({ dealing }) => dealing.workingOrders.amend('WO1', { level: 1.06 }),
    '/working-orders/otc/WO1',
  ],
  'working_orders.delete': [({ dealing }) => dealing.workingOrders.delete('WO1'), '/working-orders/otc/WO1'],
  'categories.list': [({ client }) => client.categories.list(), '/categories'],
  'categories.list_instruments': [
    ({ client }) => client.categories.listInstruments('FX MAJORS', { page_size: 10 }),
    '/categories/FX%20MAJORS/instruments',
  ],
  'markets.list': [({ client }) => client.markets.list(['CS.D.EURUSD.CFD.IP']), '/markets'],
  'markets.search': [({ client }) => client.markets.search('eur'), '/markets'],
  'markets.get': [({ client }) => client.markets.get('IX.D.FTSE.DAILY.IP'), '/markets/IX.D.FTSE.DAILY.IP'],
  'prices.list': [({ client }) => client.prices.list('IX.D.FTSE.DAILY.IP'), '/prices/IX.D.FTSE.DAILY.IP'],
  'prices.list_points': [
    ({ client }) => client.prices.listPoints('IX.D.FTSE.DAILY.IP', 'HOUR', 24),
    '/prices/IX.D.FTSE.DAILY.IP/HOUR/24',
  ],
  'prices.list_date_range': [
    ({ client }) =>
      client.prices.listDateRange('IX.D.FTSE.DAILY.IP', 'DAY', '2024-01-01 00:00:00', new Date(Date.UTC(2024, 0, 31))),
    '/prices/IX.D.FTSE.DAILY.IP/DAY/2024-01-01%2000%3A00%3A00/2024-01-31%2000%3A00%3A00',
  ],
  'indicative_costs.quote_open': [
    ({ client }) => client.indicativeCosts.quoteOpen({ ask: 2, bid: 1, dealCurrencyCode: 'GBP', size: 1 }),
    '/indicativecostsandcharges/open',
  ],
  'indicative_costs.quote_close': [
    ({ client }) =>
      client.indicativeCosts.quoteClose({ ask: 2, bid: 1, dealCurrencyCode: 'GBP', size: 1, openingLevel: 1.5 }),
    '/indicativecostsandcharges/close',
  ],
  'indicative_costs.quote_edit': [
    ({ client }) =>
      client.indicativeCosts.quoteEdit({
        ask: 2,
        bid: 1,
        dealCurrencyCode: 'GBP',
        size: 1,
        openingLevel: 1.5,
        editType: 'STOP',
      }),
    '/indicativecostsandcharges/edit',
  ],
  'indicative_costs.get_durable_medium': [
    ({ client }) => client.indicativeCosts.getDurableMedium('QREF-1'),
    '/indicativecostsandcharges/durablemedium/QREF-1',
  ],
  'indicative_costs.history': [
    ({ client }) =>
      client.indicativeCosts.history(new Date(Date.UTC(2024, 0, 1)), '2024-02-01T00:00:00.000Z', { pageSize: 10 }),
    '/indicativecostsandcharges/history/from/2024-01-01T00%3A00%3A00.000Z/to/2024-02-01T00%3A00%3A00.000Z',
  ],
  'watchlists.list': [({ client }) => client.watchlists.list(), '/watchlists'],
  'watchlists.create': [({ editor }) => editor.watchlists.create('My list', ['CS.D.EURUSD.CFD.IP']), '/watchlists'],
  'watchlists.get': [({ client }) => client.watchlists.get('Popular Markets'), '/watchlists/Popular%20Markets'],
  'watchlists.add_market': [
    ({ editor }) => editor.watchlists.addMarket('Popular Markets', 'CS.D.EURUSD.CFD.IP'),
    '/watchlists/Popular%20Markets',
  ],
  'watchlists.delete': [({ editor }) => editor.watchlists.delete('123 4'), '/watchlists/123%204'],
  'watchlists.remove_market': [
    ({ editor }) => editor.watchlists.removeMarket('1234', 'CS.D.EURUSD.CFD.IP'),
    '/watchlists/1234/CS.D.EURUSD.CFD.IP',
  ],
  'session.get': [({ client }) => client.session.get(), '/session'],
  'session.switch_account': [({ client }) => client.session.switchAccount('ACC-OTHER'), '/session'],
  'session.delete': [({ client }) => client.session.delete(), '/session'],
  'session.get_encryption_key': [({ client }) => client.session.getEncryptionKey(), '/session/encryptionKey'],
  'client_sentiment.list': [({ client }) => client.clientSentiment.list(['FT100', 'EURUSD']), '/client-sentiment'],
  'client_sentiment.get': [({ client }) => client.clientSentiment.get('FT100'), '/client-sentiment/FT100'],
  'client_sentiment.related': [
    ({ client }) => client.clientSentiment.related('FT100'),
    '/client-sentiment/related/FT100',
  ],
  'applications.list': [({ client }) => client.applications.list(), '/operations/application'],
  'applications.update': [
    ({ admin }) => admin.applications.update({ apiKey: FAKE_API_KEY, status: 'ENABLED', allowanceAccountOverall: 30 }),
    '/operations/application',
  ],
  'applications.disable': [({ admin }) => admin.applications.disable(), '/operations/application/disable'],
  // IG's rows beyond the spec
  'history.activity': [({ client }) => client.history.activity({ pageSize: 10 }), '/history/activity'],
  'history.transactions': [({ client }) => client.history.transactions({ type: 'ALL' }), '/history/transactions'],
};

let fake: FakeIg;
beforeAll(async () => {
  fake = await startFakeIg();
});
afterAll(() => fake.close());

const spec = endpoints.filter((e) => !e.internal);

it("has a call for every row of the spec and IG's history rows, and nothing else", () => {
  expect(Object.keys(calls).sort()).toEqual(spec.map((e) => e.label).sort());
});

for (const sessionVersion of [2, 3] as const) {
  describe(`every row on the wire, session v${sessionVersion}`, () => {
    for (const row of spec) {
      it(`${row.label}: ${row.method} ${row.path} v${row.version}`, async () => {
        const client = fakeClient(fake, { sessionVersion });
        const guard = createGuard();
        const permit = (scope: 'dealing' | 'watchlists' | 'applications') =>
          guard.issue({ scope, environment: 'custom', accountId: FAKE_ACCOUNT });
        const ctx = {
          client,
          dealing: createDealingClient(client, permit('dealing'), guard),
          editor: createWatchlistEditor(client, permit('watchlists'), guard),
          admin: createApplicationsAdmin(client, permit('applications'), guard),
        };
        const [call, path] = calls[row.label] as [Call, string];
        const before = fake.requests.length;
        await call(ctx);
        const sent = fake.requests.slice(before).filter((r) => r.path !== '/session/refresh-token');
        const wire = sent.filter((r) => !(r.method === 'POST' && r.path === '/session' && !r.headers._method));
        expect(wire).toHaveLength(1);
        const r = wire[0];
        if (!r) return;
        const hasBodyDelete = row.label === 'positions.close';
        expect(r.method).toBe(hasBodyDelete ? 'POST' : row.method);
        expect(r.headers._method).toBe(hasBodyDelete ? 'DELETE' : undefined);
        expect(r.path).toBe(path);
        expect(r.headers.version).toBe(String(row.version));
        expect(r.headers['x-ig-api-key']).toBe(FAKE_API_KEY);
        expect(r.headers.accept).toContain('application/json');
        if (row.label === 'session.get_encryption_key') {
          expect(r.headers.cst).toBeUndefined();
          expect(r.headers.authorization).toBeUndefined();
        } else if (sessionVersion === 2) {
          expect(r.headers.cst).toMatch(/^cst-/);
          expect(r.headers['x-security-token']).toMatch(/^xst-/);
          expect(r.headers.authorization).toBeUndefined();
        } else {
          expect(r.headers.authorization).toMatch(/^Bearer access-/);
          expect(r.headers['ig-account-id']).toBe(FAKE_ACCOUNT);
          expect(r.headers.cst).toBeUndefined();
        }
      });
    }
  });
}

describe('query parameters and bodies on the wire', () => {
  it('sends search terms, epics, marketIds, page_size and dealReference where the reference puts them', async () => {
    const client = fakeClient(fake);
    const dealing = permittedDealing(client);
    const before = fake.requests.length;
    await client.markets.search('  ftse 100 ');
    await client.markets.list(['CS.D.EURUSD.CFD.IP', 'IX.D.FTSE.DAILY.IP'], { filter: 'SNAPSHOT_ONLY' });
    await client.clientSentiment.list(['FT100', 'EURUSD']);
    await client.categories.listInstruments('FX', { page_size: 25 });
    await dealing.positions.create({
      epic: 'CS.D.EURUSD.CFD.IP',
      direction: 'BUY',
      size: 1.5,
      currencyCode: 'USD',
      expiry: '-',
    });
    await dealing.positions.close({ dealId: 'DEAL1', direction: 'SELL', size: 1 });
    const sent = fake.calls().filter((r) => fake.requests.indexOf(r) >= before);
    expect(sent[0]?.query).toEqual({ searchTerm: 'ftse 100' });
    expect(sent[1]?.query).toEqual({ epics: 'CS.D.EURUSD.CFD.IP,IX.D.FTSE.DAILY.IP', filter: 'SNAPSHOT_ONLY' });
    expect(sent[2]?.query).toEqual({ marketIds: 'FT100,EURUSD' });
    expect(sent[3]?.query).toEqual({ pageSize: '25' });
    const create = sent[4]?.body as Record<string, unknown>;
    expect(create).toMatchObject({
      epic: 'CS.D.EURUSD.CFD.IP',
      direction: 'BUY',
      size: 1.5,
      orderType: 'MARKET',
      forceOpen: true,
      guaranteedStop: false,
      currencyCode: 'USD',
      expiry: '-',
    });
    expect(create.dealReference).toMatch(/^[A-Za-z0-9_-]{1,30}$/);
    expect(sent[5]?.body).toMatchObject({ dealId: 'DEAL1', direction: 'SELL', size: 1, orderType: 'MARKET' });
    expect(sent[5]?.headers['content-type']).toContain('application/json');
  });

  it('never lets the _method header leak into the next request', async () => {
    const client = fakeClient(fake);
    const dealing = permittedDealing(client);
    await dealing.positions.close({ dealId: 'DEAL1', direction: 'SELL', size: 1 });
    const before = fake.requests.length;
    await client.positions.list();
    expect(fake.requests[before]?.headers._method).toBeUndefined();
  });
});
