/**
 * Conformance: for every captured real response in tests/fixtures/sim/ (a copy of ../shared/fixtures/ig/) that answers
 * a request the simulator serves, every key path of the fixture (arrays: the first element's keys) is present in the
 * simulator's response to the same request at the same version.
 *
 * Deliberately skipped (the simulator does not serve these requests):
 * - finance-ig/API/accounts/preferences/GET_1.json, PUT_1.json: /accounts/preferences is not in the spec.
 * - finance-ig/API/history/activity/GET_3.json, history/transactions/GET_2.json, trading-ig/activities_v1.json:
 *   account history is not in the spec.
 * - finance-ig/API/positions/sprintmarkets/GET_2.json, POST_1.json: sprint markets are not simulated (placeholders {}).
 * - finance-ig/Streamer/**: Lightstreamer captures; the simulator has no streaming.
 * Placeholder bodies ({} for the PUT amend captures, null for DELETE /session) are still requested: the request must be
 * served with the fixture's status. The `X-STATE` header of finance-ig session/POST_2 is not produced (meaning unknown);
 * its CST and X-SECURITY-TOKEN headers are checked.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimHandle } from '../../sim/server';
import { type Res, startTestSim, TestClient } from './helpers';

const ROOT = join(__dirname, '../fixtures/sim');

const SKIPPED = new Set([
  'finance-ig/API/accounts/preferences/GET_1.json',
  'finance-ig/API/accounts/preferences/PUT_1.json',
  'finance-ig/API/history/activity/GET_3.json',
  'finance-ig/API/history/transactions/GET_2.json',
  'trading-ig/activities_v1.json',
  'finance-ig/API/positions/sprintmarkets/GET_2.json',
  'finance-ig/API/positions/sprintmarkets/POST_1.json',
]);

interface Fixture {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** Reads a fixture: strips a BOM and `//` comments, unwraps finance-ig's {statusCode, header, body}. */
function load(file: string): Fixture {
  const text = readFileSync(join(ROOT, file), 'utf8')
    .replace(/^\uFEFF/, '')
    .replace(/(^|[\s,])\/\/[^\n]*$/gm, '$1');
  const json = JSON.parse(text) as unknown;
  if (file.startsWith('finance-ig/')) {
    const w = json as { statusCode: number; header?: Record<string, string>; body: unknown };
    return { status: w.statusCode, headers: w.header ?? {}, body: w.body };
  }
  return { status: 200, headers: {}, body: json };
}

/** Key paths of a value; arrays contribute their first element's paths under `[]`. */
function keyPaths(value: unknown, prefix = '', out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    if (value.length > 0) keyPaths(value[0], `${prefix}[]`, out);
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const p = prefix ? `${prefix}.${k}` : k;
      out.add(p);
      keyPaths(v, p, out);
    }
  }
  return out;
}

function allFixtures(dir = ROOT): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return allFixtures(full);
    return name.endsWith('.json') ? [relative(ROOT, full)] : [];
  });
}

let sim: SimHandle;
let client: TestClient;
const ids: Record<string, string> = {};

const EURUSD_CFD = 'CS.D.EURUSD.CFD.IP';
const positionBody = (ref: string) => ({
  epic: EURUSD_CFD,
  expiry: '-',
  direction: 'SELL',
  size: 2,
  orderType: 'MARKET',
  currencyCode: 'USD',
  forceOpen: true,
  guaranteedStop: false,
  stopDistance: 20,
  limitDistance: 20,
  dealReference: ref,
});
const orderBody = (ref: string) => ({
  epic: EURUSD_CFD,
  expiry: '-',
  direction: 'SELL',
  size: 2,
  level: 1.2,
  type: 'LIMIT',
  currencyCode: 'USD',
  guaranteedStop: false,
  timeInForce: 'GOOD_TILL_CANCELLED',
  stopDistance: 20,
  limitDistance: 20,
  dealReference: ref,
});
const dealRef = (r: Res) => (r.body as { dealReference: string }).dealReference;

