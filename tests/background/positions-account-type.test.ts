// Positions' profit and loss needs the account's type (CFD or spread bet): a v2 login reply names it, a
// v3 (OAuth) one does not, so the background reads it from GET /accounts once for the session.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Reply } from '../../lib/messages/contract';
import type { PositionView } from '../../lib/model';
import { profit } from '../../sim/money';
import { Universe } from '../../sim/universe';
import { TestClient } from '../sim/helpers';
import { configure, fakeBrowser, makeBackground, newStores, PAGE, type SimHandle, startSim } from './sim-setup';

const EURUSD = 'CS.D.EURUSD.MINI.IP';
let sim: SimHandle;
beforeAll(async () => {
  sim = await startSim({ seed: 7 });
  // A position opened as if on IG's own platform.
  const platform = new TestClient(sim);
  await platform.loginV2();
  const deal = await platform.post(
    '/positions/otc',
    {
      epic: EURUSD,
      expiry: '-',
      direction: 'BUY',
      size: 2,
      orderType: 'MARKET',
      currencyCode: 'USD',
      forceOpen: true,
      guaranteedStop: false,
    },
    { version: 2 },
  );
  expect(deal.status).toBe(200);
});
afterAll(async () => {
  await sim.close();
});
beforeEach(() => {
  fakeBrowser.reset();
});

async function positions(version: 2 | 3): Promise<{ rows: PositionView[]; accountReads: number }> {
  await configure(sim, version);
  const bg = makeBackground(newStores());
  const from = sim.control.requestCount();
  const list = async () => {
    const reply = (await bg.route({ id: 1, type: 'positions.list', data: {}, timestamp: Date.now() }, PAGE)) as Reply<
      PositionView[]
    >;
    if (!reply.ok) throw new Error(reply.error.message);
    return reply.data;
  };
  await list();
  const rows = await list();
  bg.stop();
  const accountReads = sim.control.requestLog(from).filter((e) => e.method === 'GET' && e.path === '/accounts').length;
  return { rows, accountReads };
}

describe("positions' profit and loss by session version", () => {
  for (const version of [2, 3] as const) {
    it(`v${version}: each row's profit and loss is the service's own figure`, async () => {
      const { rows, accountReads } = await positions(version);
      const row = rows.find((r) => r.epic === EURUSD);
      expect(row?.profitLoss).not.toBeNull();
      const state = sim.control.state();
      const position = state.positions.find((p) => p.dealId === row?.dealId);
      const market = new Universe(7, sim.control.now()).markets.find((m) => m.epic === EURUSD);
      if (!position || !market || row?.bid == null) throw new Error('position, market or price missing');
      const account = state.accounts.find((a) => a.accountId === position.accountId);
      if (account?.accountType !== 'CFD' && account?.accountType !== 'SPREADBET') throw new Error('account type');
      expect(row.profitLoss).toBeCloseTo(
        profit(market, account.accountType, market.currency, 'BUY', position.size, position.level, row.bid),
        2,
      );
      // v2's login reply names the type; v3 reads GET /accounts once for both lists.
      expect(accountReads).toBe(version === 2 ? 0 : 1);
    });
  }
});
