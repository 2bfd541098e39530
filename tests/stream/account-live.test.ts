import { describe, expect, it } from 'vitest';
import { AccountLive } from '../../lib/background/account/account-live';
import type { MarketQuote, PositionView } from '../../lib/model';

const opu = (status: string, dealId = 'D1') =>
  JSON.stringify({
    dealId,
    epic: 'CS.D.EURUSD.CFD.IP',
    status,
    dealStatus: 'ACCEPTED',
    direction: 'BUY',
    level: 1,
    size: 1,
  });

const cached = { epic: 'CS.D.EURUSD.CFD.IP', bid: 1.2, offer: 1.2001, scalingFactor: 10000 } as MarketQuote;

const TRADE = 'TRADE:ACC-A';

function setup(accountType = 'SPREADBET', contractSize: number | null = null) {
  let live = true;
  let active = 'ACC-A';
  let fetches = 0;
  const changed: string[] = [];
  const account = new AccountLive({
    live: () => live,
    activeAccount: () => active,
    quote: async () => cached,
    accountType: () => accountType,
    contractSize: async () => contractSize,
    changed: (what) => changed.push(what),
  });
  const fetch = async (): Promise<PositionView[]> => {
    fetches++;
    return [];
  };
  return {
    account,
    fetch,
    changed,
    fetches: () => fetches,
    setLive: (v: boolean) => (live = v),
    switchTo: (id: string) => (active = id),
  };
}

describe('positions kept by the stream', () => {
  it('while live the list is fetched once, then OPU changes it and the pages are told; no second fetch', async () => {
    const t = setup();
    expect(await t.account.positionsList(t.fetch)).toEqual([]);
    await t.account.trade(TRADE, { OPU: opu('OPEN') });
    expect(t.changed).toEqual(['positions']);
    expect((await t.account.positionsList(t.fetch)).map((p) => p.dealId)).toEqual(['D1']);
    await t.account.trade(TRADE, { OPU: opu('DELETED') });
    expect(await t.account.positionsList(t.fetch)).toEqual([]);
    expect(t.fetches()).toBe(1);
  });

  it('a CFD position new to the list is valued with the cached market’s contract size, else has no figure', async () => {
    const known = setup('CFD', 10);
    await known.account.positionsList(known.fetch);
    await known.account.trade(TRADE, { OPU: opu('OPEN') });
    expect((await known.account.positionsList(known.fetch))[0]?.profitLoss).toBe(2);
    const unknown = setup('CFD', null);
    await unknown.account.positionsList(unknown.fetch);
    await unknown.account.trade(TRADE, { OPU: opu('OPEN') });
    expect((await unknown.account.positionsList(unknown.fetch))[0]?.profitLoss).toBeNull();
    expect([known.fetches(), unknown.fetches()]).toEqual([1, 1]);
  });

  it('a spread bet new to the list is valued from the cached quote: 2,000 points up at 1 a point is 2,000.00', async () => {
    const t = setup('SPREADBET');
    await t.account.positionsList(t.fetch);
    await t.account.trade(TRADE, { OPU: opu('OPEN') });
    const [row] = await t.account.positionsList(t.fetch);
    expect(row?.profitLoss).toBe(2000);
    expect(t.fetches()).toBe(1);
  });

  it('not live: every list is fetched; forgetting drops what the stream kept', async () => {
    const t = setup();
    await t.account.positionsList(t.fetch);
    t.account.forget();
    await t.account.positionsList(t.fetch);
    t.setLive(false);
    await t.account.positionsList(t.fetch);
    expect(t.fetches()).toBe(3);
  });

  it('an OPU before any list still tells the pages to ask again', async () => {
    const t = setup();
    await t.account.trade(TRADE, { OPU: opu('OPEN'), CONFIRMS: null, WOU: null });
    expect(t.changed).toEqual(['positions']);
  });
});

describe('positions kept by the stream belong to one account', () => {
  const row = (dealId: string) => ({ dealId, epic: 'CS.D.EURUSD.CFD.IP' }) as PositionView;

  it("another account's TRADE update is neither applied nor announced", async () => {
    const t = setup();
    await t.account.positionsList(t.fetch);
    await t.account.trade('TRADE:ACC-B', { OPU: opu('OPEN') });
    expect(t.changed).toEqual([]);
    expect(await t.account.positionsList(t.fetch)).toEqual([]);
  });

  it('an OPU of the old account still on its way when the user switches never lands in the new list', async () => {
    let release: () => void = () => {};
    const slowQuote = new Promise<MarketQuote>((r) => (release = () => r(cached)));
    let active = 'ACC-A';
    const changed: string[] = [];
    const account = new AccountLive({
      live: () => true,
      activeAccount: () => active,
      quote: () => slowQuote,
      accountType: () => 'SPREADBET',
      contractSize: async () => null,
      changed: (what) => changed.push(what),
    });
    await account.positionsList(async () => [row('A-1')]);
    const inFlight = account.trade('TRADE:ACC-A', { OPU: opu('OPEN', 'A-2') });
    await flushMicrotasks();
    active = 'ACC-B';
    account.forget();
    expect((await account.positionsList(async () => [row('B-1')])).map((p) => p.dealId)).toEqual(['B-1']);
    release();
    await inFlight;
    expect((await account.positionsList(async () => [row('B-fetched-again')])).map((p) => p.dealId)).toEqual(['B-1']);
    expect(changed).toEqual([]);
  });

  it('a list read under one account that returns after a switch is not kept for the next', async () => {
    let active = 'ACC-A';
    const account = new AccountLive({
      live: () => true,
      activeAccount: () => active,
      quote: async () => cached,
      accountType: () => 'SPREADBET',
      contractSize: async () => null,
      changed: () => {},
    });
    const first = account.positionsList(async () => {
      active = 'ACC-B';
      return [row('A-1')];
    });
    expect((await first).map((p) => p.dealId)).toEqual(['A-1']);
    expect((await account.positionsList(async () => [row('B-1')])).map((p) => p.dealId)).toEqual(['B-1']);
  });
});

async function flushMicrotasks() {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}
