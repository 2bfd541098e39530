// Every real fixture that answers a request of the spec goes through the client's parser for that
// request (over a fake fetch, so BOMs, comments and empty bodies take the real path).

import { describe, expect, it } from 'vitest';
import {
  type Client,
  createApplicationsAdmin,
  createClient,
  createDealingClient,
  createGuard,
  createWatchlistEditor,
  memoryTokenStore,
} from '../../lib/api';
import {
  FIXTURE_BASE,
  type FixtureReply,
  fixtureClient,
  fixtureFetch,
  fixtureJson,
  fixtureTokens,
  loadFixture,
} from '../helpers/api-fixtures';

const BASE = FIXTURE_BASE;
const clientFor = (reply: FixtureReply, sessionVersion: 2 | 3 = 2, now?: () => number) =>
  fixtureClient(() => reply, { sessionVersion, ...(now ? { now } : {}) });

function guarded(client: Client) {
  const guard = createGuard();
  const issue = (scope: 'dealing' | 'watchlists' | 'applications') =>
    guard.issue({ scope, environment: 'demo', accountId: 'ABC12' });
  return {
    dealing: createDealingClient(client, issue('dealing'), guard),
    editor: createWatchlistEditor(client, issue('watchlists'), guard),
    admin: createApplicationsAdmin(client, issue('applications'), guard),
  };
}

type Run = (client: Client, g: ReturnType<typeof guarded>) => Promise<unknown>;
const epic = 'CS.D.EURUSD.MINI.IP';
const buy = { epic, direction: 'BUY' as const, size: 1, currencyCode: 'USD', expiry: '-' };

