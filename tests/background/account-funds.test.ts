import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { AccountsResponseSchema } from '../../lib/api/schemas/accounts';
import { AccountFundsLive, fundsFromAccounts } from '../../lib/background/account/account-funds';
import type { AccountFunds, FundsView } from '../../lib/model';

const reply = (accounts: unknown[]) => v.parse(AccountsResponseSchema, { accounts });

describe('funds from GET /accounts', () => {
  it("reads the active account's balance, margin (deposit), P&L and available; equity is balance plus P&L", () => {
    const r = reply([
      { accountId: 'OTHER', currency: 'USD', balance: { balance: 1, deposit: 0, profitLoss: 0, available: 1 } },
      {
        accountId: 'ACC1',
        currency: 'GBP',
        balance: { balance: 10_000, deposit: 1_250.5, profitLoss: -20.25, available: 8_729.25 },
      },
    ]);
    expect(fundsFromAccounts(r, 'ACC1')).toEqual({
      accountId: 'ACC1',
      currency: 'GBP',
      balance: 10_000,
      margin: 1_250.5,
      profitLoss: -20.25,
      available: 8_729.25,
      equity: 9_979.75,
    });
    expect(fundsFromAccounts(r, 'NOPE')).toBeUndefined();
  });

  it('a figure of the wrong type is shown as unknown, not as NaN; an odd currency is dropped', () => {
    const funds = fundsFromAccounts(
      reply([{ accountId: 'ACC1', currency: '<img>', balance: { balance: '10000', deposit: null, profitLoss: 5 } }]),
      'ACC1',
    );
    expect(funds).toEqual({
      accountId: 'ACC1',
      currency: '',
      balance: null,
      margin: null,
      profitLoss: 5,
      available: null,
      equity: null,
    });
  });
});

describe('the funds the background holds', () => {
  const rest: AccountFunds = {
    accountId: 'ACC1',
    currency: 'GBP',
    balance: 100,
    margin: 10,
    profitLoss: 1,
    available: 91,
    equity: 101,
  };

  function setup() {
    let live = true;
    let active = 'ACC1';
    let t = 1_000;
    const fetched: string[] = [];
    const pushed: FundsView[] = [];
    const funds = new AccountFundsLive({
      live: () => live,
      accountId: async () => active,
      activeAccount: () => active,
      fetch: async (id) => {
        fetched.push(id);
        return { ...rest, accountId: id };
      },
      changed: (view) => pushed.push(view),
      now: () => t,
    });
    return {
      funds,
      fetched,
      pushed,
      setLive: (x: boolean) => (live = x),
      tick: (ms: number) => (t += ms),
      switchTo: (id: string) => (active = id),
    };
  }

  it('a streamed update before the first read keeps its figures; the read adds only the currency', async () => {
    const s = setup();
    s.funds.streamed('ACCOUNT:ACC1', {
      FUNDS: '200',
      PNL: '-3',
      MARGIN: '20',
      AVAILABLE_TO_DEAL: '177',
      EQUITY: '197',
    });
    expect(s.pushed[0]?.funds.currency).toBe('');
    const read = await s.funds.read();
    expect(read).toMatchObject({ streamed: true, funds: { currency: 'GBP', balance: 200, profitLoss: -3 } });
    expect(await s.funds.read()).toBe(read);
    expect(s.fetched).toEqual(['ACC1']);
  });

  it('not live: every read asks the service; a stop marks the streamed figures as no longer live', async () => {
    const s = setup();
    await s.funds.read();
    s.funds.streamed('ACCOUNT:ACC1', {});
    expect(s.pushed.at(-1)?.streamed).toBe(true);
    s.setLive(false);
    s.funds.stopped();
    expect(s.pushed.at(-1)?.streamed).toBe(false);
    await s.funds.read();
    await s.funds.read();
    expect(s.fetched).toHaveLength(3);
  });

  it("after a switch the old account's streamed figures are never pushed again, not even as stopped", async () => {
    const s = setup();
    s.funds.streamed('ACCOUNT:ACC1', { FUNDS: '200' });
    const before = s.pushed.length;
    s.switchTo('ACC2');
    s.funds.streamed('ACCOUNT:ACC1', { FUNDS: '999' });
    s.setLive(false);
    s.funds.stopped();
    expect(s.pushed).toHaveLength(before);
    expect((await s.funds.read()).funds.accountId).toBe('ACC2');
    expect(s.fetched).toEqual(['ACC2']);
  });
});
