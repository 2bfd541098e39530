// The account's funds through the background against the simulated service, with the stream part
// replaced by a link the test drives: read once over REST, then moved by ACCOUNT updates and pushed to
// the open page with no further GET /accounts; refused values change nothing; when the stream stops,
// the page is told and reads go back to the service.

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBackground } from '../../lib/background/create-background';
import type { FundsView } from '../../lib/model';
import { asker, openLivePage } from '../helpers/live-page';
import { VAULT_OPTIONS } from '../helpers/vault-options';
import { FakeLink, flush } from '../stream/fakes';
import {
  configure,
  countRequests,
  EXTENSION_ID,
  fakeBrowser,
  newStores,
  ORIGIN,
  type SimHandle,
  startSim,
} from './sim-setup';

let sim: SimHandle;
beforeAll(async () => {
  sim = await startSim({ seed: 5 });
});
afterAll(async () => {
  await sim.close();
});
beforeEach(() => {
  fakeBrowser.reset();
});

/** Waits on `check` (bounded at 15 s for a hang: a loaded machine can take seconds over a login). */
async function until(check: () => boolean) {
  const end = Date.now() + 15_000;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}

async function setup() {
  await configure(sim);
  const links: FakeLink[] = [];
  const bg = createBackground({
    extensionId: EXTENSION_ID,
    extensionOrigin: ORIGIN,
    vault: VAULT_OPTIONS,
    openStore: newStores(),
    client: { retry: { attempts: 1, baseDelayMs: 10 } },
    stream: {
      withoutPages: false,
      createLink: async () => {
        const link = new FakeLink();
        links.push(link);
        return link;
      },
    },
  });
  const { received } = openLivePage(bg);
  const funds = () => asker(bg)<FundsView>('account.funds');
  const accountReads = (from: number) => countRequests(sim, from, (r) => r.method === 'GET' && r.path === '/accounts');
  const pushed = () => received.flatMap((m) => (m.kind === 'funds' ? [m.funds] : []));
  return { bg, links, funds, accountReads, pushed, link: () => links[links.length - 1] as FakeLink };
}

describe('account funds with the stream', () => {
  it('subscribes ACCOUNT:{accountId} in MERGE beside the heartbeat and TRADE', async () => {
    const t = await setup();
    await until(() => t.links.length === 1 && t.link().connected !== null);
    t.link().goLive();
    await until(() => t.link().subs.has('account'));
    const account = await t.funds();
    expect(t.link().subs.get('account')).toMatchObject({
      mode: 'MERGE',
      items: [`ACCOUNT:${account.funds.accountId}`],
      fields: ['PNL', 'DEPOSIT', 'AVAILABLE_CASH', 'FUNDS', 'MARGIN', 'AVAILABLE_TO_DEAL', 'EQUITY'],
    });
    expect([...t.link().subs.keys()].slice(0, 3)).toEqual(['hb', 'trade', 'account']);
    t.bg.stop();
  });

  it('reads GET /accounts once, then ACCOUNT updates move the funds and reach the page with no more reads', async () => {
    const t = await setup();
    const from = sim.control.requestCount();
    const rest = await t.funds();
    expect(rest.streamed).toBe(false);
    expect(rest.funds.currency).toMatch(/^[A-Z]{3}$/);
    expect(rest.funds.balance).toEqual(expect.any(Number));
    expect(t.accountReads(from)).toBe(1);

    await until(() => t.links.length === 1 && t.link().connected !== null);
    t.link().goLive();
    await until(() => t.link().subs.has('account'));
    const item = `ACCOUNT:${rest.funds.accountId}`;
    t.link().push('account', item, {
      PNL: '-12.5',
      DEPOSIT: '400',
      AVAILABLE_CASH: '9600',
      FUNDS: '10000',
      MARGIN: '400',
      AVAILABLE_TO_DEAL: '9587.5',
      EQUITY: '9987.5',
    });
    await until(() => t.pushed().length === 1);
    t.bg.hub.flush();
    expect(t.pushed()[0]).toMatchObject({
      streamed: true,
      funds: { accountId: rest.funds.accountId, balance: 10_000, profitLoss: -12.5, margin: 400, equity: 9_987.5 },
    });
    // Only PNL and EQUITY moved: the rest carries over.
    t.link().push('account', item, { PNL: '7.25', EQUITY: '10007.25' });
    await until(() => t.pushed().length === 2);
    expect(t.pushed()[1]?.funds).toMatchObject({ balance: 10_000, profitLoss: 7.25, equity: 10_007.25, margin: 400 });

    // A malformed value is refused: nothing is pushed, the page's read shows the last good figures.
    t.link().push('account', item, { PNL: 'garbage', FUNDS: 'NaN' });
    await flush();
    expect(t.pushed()).toHaveLength(2);
    const read = await t.funds();
    expect(read).toMatchObject({ streamed: true, funds: { profitLoss: 7.25, balance: 10_000 } });
    expect(read.funds.currency).toBe(rest.funds.currency);
    expect(t.accountReads(from)).toBe(1);

    // Another account's item is not this account's funds.
    t.link().push('account', 'ACCOUNT:SOMEONE', { PNL: '999' });
    expect((await t.funds()).funds.profitLoss).toBe(7.25);

    // The stream drops: the page is told the funds are no longer streamed, and reads go to the service.
    t.link().setStatus('DISCONNECTED:WILL-RETRY');
    await until(() => t.pushed().some((f) => !f.streamed));
    const after = await t.funds();
    expect(after.streamed).toBe(false);
    expect(t.accountReads(from)).toBe(2);
    t.bg.stop();
  });
});
