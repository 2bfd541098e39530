// The account the user chose stays chosen across every new login. IG (and the simulator) log a v2 session
// into the client's default account: after the tokens expire, after a worker restarts with stored
// credentials and no tokens (a browser restart, an unlock), the next login lands there, and the background
// switches back to the chosen account before any account-scoped read or the stream goes out, without
// changing IG's default. With the official Lightstreamer client on the simulated stream.

import { LightstreamerClient, Subscription } from 'lightstreamer-client-node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBackground } from '../../lib/background/create-background';
import { accountKey } from '../../lib/background/session/client-holder';
import type { StatusView } from '../../lib/messages/contract';
import type { FundsView, PositionView } from '../../lib/model';
import { chosenAccounts, sessionTokens } from '../../lib/settings/registry';
import { type LightstreamerLibrary, lightstreamerLink } from '../../lib/stream/lightstreamer-link';
import { asker, openLivePage } from '../helpers/live-page';
import { VAULT_OPTIONS } from '../helpers/vault-options';
import { marketOrder, startTestSim, TestClient } from '../sim/helpers';
import { configure, EXTENSION_ID, fakeBrowser, newStores, ORIGIN, type SimHandle } from './sim-setup';

const A = 'SIMCFD1';
const B = 'SIMSPB1';
const lib = { LightstreamerClient, Subscription } as unknown as LightstreamerLibrary;

let sim: SimHandle;
const deals: Record<string, string> = {};

beforeAll(async () => {
  let platform: TestClient;
  ({ sim, client: platform } = await startTestSim());
  const open = async (order: Record<string, unknown>) => {
    const r = await platform.post('/positions/otc', marketOrder(order), { version: 2 });
    const ref = (r.body as { dealReference: string }).dealReference;
    return ((await platform.get(`/confirms/${ref}`)).body as { dealId: string }).dealId;
  };
  deals[A] = await open({ size: 2 });
  const sw = await platform.put('/session', { accountId: B });
  platform.headers['X-SECURITY-TOKEN'] = sw.headers.get('x-security-token') ?? '';
  deals[B] = await open({ expiry: 'DFB', size: 3 });
});
afterAll(async () => {
  await sim.close();
});
const running: { stop(): void }[] = [];
beforeEach(async () => {
  fakeBrowser.reset();
  await configure(sim);
});
// A failed test's background must not stream on into the next one.
afterEach(async () => {
  for (const bg of running.splice(0)) bg.stop();
  await until('the streams closed', () => streamed().length === 0);
}, 20_000);

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 15_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A background as a worker starts it, with a side panel connected. */
function start() {
  const bg = createBackground({
    extensionId: EXTENSION_ID,
    extensionOrigin: ORIGIN,
    vault: VAULT_OPTIONS,
    openStore: newStores(),
    client: { retry: { attempts: 1, baseDelayMs: 10 } },
    stream: { withoutPages: false, createLink: async () => lightstreamerLink(lib) },
  });
  running.push(bg);
  const { received } = openLivePage(bg);
  const ask = asker(bg);
  return {
    bg,
    received,
    funds: () => ask<FundsView>('account.funds'),
    positions: async () => (await ask<PositionView[]>('positions.list')).map((p) => p.dealId),
    status: () => ask<StatusView>('status.get'),
    switchTo: (accountId: string) => ask<StatusView>('session.switchAccount', { accountId }),
    /** The deals of the account's activity, read from the service (a REST read, never the stream). */
    activity: async () => {
      const to = sim.control.now() + 60_000;
      const r = await ask<{ activities: { dealId: string | null }[] }>('accountHistory.activity', {
        from: to - 86_400_000,
        to,
        page: 0,
        refresh: true,
      });
      return [...new Set(r.activities.map((a) => a.dealId))];
    },
  };
}

/** The streaming sessions the simulator holds: the account each was opened for and its items. */
const streamed = () =>
  sim.control.stream
    .state()
    .sessions.map((s) => ({ account: s.accountId, items: s.subscriptions.flatMap((x) => x.items) }));

const logins = () => sim.control.requestLog().filter((e) => e.method === 'POST' && e.path === '/session').length;

