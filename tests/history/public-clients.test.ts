// The simulator's history as the public IG clients read it. trading-ig (ig-python/trading-ig,
// rest.py: fetch_account_activity v3 and fetch_transaction_history v2) is the reference: its paging loop
// keeps its own query and takes only `from` and `to` from `metadata.paging.next`, its detailed frame is
// pandas' json_normalize over `details.actions` with a fixed list of meta fields (a missing one raises
// KeyError), and its transactions frame names twelve columns. What they read, the simulator must send.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimHandle } from '../../sim/server';
import { marketOrder, startTestSim, type TestClient } from '../sim/helpers';

const ACTIVITY_META = ['date', 'epic', 'period', 'dealId', 'channel', 'type', 'status', 'description'];
const ACTIVITY_DETAILS = [
  'marketName',
  'goodTillDate',
  'currency',
  'direction',
  'level',
  'stopLevel',
  'stopDistance',
  'guaranteedStop',
  'trailingStopDistance',
  'trailingStep',
  'limitLevel',
  'limitDistance',
];
const TRANSACTION_COLUMNS = [
  'cashTransaction',
  'closeLevel',
  'currency',
  'date',
  'dateUtc',
  'instrumentName',
  'openLevel',
  'period',
  'profitAndLoss',
  'reference',
  'size',
  'transactionType',
];
const ROUND_TRIPS = 7;

let sim: SimHandle;
let client: TestClient;

type Json = Record<string, unknown>;
const query = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`;

/** trading-ig's fetch_account_activity(from_date, detailed=True, page_size): its loop, step by step. */
async function tradingIgActivity(from: string, pageSize: number): Promise<{ activities: Json[]; requests: number }> {
  const params: Record<string, string> = { from, detailed: 'true', pageSize: String(pageSize) };
  const activities: Json[] = [];
  let requests = 0;
  for (;;) {
    const r = await client.get(`/history/activity/${query(params)}`, { version: 3 });
    requests++;
    expect(r.status, r.text).toBe(200);
    const data = r.body as { activities: Json[]; metadata: { paging: { next: string | null } } };
    activities.push(...data.activities);
    const next = data.metadata.paging.next;
    if (next === null) return { activities, requests };
    const nextQuery = new URL(next, 'http://ig.invalid').searchParams;
    for (const key of ['from', 'to']) {
      const value = nextQuery.get(key);
      if (value !== null) params[key] = value;
      else if (!(key in params)) throw new Error(`KeyError: '${key}' (trading-ig deletes a key it never set)`);
      else delete params[key];
    }
    if (requests > 50) throw new Error('the paging never ends');
  }
}

beforeAll(async () => {
  ({ sim, client } = await startTestSim({ seed: 11 }));
  for (let i = 0; i < ROUND_TRIPS; i++) {
    const opened = await client.post('/positions/otc', marketOrder(), { version: 2 });
    const { dealReference } = opened.body as { dealReference: string };
    const { dealId } = (await client.get(`/confirms/${dealReference}`, { version: 1 })).body as { dealId: string };
    sim.control.advanceClock(1500);
    await client.del('/positions/otc', { dealId, direction: 'SELL', size: 1, orderType: 'MARKET' }, { version: 1 });
    sim.control.advanceClock(1500);
  }
  // A bound for a hang, as a test's: 22 requests took over Vitest's 10 s for a hook under load (load 24, steady3).
}, 30_000);
afterAll(() => sim.close());

describe('what trading-ig reads of the simulated history', () => {
  it('pages the activity with only `from` and `to` taken from `paging.next`, and ends with every event once', async () => {
    const { activities, requests } = await tradingIgActivity('2026-01-01T00:00:00', 10);
    expect(requests).toBeGreaterThan(1);
    const whole = await client.get(`/history/activity${query({ from: '2026-01-01T00:00:00', pageSize: '500' })}`, {
      version: 3,
    });
    const all = (whole.body as { activities: Json[] }).activities;
    expect(all.length).toBeGreaterThanOrEqual(2 * ROUND_TRIPS);
    expect(activities.map((a) => `${a.dealId} ${a.date}`)).toEqual(all.map((a) => `${a.dealId} ${a.date}`));
  });

  it('gives every detailed activity the fields its json_normalize asks for (none missing, so no KeyError)', async () => {
    const { activities } = await tradingIgActivity('2026-01-01T00:00:00', 500);
    const missing: string[] = [];
    for (const a of activities) {
      for (const key of ACTIVITY_META) if (!(key in a)) missing.push(`${a.dealId}: ${key}`);
      const details = a.details as Json | undefined;
      if (!details || !Array.isArray(details.actions)) missing.push(`${a.dealId}: details.actions`);
      else for (const key of ACTIVITY_DETAILS) if (!(key in details)) missing.push(`${a.dealId}: details.${key}`);
    }
    expect(missing).toEqual([]);
    const rows = activities.flatMap((a) => (a.details as { actions: Json[] }).actions);
    expect(rows.length).toBeGreaterThanOrEqual(2 * ROUND_TRIPS);
    expect(rows.every((r) => typeof r.actionType === 'string' && typeof r.affectedDealId === 'string')).toBe(true);
  });

  it('gives every transaction the twelve columns of its frame, with profitAndLoss as IG writes it', async () => {
    const r = await client.get(`/history/transactions${query({ type: 'ALL', from: '2026-01-01T00:00:00' })}`, {
      version: 2,
    });
    expect(r.status, r.text).toBe(200);
    const { transactions } = r.body as { transactions: Json[] };
    const deals = transactions.filter((t) => t.transactionType === 'DEAL');
    expect(deals).toHaveLength(ROUND_TRIPS);
    for (const t of transactions) expect(Object.keys(t)).toEqual(expect.arrayContaining(TRANSACTION_COLUMNS));
    for (const t of deals) expect(t.profitAndLoss).toMatch(/^[^\d-]+-?[\d,]+\.\d{2}$/);
  });
});