// [fixture, spec label, call]. The parsed value must equal the reply: nothing dropped or changed.
const cases: [string, string, Run][] = [
  [
    'finance-ig/API/confirms/YQQGPTM9WJSHYTL/GET_1.json',
    'confirmations.get',
    (c) => c.confirmations.get('YQQGPTM9WJSHYTL'),
  ],
  [
    'finance-ig/API/confirms/ZJDFPKN0JTLMGLC/GET_1.json',
    'confirmations.get',
    (c) => c.confirmations.get('ZJDFPKN0JTLMGLC'),
  ],
  ['finance-ig/API/positions/GET_2.json', 'positions.list', (c) => c.positions.list()],
  ['trading-ig/positions_v2.json', 'positions.list', (c) => c.positions.list()],
  ['IGMarkets/positions_emptyresult.json', 'positions.list', (c) => c.positions.list()],
  ['finance-ig/API/positions/ZJDFPKN0JTLMGLC/GET_2.json', 'positions.get', (c) => c.positions.get('ZJDFPKN0JTLMGLC')],
  ['finance-ig/API/positions/otc/POST_2.json', 'positions.create', (_, g) => g.dealing.positions.create(buy)],
  [
    'finance-ig/API/positions/otc/ZJDFPKN0JTLMGLC/PUT_2.json',
    'positions.amend',
    (_, g) => g.dealing.positions.amend('ZJDFPKN0JTLMGLC', { limitLevel: 1.2 }),
  ],
  [
    'finance-ig/API/positions/otc/DELETE_1.json',
    'positions.close',
    (_, g) => g.dealing.positions.close({ dealId: 'D1', direction: 'SELL', size: 1 }),
  ],
  ['finance-ig/API/workingorders/GET_2.json', 'working_orders.list', (c) => c.workingOrders.list()],
  ['trading-ig/workingorders_v2.json', 'working_orders.list', (c) => c.workingOrders.list()],
  [
    'finance-ig/API/workingorders/otc/POST_2.json',
    'working_orders.create',
    (_, g) => g.dealing.workingOrders.create({ ...buy, level: 1.1, type: 'LIMIT' }),
  ],
  [
    'finance-ig/API/workingorders/otc/DIAAAAN35X5B5A4/PUT_2.json',
    'working_orders.amend',
    (_, g) => g.dealing.workingOrders.amend('DIAAAAN35X5B5A4', { level: 1.2 }),
  ],
  [
    'finance-ig/API/workingorders/otc/DIAAAAN35X5B5A4/DELETE_2.json',
    'working_orders.delete',
    (_, g) => g.dealing.workingOrders.delete('DIAAAAN35X5B5A4'),
  ],
  ['finance-ig/API/markets/GET_1.json', 'markets.search', (c) => c.markets.search('EUR')],
  ['finance-ig/API/markets/GET_2.json', 'markets.list', (c) => c.markets.list(['CS.D.EURUSD.MINI.IP'])],
  [
    'IGMarkets/markets_CS.D.EURUSD.CFD.IP+CS.D.EURUSD.MINI.IP.json',
    'markets.list',
    (c) => c.markets.list(['CS.D.EURUSD.CFD.IP', epic]),
  ],
  [
    'IGMarkets/markets_CS.D.EURUSD.CFD.IP (snapshot only).json',
    'markets.list',
    (c) => c.markets.list(['CS.D.EURUSD.CFD.IP'], { filter: 'SNAPSHOT_ONLY' }),
  ],
  ['finance-ig/API/markets/CS.D.EURUSD.MINI.IP/GET_3.json', 'markets.get', (c) => c.markets.get(epic)],
  ['trading-ig/markets_epic.json', 'markets.get', (c) => c.markets.get('CS.D.EURUSD.TODAY.IP')],
  ['IGMarkets/markets_CS.D.EURUSD.MINI.IP.json', 'markets.get', (c) => c.markets.get(epic)],
  ['finance-ig/API/prices/CS.D.EURUSD.MINI.IP/GET_3.json', 'prices.list', (c) => c.prices.list(epic)],
  ['trading-ig/historic_prices.json', 'prices.list', (c) => c.prices.list('MT.D.GC.Month2.IP')],
  [
    'trading-ig/historic_prices_dates.json',
    'prices.list',
    (c) =>
      c.prices.list('MT.D.GC.Month2.IP', { resolution: 'DAY', from: '2020-09-01T00:00:00', to: '2020-09-04T00:00:00' }),
  ],
  [
    'trading-ig/historic_prices_num_points.json',
    'prices.list',
    (c) => c.prices.list('MT.D.GC.Month2.IP', { resolution: 'WEEK', max: 10 }),
  ],
  ['IGMarkets/prices_CC.D.LCO.UME.IP.json', 'prices.list', (c) => c.prices.list('CC.D.LCO.UME.IP')],
  ['IGMarkets/prices_CC.D.LCO.UNC.IP.json', 'prices.list', (c) => c.prices.list('CC.D.LCO.UNC.IP')],
  ['IGMarkets/prices_CS.D.EURUSD.MINI.IP.json', 'prices.list', (c) => c.prices.list(epic)],
  ['IGMarkets/prices_IX.D.FTSE.DAILY.IP.json', 'prices.list', (c) => c.prices.list('IX.D.FTSE.DAILY.IP')],
  [
    'trading-ig/historic_prices_v2.json',
    'prices.list_date_range',
    (c) => c.prices.listDateRange('MT.D.GC.Month2.IP', 'DAY', '2020-10-09 00:00:00', '2020-10-14 00:00:00'),
  ],
  [
    'trading-ig/historic_prices_v2.json',
    'prices.list_points',
    (c) => c.prices.listPoints('MT.D.GC.Month2.IP', 'DAY', 4),
  ],
  ['finance-ig/API/watchlists/GET_1.json', 'watchlists.list', (c) => c.watchlists.list()],
  ['IGMarkets/watchlists.json', 'watchlists.list', (c) => c.watchlists.list()],
  ['finance-ig/API/watchlists/7666270/GET_1.json', 'watchlists.get', (c) => c.watchlists.get('7666270')],
  ['IGMarkets/watchlist_5222222.json', 'watchlists.get', (c) => c.watchlists.get('5222222')],
  ['IGMarkets/watchlist_PopularMarkets.json', 'watchlists.get', (c) => c.watchlists.get('Popular Markets')],
  [
    'finance-ig/API/watchlists/POST_1.json',
    'watchlists.create',
    (_, g) => g.editor.watchlists.create('My list', [epic]),
  ],
  [
    'finance-ig/API/watchlists/7666270/DELETE_1.json',
    'watchlists.delete',
    (_, g) => g.editor.watchlists.delete('7666270'),
  ],
  ['finance-ig/API/session/GET_1.json', 'session.get', (c) => c.session.get()],
  ['trading-ig/session.json', 'session.get', (c) => c.session.get()],
  ['trading-ig/switch.json', 'session.switch_account', (c) => c.session.switchAccount('XYZ99')],
  [
    'finance-ig/API/session/encryptionKey/GET_1.json',
    'session.get_encryption_key',
    (c) => c.session.getEncryptionKey(),
  ],
  [
    'IGMarkets/clientsentiment_DE30,EURUSD,FR40.json',
    'client_sentiment.list',
    (c) => c.clientSentiment.list(['DE30', 'EURUSD', 'FR40']),
  ],
  ['IGMarkets/clientsentiment_FR40.json', 'client_sentiment.list', (c) => c.clientSentiment.list(['FR40'])],
  ['IGMarkets/clientsentiments_unknown.json', 'client_sentiment.list', (c) => c.clientSentiment.list(['XXXXXXXX'])],
  [
    'IGMarkets/clientsentiment_DE30,EURUSD,FR40.json',
    'client_sentiment.related',
    (c) => c.clientSentiment.related('FR40'),
  ],
  ['trading-ig/application.json', 'applications.list', (c) => c.applications.list()],
  ['finance-ig/API/operations/application/GET_1.json', 'applications.list', (c) => c.applications.list()],
  ['IGMarkets/clientapplications.json', 'applications.list', (c) => c.applications.list()],
  [
    'finance-ig/API/operations/application/PUT_1.json',
    'applications.update',
    (_, g) => g.admin.applications.update({ apiKey: 'a12345bc67890d12345e6789fg0hi123j4567890', status: 'ENABLED' }),
  ],
];