async function spreadBetClient(): Promise<TestClient> {
  const c = new TestClient(sim);
  await c.loginV3();
  c.headers['IG-ACCOUNT-ID'] = sim.accounts.find((a) => a.accountType === 'SPREADBET')?.accountId ?? '';
  return c;
}

async function freshV3(): Promise<{ c: TestClient; login: Res }> {
  const c = new TestClient(sim);
  return { c, login: await c.loginV3() };
}

const login = { identifier: '', password: '' };
const EP = 'CS.D.EURUSD.MINI.IP';

/** The request each served fixture answers, in an order that builds the state the later ones need. */
const CASES: [string, () => Promise<Res>][] = [
  ['IGMarkets/positions_emptyresult.json', async () => (await spreadBetClient()).get('/positions', { version: 2 })],
  ['IGMarkets/watchlist_5222222.json', () => client.get('/watchlists/7064176')],
  ['finance-ig/API/session/POST_2.json', () => new TestClient(sim).post('/session', login, { version: 2 })],
  ['trading-ig/accounts.json', () => new TestClient(sim).post('/session', login, { version: 2 })],
  ['finance-ig/API/session/POST_3.json', () => new TestClient(sim).post('/session', login, { version: 3 })],
  [
    'finance-ig/API/session/refresh-token/POST_1.json',
    async () => {
      const { c, login: l } = await freshV3();
      const refresh = (l.body as { oauthToken: { refresh_token: string } }).oauthToken.refresh_token;
      return c.post('/session/refresh-token', { refresh_token: refresh });
    },
  ],
  ['finance-ig/API/session/GET_1.json', () => client.get('/session')],
  ['trading-ig/session.json', () => client.get('/session')],
  ['finance-ig/API/session/encryptionKey/GET_1.json', () => client.get('/session/encryptionKey')],
  [
    'trading-ig/switch.json',
    async () => {
      const c = new TestClient(sim);
      await c.loginV2();
      return c.put('/session', { accountId: sim.accounts[1]?.accountId, defaultAccount: false });
    },
  ],
  [
    'finance-ig/API/session/DELETE_1.json',
    async () => {
      const c = new TestClient(sim);
      await c.loginV2();
      return c.del('/session');
    },
  ],
  ['IGMarkets/accounts.json', () => client.get('/accounts')],
  ['finance-ig/API/accounts/GET_1.json', () => client.get('/accounts')],
  ['trading-ig/accounts_balances.json', () => client.get('/accounts')],
  ['IGMarkets/clientapplications.json', () => client.get('/operations/application')],
  ['trading-ig/application.json', () => client.get('/operations/application')],
  ['finance-ig/API/operations/application/GET_1.json', () => client.get('/operations/application')],
  [
    'finance-ig/API/operations/application/PUT_1.json',
    () => client.put('/operations/application', { apiKey: sim.apiKey, allowanceAccountOverall: 30 }),
  ],
  ['IGMarkets/clientsentiment_DE30,EURUSD,FR40.json', () => client.get('/clientsentiment?marketIds=DE30,EURUSD,FR40')],
  ['IGMarkets/clientsentiment_FR40.json', () => client.get('/clientsentiment?marketIds=FR40')],
  ['IGMarkets/clientsentiments_unknown.json', () => client.get('/clientsentiment?marketIds=XXXXXXXX')],
  ['IGMarkets/marketnavigation.json', () => client.get('/marketnavigation')],
  ['finance-ig/API/marketnavigation/GET_1.json', () => client.get('/marketnavigation')],
  [
    'finance-ig/API/marketnavigation/409138/GET_1.json',
    async () => {
      const top = (await client.get('/marketnavigation')).body as { nodes: { id: string }[] };
      return client.get(`/marketnavigation/${top.nodes[0]?.id}`);
    },
  ],
  [
    'IGMarkets/markets_CS.D.EURUSD.CFD.IP (snapshot only).json',
    () => client.get(`/markets?epics=${EURUSD_CFD}&filter=SNAPSHOT_ONLY`, { version: 2 }),
  ],
  [
    'IGMarkets/markets_CS.D.EURUSD.CFD.IP+CS.D.EURUSD.MINI.IP.json',
    () => client.get(`/markets?epics=${EURUSD_CFD},${EP}`, { version: 2 }),
  ],
  ['finance-ig/API/markets/GET_2.json', () => client.get(`/markets?epics=${EP}`, { version: 2 })],
  ['finance-ig/API/markets/GET_1.json', () => client.get('/markets?searchTerm=eur')],
  ['IGMarkets/markets_CS.D.EURUSD.MINI.IP.json', () => client.get(`/markets/${EP}`, { version: 3 })],
  ['finance-ig/API/markets/CS.D.EURUSD.MINI.IP/GET_3.json', () => client.get(`/markets/${EP}`, { version: 3 })],
  ['trading-ig/markets_epic.json', () => client.get('/markets/CO.D.CFI.Month2.IP', { version: 3 })],
  ['IGMarkets/prices_CS.D.EURUSD.MINI.IP.json', () => client.get(`/prices/${EP}`, { version: 3 })],
  ['finance-ig/API/prices/CS.D.EURUSD.MINI.IP/GET_3.json', () => client.get(`/prices/${EP}`, { version: 3 })],
  ['IGMarkets/prices_CC.D.LCO.UNC.IP.json', () => client.get('/prices/CC.D.LCO.UNC.IP', { version: 3 })],
  [
    'IGMarkets/prices_CC.D.LCO.UME.IP.json',
    () => client.get('/prices/CC.D.LCO.UME.IP?resolution=DAY&max=22&pageSize=0', { version: 3 }),
  ],
  [
    'IGMarkets/prices_IX.D.FTSE.DAILY.IP.json',
    () => client.get('/prices/IX.D.FTSE.DAILY.IP?resolution=DAY&max=3', { version: 3 }),
  ],
  ['trading-ig/historic_prices.json', () => client.get('/prices/CC.D.LCO.UNC.IP', { version: 3 })],
  [
    'trading-ig/historic_prices_dates.json',
    () =>
      client.get('/prices/CC.D.LCO.UNC.IP?resolution=DAY&from=2026-11-09T00:00:00&to=2026-11-12T00:00:00', {
        version: 3,
      }),
  ],
  [
    'trading-ig/historic_prices_num_points.json',
    () => client.get('/prices/CC.D.LCO.UNC.IP?resolution=WEEK&max=10', { version: 3 }),
  ],
  [
    'trading-ig/historic_prices_v1.json',
    () =>
      client.get('/prices/CC.D.LCO.UNC.IP/DAY?startdate=2026:11:09-05:00:00&enddate=2026:11:13-05:00:00', {
        version: 1,
      }),
  ],
  [
    'trading-ig/historic_prices_v2.json',
    () => client.get('/prices/CC.D.LCO.UNC.IP/HOUR/2026-11-17%2005:00:00/2026-11-17%2009:00:00', { version: 2 }),
  ],
  ['IGMarkets/watchlists.json', () => client.get('/watchlists')],
  ['finance-ig/API/watchlists/GET_1.json', () => client.get('/watchlists')],
  ['IGMarkets/watchlist_PopularMarkets.json', () => client.get('/watchlists/Popular%20Markets')],
  [
    'finance-ig/API/watchlists/POST_1.json',
    async () => {
      const r = await client.post('/watchlists', { name: 'Conformance', epics: [EP] });
      ids.watchlist = (r.body as { watchlistId: string }).watchlistId;
      return r;
    },
  ],
  ['finance-ig/API/watchlists/7666270/GET_1.json', () => client.get(`/watchlists/${ids.watchlist}`)],
  ['finance-ig/API/watchlists/7666270/DELETE_1.json', () => client.del(`/watchlists/${ids.watchlist}`)],
  [
    'finance-ig/API/positions/otc/POST_2.json',
    async () => {
      const r = await client.post('/positions/otc', positionBody('CONFORM-POS-1'), { version: 2 });
      ids.dealRef = dealRef(r);
      return r;
    },
  ],
  [
    'finance-ig/API/confirms/YQQGPTM9WJSHYTL/GET_1.json',
    async () => {
      const r = await client.get(`/confirms/${ids.dealRef}`);
      ids.dealId = (r.body as { dealId: string }).dealId;
      return r;
    },
  ],
  ['finance-ig/API/confirms/ZJDFPKN0JTLMGLC/GET_1.json', () => client.get(`/confirms/${ids.dealRef}`)],
  ['finance-ig/API/positions/GET_2.json', () => client.get('/positions', { version: 2 })],
  ['trading-ig/positions_v2.json', () => client.get('/positions', { version: 2 })],
  ['trading-ig/positions_v1.json', () => client.get('/positions', { version: 1 })],
  ['finance-ig/API/positions/ZJDFPKN0JTLMGLC/GET_2.json', () => client.get(`/positions/${ids.dealId}`, { version: 2 })],
  [
    'finance-ig/API/positions/otc/ZJDFPKN0JTLMGLC/PUT_2.json',
    () => client.put(`/positions/otc/${ids.dealId}`, { stopLevel: 1.3, limitLevel: 0.5 }, { version: 2 }),
  ],
  [
    'finance-ig/API/positions/otc/DELETE_1.json',
    () => client.del('/positions/otc', { dealId: ids.dealId, direction: 'BUY', size: 1, orderType: 'MARKET' }),
  ],
  [
    'finance-ig/API/workingorders/otc/POST_2.json',
    async () => {
      const r = await client.post('/workingorders/otc', orderBody('CONFORM-WO-1'), { version: 2 });
      ids.orderId = ((await client.get(`/confirms/${dealRef(r)}`)).body as { dealId: string }).dealId;
      return r;
    },
  ],
  ['finance-ig/API/workingorders/GET_2.json', () => client.get('/workingorders', { version: 2 })],
  ['trading-ig/workingorders_v2.json', () => client.get('/workingorders', { version: 2 })],
  ['trading-ig/workingorders_v1.json', () => client.get('/workingorders', { version: 1 })],
  [
    'finance-ig/API/workingorders/otc/DIAAAAN35X5B5A4/PUT_2.json',
    () => client.put(`/workingorders/otc/${ids.orderId}`, { level: 1.25, type: 'LIMIT' }, { version: 2 }),
  ],
  [
    'finance-ig/API/workingorders/otc/DIAAAAN35X5B5A4/DELETE_2.json',
    () => client.del(`/workingorders/otc/${ids.orderId}`, {}, { version: 2 }),
  ],
];

beforeAll(async () => {
  ({ sim, client } = await startTestSim({ historicalAllowance: 1_000_000 }));
  login.identifier = sim.identifier;
  login.password = sim.password;
});
afterAll(() => sim.close());

describe('fixture conformance', () => {
  it('covers every fixture: each is either requested below or listed as skipped', () => {
    const covered = new Set([...CASES.map(([f]) => f), ...SKIPPED]);
    const files = allFixtures().filter((f) => !f.startsWith('finance-ig/Streamer/'));
    expect(files.filter((f) => !covered.has(f))).toEqual([]);
    expect([...covered].filter((f) => !files.includes(f))).toEqual([]);
  });

  for (const [file, run] of CASES) {
    it(file, async () => {
      const fixture = load(file);
      const res = await run();
      expect(res.status, res.text).toBe(fixture.status);
      const missing = [...keyPaths(fixture.body)].filter((p) => !keyPaths(res.body).has(p));
      expect(missing).toEqual([]);
      for (const h of ['CST', 'X-SECURITY-TOKEN']) if (h in fixture.headers) expect(res.headers.get(h)).toBeTruthy();
    });
  }
});
