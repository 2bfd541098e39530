import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimHandle } from '../../sim/server';
import { errorCode, startTestSim, type TestClient } from './helpers';

let sim: SimHandle;
let client: TestClient;
beforeAll(async () => {
  ({ sim, client } = await startTestSim());
});
afterAll(() => sim.close());

interface Sentiment {
  marketId: string;
  longPositionPercentage: number;
  shortPositionPercentage: number;
}

describe('client sentiment', () => {
  it('lists sentiment by market ids; long + short = 100; unknown ids read 0/0', async () => {
    const r = await client.get('/client-sentiment?marketIds=EURUSD,FT100,XXXXXXXX');
    const list = (r.body as { clientSentiments: Sentiment[] }).clientSentiments;
    expect(list.map((s) => s.marketId)).toEqual(['EURUSD', 'FT100', 'XXXXXXXX']);
    for (const s of list.slice(0, 2)) expect(s.longPositionPercentage + s.shortPositionPercentage).toBe(100);
    expect(list[2]).toEqual({ marketId: 'XXXXXXXX', longPositionPercentage: 0, shortPositionPercentage: 0 });
    expect(errorCode(await client.get('/client-sentiment'))).toBe('invalid.request.marketIds');
  });

  it('answers the single-market and legacy /clientsentiment paths alike', async () => {
    const one = (await client.get('/client-sentiment/FT100')).body as Sentiment;
    const legacy = (await client.get('/clientsentiment/FT100')).body as Sentiment;
    expect(legacy).toEqual(one);
    expect(one.marketId).toBe('FT100');
  });

  it('drifts slowly: barely within a minute, noticeably over days', async () => {
    const read = async () =>
      (
        (await client.get('/client-sentiment?marketIds=EURUSD,GBPUSD,US500,DE30,GOLD')).body as {
          clientSentiments: Sentiment[];
        }
      ).clientSentiments.map((s) => s.longPositionPercentage);
    const now = await read();
    sim.control.advanceClock(60_000);
    const minuteLater = await read();
    for (const [i, v] of minuteLater.entries()) expect(Math.abs(v - (now[i] ?? 0))).toBeLessThanOrEqual(1);
    sim.control.advanceClock(3 * 86_400_000);
    await client.loginV2();
    expect(await read()).not.toEqual(now);
  });

  it('gives related markets of the same kind', async () => {
    const r = (await client.get('/client-sentiment/related/FT100')).body as { clientSentiments: Sentiment[] };
    expect(r.clientSentiments.length).toBeGreaterThan(0);
    expect(r.clientSentiments.map((s) => s.marketId)).not.toContain('FT100');
    expect(
      ((await client.get('/clientsentiment/related/NOPE')).body as { clientSentiments: [] }).clientSentiments,
    ).toEqual([]);
  });
});

interface WatchlistSummary {
  id: string;
  name: string;
  editable: boolean;
  deleteable: boolean;
  defaultSystemWatchlist: boolean;
}

describe('watchlists', () => {
  it('has system lists, including ids with spaces, that cannot be deleted or edited', async () => {
    const lists = ((await client.get('/watchlists')).body as { watchlists: WatchlistSummary[] }).watchlists;
    const popular = lists.find((w) => w.id === 'Popular Markets');
    expect(popular).toMatchObject({ editable: false, deleteable: false, defaultSystemWatchlist: true });
    const markets = (await client.get('/watchlists/Popular%20Markets')).body as { markets: Record<string, unknown>[] };
    expect(markets.markets.length).toBeGreaterThan(3);
    expect(markets.markets[0]).toHaveProperty('lotSize');
    expect(errorCode(await client.del('/watchlists/Popular%20Markets'))).toBe(
      'error.watchlists.management.cannot-delete-watchlist',
    );
    expect(errorCode(await client.put('/watchlists/Popular%20Markets', { epic: 'CS.D.EURUSD.MINI.IP' }))).toBe(
      'error.watchlists.management.error',
    );
  });

  it('creates, fills, empties and deletes a user list', async () => {
    const created = await client.post('/watchlists', {
      name: 'Morning',
      epics: ['CS.D.EURUSD.MINI.IP', 'XX.D.NOPE.IP'],
    });
    const { watchlistId, status } = created.body as { watchlistId: string; status: string };
    expect(status).toBe('SUCCESS_NOT_ALL_INSTRUMENTS_ADDED');
    expect(errorCode(await client.post('/watchlists', { name: 'Morning' }))).toBe(
      'error.watchlists.management.duplicate-name',
    );
    expect((await client.put(`/watchlists/${watchlistId}`, { epic: 'IX.D.DAX.DAILY.IP' })).body).toEqual({
      status: 'SUCCESS',
    });
    expect(errorCode(await client.put(`/watchlists/${watchlistId}`, { epic: 'XX.D.NOPE.CASH.IP' }))).toBe(
      'error.service.watchlists.add-instrument.invalid-epic',
    );
    const get = (await client.get(`/watchlists/${watchlistId}`)).body as { markets: { epic: string }[] };
    expect(get.markets.map((m) => m.epic)).toEqual(['CS.D.EURUSD.MINI.IP', 'IX.D.DAX.DAILY.IP']);
    expect((await client.del(`/watchlists/${watchlistId}/CS.D.EURUSD.MINI.IP`)).body).toEqual({ status: 'SUCCESS' });
    expect(sim.control.state().watchlists.find((w) => w.id === watchlistId)?.epics).toEqual(['IX.D.DAX.DAILY.IP']);
    const realDelete = await client.req('DELETE', `/watchlists/${watchlistId}`);
    expect(realDelete.body).toEqual({ status: 'SUCCESS' });
    const gone = await client.get(`/watchlists/${watchlistId}`);
    expect([gone.status, errorCode(gone)]).toEqual([404, 'error.invalid.watchlist']);
    expect(errorCode(await client.del(`/watchlists/${watchlistId}`))).toBe(
      'error.watchlists.management.watchlist-not-found',
    );
  });
});
