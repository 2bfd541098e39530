// Switching account through the background against the simulated service, which holds two accounts with
// their own positions and funds. With the official Lightstreamer client on the simulated stream: the
// switch opens a new streaming session whose PRICE, TRADE and ACCOUNT items name the new account, and the
// funds and positions the pages read are the new account's. With a link the test drives: updates of the
// old account still on their way when the user switches (one waiting for a market lookup, others on the
// old connection) change nothing of the new account and reach no page.

import { LightstreamerClient, Subscription } from 'lightstreamer-client-node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBackground } from '../../lib/background/create-background';
import type { MarketData } from '../../lib/background/sources/market-data';
import type { StatusView } from '../../lib/messages/contract';
import type { FundsView, PositionView } from '../../lib/model';
import { type LightstreamerLibrary, lightstreamerLink } from '../../lib/stream/lightstreamer-link';
import type { StreamLink } from '../../lib/stream/link';
import { asker, openLivePage } from '../helpers/live-page';
import { VAULT_OPTIONS } from '../helpers/vault-options';
import { marketOrder, startTestSim, type TestClient } from '../sim/helpers';
import { FakeLink } from '../stream/fakes';
import { configure, EXTENSION_ID, fakeBrowser, newStores, ORIGIN, type SimHandle } from './sim-setup';

const A = 'SIMCFD1';
const B = 'SIMSPB1';
const lib = { LightstreamerClient, Subscription } as unknown as LightstreamerLibrary;

let sim: SimHandle;
let platform: TestClient;
/** The deal ids of the positions each account holds, opened as if on IG's own platform. */
const deals: Record<string, string> = {};

async function openPosition(order: Record<string, unknown>): Promise<string> {
  const r = await platform.post('/positions/otc', marketOrder(order), { version: 2 });
  const ref = (r.body as { dealReference: string }).dealReference;
  const confirm = (await platform.get(`/confirms/${ref}`)).body as { dealId: string; dealStatus: string };
  if (confirm.dealStatus !== 'ACCEPTED') throw new Error(`the simulator refused the deal: ${JSON.stringify(confirm)}`);
  return confirm.dealId;
}

beforeAll(async () => {
  ({ sim, client: platform } = await startTestSim());
  deals[A] = await openPosition({ size: 2 });
  const sw = await platform.put('/session', { accountId: B });
  platform.headers['X-SECURITY-TOKEN'] = sw.headers.get('x-security-token') ?? '';
  deals[B] = await openPosition({ expiry: 'DFB', size: 3 });
});
afterAll(async () => {
  await sim.close();
});
beforeEach(() => {
  fakeBrowser.reset();
});