describe('every real fixture through the client parser of its request', () => {
  for (const [file, label, run] of cases) {
    it(`${label} parses ${file}`, async () => {
      const { client, calls } = clientFor(loadFixture(file));
      const parsed = await run(client, guarded(client));
      const raw = fixtureJson(file);
      const sent = calls.at(-1);
      expect(sent?.headers.Version).toBeDefined();
      if (label === 'positions.create' || label === 'working_orders.create') {
        expect(parsed).toEqual(raw);
      } else if (label.endsWith('.amend')) {
        // Captured amend replies are placeholders `{}`: tolerated, with no deal reference.
        expect(parsed).toEqual({ dealReference: null });
      } else {
        expect(parsed).toEqual(raw);
      }
    });
  }

  it('DELETE /session (204, no body) logs out and forgets the tokens', async () => {
    const store = memoryTokenStore(fixtureTokens);
    const fx = fixtureFetch(() => loadFixture('finance-ig/API/session/DELETE_1.json'));
    const client = createClient({
      baseUrl: BASE,
      apiKey: 'fixtureApiKey123',
      identifier: 'fixture-user',
      password: 'fixture-password',
      sessionVersion: 2,
      fetch: fx.fetch,
      tokenStore: store,
    });
    await expect(client.session.delete()).resolves.toBeUndefined();
    expect(await store.load()).toBeNull();
  });

  it('logs in with the v2 fixture: tokens from the CST / X-SECURITY-TOKEN headers, account from the body', async () => {
    for (const file of ['finance-ig/API/session/POST_2.json', 'trading-ig/accounts.json']) {
      const login = loadFixture(file);
      if (!login.headers.CST) login.headers = { CST: 'cst-from-header', 'X-SECURITY-TOKEN': 'xst-from-header' };
      const fx = fixtureFetch((call) =>
        call.url.endsWith('/session') && call.method === 'POST'
          ? login
          : loadFixture('IGMarkets/positions_emptyresult.json'),
      );
      const client = createClient({
        baseUrl: BASE,
        apiKey: 'fixtureApiKey123',
        identifier: 'fixture-user',
        password: 'fixture-password',
        sessionVersion: 2,
        fetch: fx.fetch,
      });
      await client.positions.list();
      const body = fixtureJson(file) as { currentAccountId: string; accounts: unknown[] };
      expect(client.accountId()).toBe(body.currentAccountId);
      expect(client.sessionInfo()?.accounts).toHaveLength(body.accounts.length);
      expect(fx.calls[1]?.headers.CST).toBe(login.headers.CST);
      expect(fx.calls[1]?.headers['X-SECURITY-TOKEN']).toBe(login.headers['X-SECURITY-TOKEN']);
    }
  });

  it('logs in with the v3 fixture and refreshes with the refresh-token fixture', async () => {
    let now = 1_000_000;
    const login = loadFixture('finance-ig/API/session/POST_3.json');
    const refresh = loadFixture('finance-ig/API/session/refresh-token/POST_1.json');
    const empty = loadFixture('IGMarkets/positions_emptyresult.json');
    const fx = fixtureFetch((call) =>
      call.url.endsWith('/session/refresh-token') ? refresh : call.url.endsWith('/session') ? login : empty,
    );
    const client = createClient({
      baseUrl: BASE,
      apiKey: 'fixtureApiKey123',
      identifier: 'fixture-user',
      password: 'fixture-password',
      sessionVersion: 3,
      fetch: fx.fetch,
      now: () => now,
    });
    await client.positions.list();
    expect(fx.calls[1]?.headers.Authorization).toBe('Bearer 12ab3456-7cd8-9012-e3f4-56g7h89i01j2');
    expect(fx.calls[1]?.headers['IG-ACCOUNT-ID']).toBe('ABC12');
    now += 55_000; // expires_in "60": refreshed before it runs out
    await client.positions.list();
    expect(fx.calls[2]?.url).toBe(`${BASE}/session/refresh-token`);
    expect(JSON.parse(fx.calls[2]?.body ?? '{}')).toEqual({ refresh_token: 'a1b234c5-d678-901e-f234-gh5i6j789k0l' });
    expect(fx.calls[3]?.headers.Authorization).toBe('Bearer a1b234c5-d678-901e-f234-gh5i6j789k0l');
  });
});
