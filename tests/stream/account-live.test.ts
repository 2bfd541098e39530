import { describe, expect, it } from 'vitest';
import { AccountLive } from '../../lib/background/account-live';
import type { PositionView } from '../../lib/model';

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

function setup() {
  let live = true;
  let fetches = 0;
  const changed: string[] = [];
  const account = new AccountLive({
    live: () => live,
    quote: async () => undefined,
    changed: (what) => changed.push(what),
  });
  const fetch = async (): Promise<PositionView[]> => {
    fetches++;
    return [];
  };
  return { account, fetch, changed, fetches: () => fetches, setLive: (v: boolean) => (live = v) };
}

describe('positions kept by the stream', () => {
  it('while live the list is fetched once, then OPU changes it and the pages are told; no second fetch', async () => {
    const t = setup();
    expect(await t.account.positionsList(t.fetch)).toEqual([]);
    await t.account.trade({ OPU: opu('OPEN') });
    expect(t.changed).toEqual(['positions']);
    expect((await t.account.positionsList(t.fetch)).map((p) => p.dealId)).toEqual(['D1']);
    await t.account.trade({ OPU: opu('DELETED') });
    expect(await t.account.positionsList(t.fetch)).toEqual([]);
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
    await t.account.trade({ OPU: opu('OPEN'), CONFIRMS: null, WOU: null });
    expect(t.changed).toEqual(['positions']);
  });
});