/** The stream runs on `account` alone, its TRADE and ACCOUNT items naming it. */
async function streamOn(bg: ReturnType<typeof start>['bg'], account: string) {
  await until(`a stream on ${account} alone`, () => {
    const s = streamed();
    return (
      s.length > 0 &&
      s.every((x) => x.account === account) &&
      s.some((x) => x.items.includes(`ACCOUNT:${account}`) && x.items.includes(`TRADE:${account}`))
    );
  });
  await until('live', () => bg.stream?.state.mode === 'live');
  expect(streamed().flatMap((s) => s.items.filter((i) => i.includes(account === A ? B : A)))).toEqual([]);
  expect(bg.stream?.account).toBe(account);
}

async function expectFiguresOf(t: ReturnType<typeof start>, account: string) {
  expect((await t.funds()).funds).toMatchObject(
    account === B ? { accountId: B, balance: 2_500, currency: 'GBP' } : { accountId: A, balance: 10_000 },
  );
  expect(await t.positions()).toEqual([deals[account]]);
  expect((await t.status()).account?.accountId).toBe(account);
}

/** A new v2 login of the client still lands on IG's default account: nothing we did changed it. */
async function igDefaultIsStill(account: string) {
  const fresh = new TestClient(sim);
  const r = await fresh.loginV2();
  expect((r.body as { currentAccountId: string }).currentAccountId).toBe(account);
}

describe('the chosen account stays chosen across a new login', () => {
  it('tokens expire: the next read logs in again and the figures and the stream are still the chosen account’s', async () => {
    const t = start();
    await streamOn(t.bg, A);
    await t.switchTo(B);
    await streamOn(t.bg, B);
    await expectFiguresOf(t, B);

    const session = sim.control.stream.state().sessions[0]?.id;
    const before = logins();
    sim.control.expireTokens();
    // As on IG, the connected stream outlives its tokens: the next REST read is refused and logs in again
    // (landing on IG's default, A), and what it gets is B's.
    expect(await t.activity()).toEqual([deals[B]]);
    expect(logins()).toBeGreaterThan(before);
    await expectFiguresOf(t, B);
    expect(sim.control.stream.state().sessions.map((s) => s.id)).toEqual([session]);
    await streamOn(t.bg, B);
    const told = t.received.filter((m) => m.kind === 'status').at(-1);
    expect(told?.kind === 'status' && told.status.account?.accountId).toBe(B);
    // The stream's next start (the server ends the session) comes back on B, never on A.
    sim.control.stream.endSessions(41, 'test');
    await until(
      'a new stream session',
      () => streamed().length > 0 && sim.control.stream.state().sessions[0]?.id !== session,
    );
    await streamOn(t.bg, B);
    await expectFiguresOf(t, B);
    await igDefaultIsStill(A);
    t.bg.stop();
  }, 60_000);

  it('a worker restarted with stored credentials and no tokens (browser restart, unlock) comes back on the chosen account', async () => {
    const first = start();
    await streamOn(first.bg, A);
    await first.switchTo(B);
    await streamOn(first.bg, B);
    first.bg.stop();
    await until('the old stream closed', () => streamed().length === 0);

    // The worker goes; storage.session went with the browser: the credentials stay, the tokens do not.
    await sessionTokens.setValue(null);
    const before = logins();
    const t = start();
    await expectFiguresOf(t, B);
    expect(logins()).toBeGreaterThan(before);
    await streamOn(t.bg, B);
    await igDefaultIsStill(A);
    t.bg.stop();
  }, 60_000);

  it('a chosen account the login no longer lists: said plainly, and the pages follow IG’s current account', async () => {
    const key = accountKey({ baseUrl: sim.baseUrl, identifier: sim.identifier });
    await chosenAccounts.setValue({ [key]: 'SIMGONE1' });
    const switches = () => sim.control.requestLog().filter((e) => e.method === 'PUT' && e.path === '/session').length;
    const before = switches();
    const t = start();
    await streamOn(t.bg, A);
    await until('the user told', async () => /SIMGONE1/.test((await t.status()).lastError?.message ?? ''));
    const status = await t.status();
    expect(status.lastError?.message).toBe(
      `The account SIMGONE1 you chose is no longer on this login: showing IG's current account, ${A}.`,
    );
    expect(status.account?.accountId).toBe(A);
    await expectFiguresOf(t, A);
    expect(switches()).toBe(before);
    // Forgotten: the next login does not look for it again.
    expect(await chosenAccounts.getValue()).toEqual({});
    t.bg.stop();
  }, 60_000);
});