async function until(what: string, check: () => boolean, ms = 15_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function setup(createLink: () => Promise<StreamLink>, wrapData?: (data: MarketData) => MarketData) {
  await configure(sim);
  const bg = createBackground({
    extensionId: EXTENSION_ID,
    extensionOrigin: ORIGIN,
    vault: VAULT_OPTIONS,
    openStore: newStores(),
    client: { retry: { attempts: 1, baseDelayMs: 10 } },
    stream: { withoutPages: false, createLink },
    wrapData,
  });
  const { received } = openLivePage(bg);
  const ask = asker(bg);
  const funds = () => ask<FundsView>('account.funds');
  const positions = async () => (await ask<PositionView[]>('positions.list')).map((p) => p.dealId);
  const switchTo = (accountId: string) => ask<StatusView>('session.switchAccount', { accountId });
  /** What the page was told after it learnt that `accountId` is the account in use. */
  const toldAfter = (accountId: string) => {
    const from = received.findIndex((m) => m.kind === 'status' && m.status.account?.accountId === accountId);
    return from < 0 ? [] : received.slice(from);
  };
  return { bg, received, funds, positions, switchTo, toldAfter };
}

/** The items of every streaming session the simulator holds, with the account each was opened for. */
const streamed = () =>
  sim.control.stream
    .state()
    .sessions.map((s) => ({ account: s.accountId, items: s.subscriptions.flatMap((x) => x.items) }));

describe('switching account restarts the stream on the new account', () => {
  it('with the official client on the simulated stream: new session, items and figures of the new account', async () => {
    const t = await setup(async () => lightstreamerLink(lib));
    await until('live', () => t.bg.stream?.state.mode === 'live');
    await until('ACCOUNT and TRADE items', () => streamed().some((s) => s.items.includes(`ACCOUNT:${A}`)));
    expect(streamed()).toEqual([{ account: A, items: expect.arrayContaining([`TRADE:${A}`, `ACCOUNT:${A}`]) }]);
    expect((await t.funds()).funds).toMatchObject({ accountId: A, balance: 10_000, currency: 'EUR' });
    expect(await t.positions()).toEqual([deals[A]]);

    const status = await t.switchTo(B);
    expect(status.account?.accountId).toBe(B);
    // One session, opened for the new account, whose items all name it; nothing of the old one is left.
    await until('a session for the new account', () => streamed().some((s) => s.account === B));
    await until('the old session gone', () => streamed().every((s) => s.account === B));
    await until('ACCOUNT and TRADE of the new account', () =>
      streamed().some((s) => s.items.includes(`ACCOUNT:${B}`) && s.items.includes(`TRADE:${B}`)),
    );
    await until('live', () => t.bg.stream?.state.mode === 'live');
    const items = streamed().flatMap((s) => s.items);
    expect(items.filter((i) => i.includes(A))).toEqual([]);
    expect(t.bg.stream?.account).toBe(B);

    expect((await t.funds()).funds).toMatchObject({ accountId: B, balance: 2_500, currency: 'GBP' });
    expect(await t.positions()).toEqual([deals[B]]);
    // The new account's ACCOUNT item moves its funds on the page; nothing of the old account is pushed.
    await until('streamed funds of the new account', () =>
      t.toldAfter(B).some((m) => m.kind === 'funds' && m.funds.streamed && m.funds.funds.accountId === B),
    );
    expect(t.toldAfter(B).filter((m) => m.kind === 'funds' && m.funds.funds.accountId !== B)).toEqual([]);
    t.bg.stop();
  }, 40_000);

  it('updates of the old account on their way at the switch change nothing of the new one', async () => {
    const links: FakeLink[] = [];
    // The market of a deal made elsewhere is looked up before the position joins the list: held here.
    let release: () => void = () => {};
    const lookup = new Promise<void>((r) => (release = r));
    let held = 0;
    let looked = 0;
    const t = await setup(
      async () => {
        const link = new FakeLink();
        links.push(link);
        return link;
      },
      (data) => ({
        ...data,
        budget: () => data.budget(),
        markets: async (epics) => {
          if (epics.includes('CS.D.GBPUSD.CFD.IP')) {
            held++;
            await lookup;
            const found = await data.markets(epics);
            looked++;
            return found;
          }
          return data.markets(epics);
        },
      }),
    );
    const first = () => links[0] as FakeLink;
    await until('the first link', () => links.length === 1 && first().connected !== null);
    expect(first().connected?.user).toBe(A);
    first().goLive();
    await until('ACCOUNT subscribed', () => first().subs.has('account'));
    expect(await t.positions()).toEqual([deals[A]]);
    expect((await t.funds()).funds.accountId).toBe(A);
    first().push('account', `ACCOUNT:${A}`, { FUNDS: '10000', PNL: '5', EQUITY: '10005' });
    await until('streamed funds', () => t.received.some((m) => m.kind === 'funds' && m.funds.streamed));

    // A deal of the old account arrives on TRADE and waits for its market's lookup when the user switches.
    const opu = (dealId: string) =>
      JSON.stringify({
        dealId,
        epic: 'CS.D.GBPUSD.CFD.IP',
        status: 'OPEN',
        dealStatus: 'ACCEPTED',
        direction: 'BUY',
        level: 1.25,
        size: 1,
        currency: 'USD',
      });
    first().push('trade', `TRADE:${A}`, { OPU: opu('DIAAAAOLDINFLIGHT') });
    await until('the lookup held', () => held > 0);
    await t.switchTo(B);

    // A new connection signs in as the new account and subscribes its items; the old one is closed.
    await until('a second link', () => links.length === 2 && links[1]?.connected !== null);
    const second = links[1] as FakeLink;
    expect(first().disconnected).toBe(true);
    expect(second.connected?.user).toBe(B);
    second.goLive();
    await until('ACCOUNT subscribed again', () => second.subs.has('account'));
    expect(second.subs.get('account')?.items).toEqual([`ACCOUNT:${B}`]);
    expect(second.subs.get('trade')?.items).toEqual([`TRADE:${B}`]);
    const itemsNow = [...second.subs.values()].flatMap((s) => s.items);
    expect(itemsNow.filter((i) => i.includes(A))).toEqual([]);
    expect(await t.positions()).toEqual([deals[B]]);
    expect((await t.funds()).funds).toMatchObject({ accountId: B, balance: 2_500 });

    // Late updates on the old connection, then the held lookup finishes: none of it lands.
    first().push('account', `ACCOUNT:${A}`, { FUNDS: '99999', PNL: '-1', EQUITY: '99998' });
    first().push('trade', `TRADE:${A}`, { OPU: opu('DIAAAAOLDLATE') });
    release();
    await until('the lookup done', () => looked > 0);
    // What could still land would do so within a few turns of the event loop.
    await new Promise((r) => setTimeout(r, 200));
    expect(await t.positions()).toEqual([deals[B]]);
    const funds = await t.funds();
    expect(funds.funds).toMatchObject({ accountId: B, balance: 2_500 });
    const told = t.toldAfter(B);
    expect(told.filter((m) => m.kind === 'funds' && m.funds.funds.accountId !== B)).toEqual([]);
    t.bg.stop();
  }, 40_000);
});
