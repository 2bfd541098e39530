// The simulator's history over its own record of deals, read through the same client code as IG's
// captured replies: every event, IG's paging and filters, transactions that add up to the balance.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createClient, RateLimitError } from '../../lib/api';
import { linkTrades } from '../../lib/history/link';
import type { HistoryActivity } from '../../lib/history/types';
import { type SimHandle, startSim } from '../../sim/server';
import { permittedDealing } from '../helpers/api-client';
import { type FixtureReply, fixtureFetch, loadFixture } from '../helpers/api-fixtures';
import { WEDNESDAY_1500 } from '../sim/helpers';

let sim: SimHandle;
let client: Client;
const FTSE = 'IX.D.FTSE.DAILY.IP';
const buy = { epic: FTSE, direction: 'BUY' as const, size: 2, currencyCode: 'GBP', expiry: '-' };

async function allActivity(c: Client, pageSize = 10): Promise<{ activities: HistoryActivity[]; pages: number }> {
  const activities: HistoryActivity[] = [];
  let query: Parameters<Client['history']['activity']>[0] | null = { detailed: true, pageSize };
  let pages = 0;
  while (query) {
    const page: Awaited<ReturnType<Client['history']['activity']>> = await c.history.activity(query);
    activities.push(...page.activities);
    query = page.next;
    pages++;
  }
  return { activities, pages };
}

const balance = async () =>
  (await client.accounts.list()).accounts.find((a) => a.accountId === 'SIMCFD1')?.balance?.balance;

let opened: string;
let partlyClosed: string;
let orderId: string;
let startBalance: number | null | undefined;

beforeAll(async () => {
  sim = await startSim({ port: 0, seed: 7, rateLimits: false, startTime: WEDNESDAY_1500 });
  client = createClient({
    baseUrl: sim.baseUrl,
    apiKey: sim.apiKey,
    identifier: sim.identifier,
    password: sim.password,
    sessionVersion: 2,
    retry: { attempts: 1, baseDelayMs: 5 },
    confirm: { attempts: 5, delayMs: 20 },
  });
  await client.login();
  const dealing = permittedDealing(client, client.accountId() ?? '');
  startBalance = await balance();
  const step = () => sim.control.advanceClock(2000);
  const first = await dealing.positions.openAndConfirm(buy);
  opened = first.status === 'accepted' ? (first.dealId ?? '') : '';
  step();
  await dealing.positions.amend(opened, {
    limitLevel: (first.status === 'accepted' ? (first.confirmation.level ?? 0) : 0) + 500,
    stopLevel: null,
  });
  step();
  const second = await dealing.positions.openAndConfirm({ ...buy, direction: 'SELL', size: 3 });
  partlyClosed = second.status === 'accepted' ? (second.dealId ?? '') : '';
  step();
  await dealing.positions.close({ dealId: opened, direction: 'SELL', size: 2 });
  step();
  await dealing.positions.close({ dealId: partlyClosed, direction: 'BUY', size: 1 });
  step();
  const rejected = await dealing.positions.openAndConfirm({ ...buy, size: 0.01 });
  expect(rejected.status).toBe('rejected');
  step();
  const bid = first.status === 'accepted' ? (first.confirmation.level ?? 0) : 0;
  await dealing.workingOrders.create({
    ...buy,
    level: bid - 300,
    type: 'LIMIT',
    size: 1,
  });
  orderId = (await client.workingOrders.list()).workingOrders[0]?.workingOrderData.dealId ?? '';
  step();
  await dealing.workingOrders.amend(orderId, { level: bid - 400 });
  step();
  await dealing.workingOrders.delete(orderId);
});
afterAll(() => sim.close());

