import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient, createDealingClient, createGuard, createWatchlistEditor, ValidationError } from '../../lib/api';
import { fakeClient } from '../helpers/api-client';
import { FAKE_ACCOUNT, type FakeIg, startFakeIg } from '../helpers/api-fake-ig';

let fake: FakeIg;
beforeAll(async () => {
  fake = await startFakeIg();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const good = { epic: 'CS.D.EURUSD.CFD.IP', direction: 'BUY' as const, size: 1, currencyCode: 'USD', expiry: '-' };

function clients() {
  const client = fakeClient(fake);
  const guard = createGuard();
  const issue = (scope: 'dealing' | 'watchlists') =>
    guard.issue({ scope, environment: 'custom', accountId: FAKE_ACCOUNT });
  return {
    client,
    dealing: createDealingClient(client, issue('dealing'), guard),
    editor: createWatchlistEditor(client, issue('watchlists'), guard),
  };
}

type Case = [string, string, (c: ReturnType<typeof clients>) => Promise<unknown>];
const cases: Case[] = [
  ['epic too short', 'epic', ({ client }) => client.markets.get('EUR')],
  ['epic with a slash', 'epic', ({ client }) => client.markets.get('CS.D/EURUSD.CFD')],
  ['epic in a batch', 'epics', ({ client }) => client.markets.list(['CS.D.EURUSD.CFD.IP', 'bad epic!'])],
  ['empty search', 'searchTerm', ({ client }) => client.markets.search('   ')],
  ['deal reference', 'deal_reference', ({ client }) => client.confirmations.get('ref with spaces')],
  ['deal id', 'deal_id', ({ client }) => client.positions.get('')],
  ['size zero', 'size', ({ dealing }) => dealing.positions.create({ ...good, size: 0 })],
  ['size NaN', 'size', ({ dealing }) => dealing.positions.create({ ...good, size: Number.NaN })],
  ['size with 13 decimals', 'size', ({ dealing }) => dealing.positions.create({ ...good, size: 1.0000000000001 })],
  ['direction', 'direction', ({ dealing }) => dealing.positions.create({ ...good, direction: 'LONG' as never })],
  ['order type', 'orderType', ({ dealing }) => dealing.positions.create({ ...good, orderType: 'STOP' as never })],
  ['limit order without level', 'level', ({ dealing }) => dealing.positions.create({ ...good, orderType: 'LIMIT' })],
  ['market order with level', 'level', ({ dealing }) => dealing.positions.create({ ...good, level: 1.1 })],
  [
    'stop level and distance',
    'stopDistance',
    ({ dealing }) => dealing.positions.create({ ...good, stopLevel: 1, stopDistance: 10 }),
  ],
  ['currency code', 'currencyCode', ({ dealing }) => dealing.positions.create({ ...good, currencyCode: 'usd' })],
  ['expiry', 'expiry', ({ dealing }) => dealing.positions.create({ ...good, expiry: 'tomorrow' })],
  [
    'own deal reference',
    'dealReference',
    ({ dealing }) => dealing.positions.create({ ...good, dealReference: 'x'.repeat(31) }),
  ],
  [
    'close with dealId and epic',
    'dealId',
    ({ dealing }) => dealing.positions.close({ dealId: 'D1', epic: good.epic, direction: 'SELL', size: 1 }),
  ],
  [
    'working order type',
    'type',
    ({ dealing }) => dealing.workingOrders.create({ ...good, level: 1, type: 'MARKET' as never }),
  ],
  [
    'good till date missing',
    'goodTillDate',
    ({ dealing }) => dealing.workingOrders.create({ ...good, level: 1, type: 'STOP', timeInForce: 'GOOD_TILL_DATE' }),
  ],
  [
    'good till date format',
    'goodTillDate',
    ({ dealing }) =>
      dealing.workingOrders.create({
        ...good,
        level: 1,
        type: 'STOP',
        timeInForce: 'GOOD_TILL_DATE',
        goodTillDate: '31/12/2030',
      }),
  ],
  ['resolution', 'resolution', ({ client }) => client.prices.listPoints(good.epic, 'MINUTE_7' as never, 10)],
  ['SECOND by points', 'resolution', ({ client }) => client.prices.listPoints(good.epic, 'SECOND', 10)],
  ['num points', 'num_points', ({ client }) => client.prices.listPoints(good.epic, 'DAY', 0)],
  [
    'start date format',
    'start_date',
    ({ client }) => client.prices.listDateRange(good.epic, 'DAY', '2024/01/01', '2024-02-01 00:00:00'),
  ],
  [
    'end before start',
    'end_date',
    ({ client }) => client.prices.listDateRange(good.epic, 'DAY', '2024-02-01 00:00:00', '2024-01-01 00:00:00'),
  ],
  ['invalid Date', 'from', ({ client }) => client.prices.list(good.epic, { from: new Date('nope') })],
  ['page size', 'page_size', ({ client }) => client.categories.listInstruments('FX', { page_size: 5000 })],
  ['market id', 'market_id', ({ client }) => client.clientSentiment.get('FT 100/x')],
  ['account id', 'accountId', ({ client }) => client.session.switchAccount('bad account!')],
  ['watchlist name', 'name', ({ editor }) => editor.watchlists.create('<script>')],
  ['watchlist id', 'watchlist_id', ({ client }) => client.watchlists.get('a/b')],
  [
    'quote currency',
    'dealCurrencyCode',
    ({ client }) => client.indicativeCosts.quoteOpen({ ask: 2, bid: 1, dealCurrencyCode: 'pounds', size: 1 }),
  ],
  ['costs history date', 'from_date', ({ client }) => client.indicativeCosts.history('yesterday', new Date())],
];

describe('validation before sending', () => {
  for (const [name, field, run] of cases) {
    it(`${name}: ValidationError naming ${field}, nothing sent`, async () => {
      const error = (await run(clients()).catch((e) => e)) as ValidationError;
      expect(error).toBeInstanceOf(ValidationError);
      expect(error.field).toBe(field);
      expect(error.errorCode).toBe('client.validation');
      expect(fake.requests).toHaveLength(0);
    });
  }

  it('the configuration itself is checked', () => {
    const base = {
      baseUrl: fake.baseUrl,
      apiKey: 'k1234',
      identifier: 'me',
      password: 'pw123',
      sessionVersion: 2 as const,
    };
    expect(() => createClient({ ...base, apiKey: '' })).toThrow(ValidationError);
    expect(() => createClient({ ...base, sessionVersion: 4 as never })).toThrow(/sessionVersion/);
  });

  it('the message names the rule, not the rejected value', async () => {
    const error = await clients()
      .client.markets.get('secret-looking-value!')
      .catch((e) => e);
    expect(error.message).not.toContain('secret-looking-value');
  });
});
