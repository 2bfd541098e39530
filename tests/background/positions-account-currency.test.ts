// Positions in several currencies on the simulator's EUR account: converted at the rates IG's market details
// carry, as the side panel does, the total equals the service's own profit and loss of the account (its
// GET /accounts figure, which the simulator reckons with its own conversion), and so does each row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reply } from '../../lib/messages/contract';
import type { Fresh, FundsView, MarketFacts, PositionView } from '../../lib/model';
import { accountPnl, chooseRates } from '../../lib/sidepanel/account-pnl';
import { profit } from '../../sim/money';
import { Universe } from '../../sim/universe';
import { TestClient, WEDNESDAY_1500 } from '../sim/helpers';
import { configure, fakeBrowser, makeBackground, newStores, PAGE, type SimHandle, startSim } from './sim-setup';

/** [epic, direction, size, opening bid/offer, closing bid/offer]: USD, GBP, JPY and EUR markets. */
const DEALS: [string, 'BUY' | 'SELL', number, [number, number], [number, number]][] = [
  ['CS.D.EURUSD.MINI.IP', 'BUY', 2, [1.0841, 1.0842], [1.0873, 1.0874]],
  ['IX.D.DOW.DAILY.IP', 'SELL', 3, [38_510, 38_512.4], [38_470.6, 38_473]],
  ['IX.D.FTSE.DAILY.IP', 'BUY', 5, [7_651.9, 7_652.9], [7_640.3, 7_641.3]],
  ['CS.D.USDJPY.MINI.IP', 'BUY', 1, [150.2, 150.21], [150.47, 150.48]],
  ['IX.D.DAX.DAILY.IP', 'SELL', 1, [15_911.7, 15_912.9], [15_880.1, 15_881.3]],
];

let sim: SimHandle;
beforeAll(async () => {
  sim = await startSim({ seed: 23, startTime: WEDNESDAY_1500, rateLimits: false });
  const platform = new TestClient(sim);
  await platform.loginV2();
  const universe = new Universe(23, sim.control.now());
  for (const [epic, direction, size, [bid, offer]] of DEALS) {
    sim.control.setMarket(epic, { bid, offer, marketStatus: 'TRADEABLE' });
    const market = universe.markets.find((m) => m.epic === epic);
    const deal = await platform.post(
      '/positions/otc',
      {
        epic,
        expiry: '-',
        direction,
        size,
        orderType: 'MARKET',
        currencyCode: market?.currency,
        forceOpen: true,
        guaranteedStop: false,
      },
      { version: 2 },
    );
    expect(deal.status, epic).toBe(200);
  }
  // The prices stand still while the figures are compared.
  for (const [epic, , , , [bid, offer]] of DEALS) sim.control.setMarket(epic, { bid, offer });
  // A bound for a hang, as a test's: a login and a deal per market can take over Vitest's 10 s for a hook under load.
}, 30_000);
afterAll(async () => {
  await sim.close();
});

async function call<T>(bg: ReturnType<typeof makeBackground>, type: string, data: object): Promise<T> {
  const reply = (await bg.route({ id: 1, type, data, timestamp: Date.now() }, PAGE)) as Reply<T>;
  if (!reply.ok) throw new Error(`${type}: ${reply.error.message}`);
  return reply.data;
}

describe("positions' profit and loss in the account's currency against the simulator", () => {
  it("one total at IG's rates equals the account's profit and loss the service reports", async () => {
    fakeBrowser.reset();
    await configure(sim, 2);
    const bg = makeBackground(newStores());
    const rows = await call<PositionView[]>(bg, 'positions.list', {});
    const funds = await call<FundsView>(bg, 'account.funds', {});
    const account = funds.funds.currency;
    expect(account).toBe('EUR');
    expect(new Set(rows.map((r) => r.currency))).toEqual(new Set(['USD', 'GBP', 'JPY', 'EUR']));

    const foreign = [...new Set(rows.filter((r) => r.currency !== account).map((r) => r.epic))];
    const facts = await Promise.all(foreign.map((epic) => call<Fresh<MarketFacts>>(bg, 'markets.facts', { epic })));
    const rates = chooseRates(rows, account, facts, []);
    expect([...rates.keys()].sort()).toEqual(['GBP', 'JPY', 'USD']);
    for (const rate of rates.values()) expect(rate.source).toBe('ig');

    const pnl = accountPnl(rows, account, rates);
    expect(pnl.total).not.toBeNull();
    expect(pnl.total).toBe(funds.funds.profitLoss);

    // Each row is the simulator's own figure for that position in EUR.
    const state = sim.control.state();
    const universe = new Universe(23, sim.control.now());
    for (const row of rows) {
      const position = state.positions.find((p) => p.dealId === row.dealId);
      const market = universe.markets.find((m) => m.epic === row.epic);
      const close = DEALS.find(([epic]) => epic === row.epic)?.[4];
      if (!position || !market || !close) throw new Error(`${row.epic} missing`);
      const exit = position.direction === 'BUY' ? close[0] : close[1];
      expect(pnl.rows.get(row.dealId), row.epic).toBe(
        profit(market, 'CFD', account, position.direction, position.size, position.level, exit),
      );
    }
    bg.stop();
  });
});