describe("the simulator's activity", () => {
  it('records every deal, amendment, close, rejection and order event, newest first, over pages of 10', async () => {
    const { activities, pages } = await allActivity(client);
    expect(pages).toBeGreaterThan(0);
    const summary = activities.map((a) => [a.type, a.status, a.actions.map((x) => x.type).join('+')]);
    expect(summary).toEqual([
      ['WORKING_ORDER', 'ACCEPTED', 'LIMIT_ORDER_DELETED'],
      ['WORKING_ORDER', 'ACCEPTED', 'LIMIT_ORDER_AMENDED'],
      ['WORKING_ORDER', 'ACCEPTED', 'LIMIT_ORDER_OPENED'],
      ['POSITION', 'REJECTED', ''],
      ['POSITION', 'ACCEPTED', 'POSITION_PARTIALLY_CLOSED'],
      ['POSITION', 'ACCEPTED', 'POSITION_CLOSED'],
      ['POSITION', 'ACCEPTED', 'POSITION_OPENED'],
      ['EDIT_STOP_AND_LIMIT', 'ACCEPTED', 'STOP_LIMIT_AMENDED'],
      ['POSITION', 'ACCEPTED', 'POSITION_OPENED'],
    ]);
    expect(activities[3]?.description).toBe('Rejected: MINIMUM_ORDER_SIZE_ERROR');
    const close = activities[5];
    expect(close?.actions[0]?.dealId).toBe(opened);
    expect(close?.dealId).not.toBe(opened);
    expect(close?.description).toBe(`Position/s closed: ${opened.slice(-8)}`);
    expect(activities.every((a) => a.marketName === 'FTSE 100' || a.epic !== FTSE)).toBe(true);
  });

  it('filters by deal id (its own or an affected one) and by FIQL', async () => {
    const byDeal = await client.history.activity({ dealId: opened, detailed: true });
    expect(byDeal.activities.map((a) => a.actions[0]?.type)).toEqual([
      'POSITION_CLOSED',
      'STOP_LIMIT_AMENDED',
      'POSITION_OPENED',
    ]);
    const orders = await client.history.activity({ filter: 'type==WORKING_ORDER' });
    expect(orders.activities).toHaveLength(3);
    const notAccepted = await client.history.activity({ filter: 'status!=ACCEPTED;type==POSITION' });
    expect(notAccepted.activities.map((a) => a.status)).toEqual(['REJECTED']);
  });
});

describe("the simulator's transactions", () => {
  it('closed trades add up exactly to the change in balance, beside the opening deposit', async () => {
    const all = await client.history.transactions({ from: '2026-01-01', pageSize: 0 });
    const deals = all.transactions.filter((t) => t.type === 'DEAL');
    expect(deals).toHaveLength(2);
    const cents = deals.reduce((s, t) => s + Math.round(Number(t.pnl?.value) * 100), 0);
    const end = await balance();
    expect(cents).toBe(Math.round(((end ?? 0) - (startBalance ?? 0)) * 100));
    expect(deals.map((t) => t.size)).toEqual(['-1', '2']);
    expect(deals.every((t) => t.pnl?.symbol === 'E' && t.openLevel !== null && t.closeLevel !== null)).toBe(true);
    expect(deals.some((t) => t.reference === opened || t.reference === partlyClosed)).toBe(false);
    const deposit = await client.history.transactions({ type: 'DEPOSIT', from: '2026-01-01' });
    expect(deposit.transactions.map((t) => [t.instrumentName, t.pnl?.value])).toEqual([['Bank Deposit', '10000.00']]);
  });

  it('links each closed trade to the deal that opened it and the one that closed it', async () => {
    const { activities } = await allActivity(client, 500);
    const deals = (await client.history.transactions({ type: 'ALL_DEAL', from: '2026-01-01' })).transactions;
    const links = linkTrades(deals, activities);
    const closes = activities.filter((a) =>
      a.actions.some((x) => x.type.startsWith('POSITION_') && x.type.includes('CLOSED')),
    );
    expect(deals.map((t) => links.get(t))).toEqual([
      expect.objectContaining({ linked: true, openDealId: partlyClosed, closeDealId: closes[0]?.dealId }),
      expect.objectContaining({ linked: true, openDealId: opened, closeDealId: closes[1]?.dealId }),
    ]);
  });

  it('pages by number with the page data, and the default window is the last 600 seconds', async () => {
    const p1 = await client.history.transactions({ from: '2026-01-01', pageSize: 2, pageNumber: 1 });
    const p2 = await client.history.transactions({ from: '2026-01-01', pageSize: 2, pageNumber: 2 });
    expect([p1.totalPages, p1.transactions.length, p2.transactions.length]).toEqual([2, 2, 1]);
    expect(p2.transactions[0]?.type).toBe('DEPO');
    sim.control.advanceClock(3_600_000);
    expect((await client.history.transactions()).transactions).toEqual([]);
  });
});

describe('paging', () => {
  it('splits no second across pages: 80 activities, four a second, in pages of 10', async () => {
    const other = await startSim({ port: 0, seed: 7, rateLimits: false, startTime: WEDNESDAY_1500 });
    try {
      other.control.seedHistory({ accountId: 'SIMCFD1', trades: 40, spanMs: 20_000 });
      const c = createClient({
        baseUrl: other.baseUrl,
        apiKey: other.apiKey,
        identifier: other.identifier,
        password: other.password,
        sessionVersion: 2,
        retry: { attempts: 1, baseDelayMs: 5 },
      });
      const { activities, pages } = await allActivity(c, 10);
      expect(pages).toBeGreaterThan(4);
      expect(activities).toHaveLength(80);
      expect(new Set(activities.map((a) => a.dealReference)).size).toBe(80);
      const seeded = await c.history.transactions({ type: 'ALL_DEAL', from: '2026-01-01', pageSize: 0 });
      expect(seeded.transactions).toHaveLength(40);
    } finally {
      await other.close();
    }
  });

  it("pages by IG's next link without losing or repeating a row, even within one second", async () => {
    const dealing = permittedDealing(client, client.accountId() ?? '');
    for (let i = 0; i < 6; i++) {
      await dealing.positions.amend(partlyClosed, { limitLevel: null, stopLevel: null });
      if (i % 2) sim.control.advanceClock(1000);
    }
    const small = await allActivity(client, 10);
    const whole = await client.history.activity({ detailed: true, pageSize: 500 });
    expect(small.activities).toEqual(whole.activities);
    expect(small.pages).toBe(2);
    expect(small.activities).toHaveLength(15);
    expect(new Set(small.activities.map((a) => a.dealReference)).size).toBe(15);
  });
});

describe('one reading for both', () => {
  it("reads the simulator's replies and IG's captured replies through the same client code", async () => {
    const fx = fixtureFetch((): FixtureReply => loadFixture('finance-ig/API/history/activity/GET_3.json'));
    const ig = createClient({
      baseUrl: 'https://demo-api.ig.com/gateway/deal',
      apiKey: 'fixtureApiKey123',
      identifier: 'fixture-user',
      password: 'fixture-password',
      sessionVersion: 2,
      fetch: fx.fetch,
      tokenStore: (await import('../../lib/api')).memoryTokenStore({
        version: 2,
        baseUrl: 'https://demo-api.ig.com/gateway/deal',
        identifier: 'fixture-user',
        cst: 'c',
        securityToken: 'x',
        info: { accountId: 'ABC12', accounts: [{ accountId: 'ABC12' }] },
      }),
    });
    const shape = (a: HistoryActivity) => ({
      at: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/.test(a.at),
      dealId: /^DIAAAA[A-Z0-9]{9}$/.test(a.dealId ?? ''),
      closes: a.actions.every((x) => /^DIAAAA[A-Z0-9]{9}$/.test(x.dealId ?? '')),
      level: typeof a.level === 'number',
      described: a.description.length > 0,
    });
    const fromIg = (await ig.history.activity({ detailed: true })).activities;
    const fromSim = (await client.history.activity({ detailed: true, filter: 'status==ACCEPTED;type==POSITION' }))
      .activities;
    const expected = { at: true, dealId: true, closes: true, level: true, described: true };
    for (const a of [...fromIg, ...fromSim]) expect(shape(a)).toEqual(expected);
    const closeOf = (list: HistoryActivity[]) => list.find((a) => a.actions[0]?.type === 'POSITION_CLOSED');
    expect(closeOf(fromIg)?.description).toMatch(/Position\/s closed: [A-Z0-9]{8}$/);
    expect(closeOf(fromSim)?.description).toMatch(/Position\/s closed: [A-Z0-9]{8}$/);
  });
});

describe('the allowance', () => {
  it('counts history reads against the non-trading allowance like other reads', async () => {
    const limited = await startSim({ port: 0, seed: 7, rateLimits: true, startTime: WEDNESDAY_1500 });
    try {
      const c = createClient({
        baseUrl: limited.baseUrl,
        apiKey: limited.apiKey,
        identifier: limited.identifier,
        password: limited.password,
        sessionVersion: 2,
        retry: { attempts: 1, baseDelayMs: 5 },
      });
      const outcomes: string[] = [];
      for (let i = 0; i < 32; i++) {
        const call = i % 2 ? c.history.activity() : c.history.transactions();
        outcomes.push(
          await call.then(() => 'ok').catch((e: unknown) => (e instanceof RateLimitError ? 'limited' : String(e))),
        );
      }
      expect(outcomes.filter((o) => o === 'ok').length).toBeLessThanOrEqual(30);
      expect(outcomes.at(-1)).toBe('limited');
      const served = limited.control.requestLog().filter((e) => e.path.startsWith('/history/')).length;
      expect(served).toBeLessThanOrEqual(30);
    } finally {
      await limited.close();
    }
  });
});
