import { describe, expect, it } from 'vitest';
import { exportWatchlist, importIntoWatchlist, verifyEpics } from '../../lib/background/alerts/watchlist-io';
import { parseEpicList, watchlistCsv } from '../../lib/csv';
import { fakeContext, invalidEpic, market, offline } from '../alerts/fake-context';

const A = 'CS.D.EURUSD.MINI.IP';
const B = 'IX.D.FTSE.DAILY.IP';
const C = 'UA.D.AAPL.CASH.IP';
const D = 'KA.D.VOD.CASH.IP';
const E = 'CS.D.GBPUSD.MINI.IP';

const summary = (id: string, name: string, editable = true) => ({
  id,
  name,
  editable,
  deleteable: editable,
  defaultSystemWatchlist: !editable,
});

function setup(extra: Parameters<typeof fakeContext>[0] extends infer O ? Partial<O> : never = {}) {
  return fakeContext({
    markets: [
      market(A, 'EUR/USD', 1.0845, 1.0846),
      market(B, 'FTSE 100, "Daily"', 7420, 7421),
      market(C, 'Apple', 180.1, 180.3),
      market(D, 'Vodafone', 71.2, 71.4),
      market(E, 'GBP/USD', 1.265, 1.2651),
    ],
    watchlists: [
      { summary: summary('fx', 'FX'), epics: [A] },
      { summary: summary('Popular Markets', 'Popular Markets', false), epics: [B] },
    ],
    ...extra,
  });
}

describe('import into an existing watchlist', () => {
  it('adds the new known epics; reports duplicates (in the file and already listed), unknown and malformed', async () => {
    const { ctx, lists } = setup();
    const text = `${A}\n${B}\n${B}\nXX.D.NOSUCH.IP\n${C}\nbad!\n`;
    const report = await importIntoWatchlist({ target: { id: 'fx' }, ...parseEpicList(text) }, ctx);
    expect(report).toEqual({
      watchlistId: 'fx',
      added: [B, C],
      duplicates: [B, A],
      unknown: ['bad!', 'XX.D.NOSUCH.IP'],
      failed: [],
    });
    expect(lists.get('fx')?.epics).toEqual([A, B, C]);
  });

  it('a PUT that fails for one epic is reported and the rest go on', async () => {
    const { ctx } = setup({ addFails: new Map([[C, invalidEpic()]]) });
    const report = await importIntoWatchlist({ target: { id: 'fx' }, ...parseEpicList(`${B} ${C} ${D}`) }, ctx);
    expect(report.added).toEqual([B, D]);
    expect(report.failed).toEqual([
      {
        epic: C,
        message: 'IG answered with HTTP status 400 (error.service.watchlists.add-instrument.invalid-epic)',
      },
    ]);
  });

  it('when the service goes away midway, says which were added and which were not', async () => {
    const { ctx, lists } = setup({ addFails: new Map([[C, offline()]]) });
    const report = await importIntoWatchlist({ target: { id: 'fx' }, ...parseEpicList(`${B},${C},${D},${E}`) }, ctx);
    expect(report.added).toEqual([B]);
    expect(report.failed.map((f) => f.epic)).toEqual([C, D, E]);
    expect(report.failed[1]?.message).toMatch(/^Not added: the import stopped/);
    expect(lists.get('fx')?.epics).toEqual([A, B]);
  });

  it('refuses a watchlist that cannot be changed, before asking anything else', async () => {
    const { ctx, markets } = setup();
    await expect(importIntoWatchlist({ target: { id: 'Popular Markets' }, ...parseEpicList(C) }, ctx)).rejects.toThrow(
      /cannot be changed/,
    );
    expect(markets.addToWatchlist).not.toHaveBeenCalled();
  });

  it('text with no epics at all is a validation error', async () => {
    const { ctx } = setup();
    await expect(importIntoWatchlist({ target: { id: 'fx' }, ...parseEpicList('\n  \n') }, ctx)).rejects.toThrow(
      /No epics found/,
    );
  });
});

describe('import into a new watchlist', () => {
  it('creates it with the known markets in one request and reports what IG took', async () => {
    const { ctx, markets, lists } = setup({ addFails: new Map([[D, invalidEpic()]]) });
    const report = await importIntoWatchlist(
      { target: { name: 'Imported' }, ...parseEpicList(`epic\n${C}\n${D}\nXX.D.NOSUCH.IP`) },
      ctx,
    );
    expect(markets.createWatchlist).toHaveBeenCalledWith('Imported', [C, D]);
    expect(markets.addToWatchlist).not.toHaveBeenCalled();
    expect(report).toEqual({
      watchlistId: 'wl-3',
      added: [C],
      duplicates: [],
      unknown: ['XX.D.NOSUCH.IP'],
      failed: [{ epic: D, message: 'IG did not add this market to the new watchlist' }],
    });
    expect(lists.get('wl-3')?.summary.name).toBe('Imported');
  });

  it('creates nothing when no epic is known, and says so in the report', async () => {
    const { ctx, markets } = setup();
    const report = await importIntoWatchlist({ target: { name: 'Empty' }, ...parseEpicList('XX.D.NOSUCH.IP') }, ctx);
    expect(report).toEqual({ watchlistId: '', added: [], duplicates: [], unknown: ['XX.D.NOSUCH.IP'], failed: [] });
    expect(markets.createWatchlist).not.toHaveBeenCalled();
  });
});

describe('verifying epics with the service', () => {
  const epics = Array.from({ length: 120 }, (_, i) => `AA.D.M${String(i).padStart(3, '0')}.IP`);

  it('asks in batches of at most 50', async () => {
    const { markets, quoteBatches } = fakeContext({ markets: epics.slice(0, 100).map((e) => market(e, e, 1, 2)) });
    const { known, unknown } = await verifyEpics(epics, async (b) => (await markets.quotes(b)).map((f) => f.value));
    expect(quoteBatches.map((b) => b.length)).toEqual([50, 50, 20]);
    expect(known.size).toBe(100);
    expect(unknown).toHaveLength(20);
  });

  it('isolates unknown epics when the service refuses a whole batch for them', async () => {
    const known = epics.slice(0, 49);
    const { markets, quoteBatches } = fakeContext({
      markets: known.map((e) => market(e, e, 1, 2)),
      refuseUnknownBatches: true,
    });
    const result = await verifyEpics(epics.slice(0, 50), async (b) => (await markets.quotes(b)).map((f) => f.value));
    expect(result.unknown).toEqual([epics[49]]);
    expect(result.known.size).toBe(49);
    expect(quoteBatches.length).toBeLessThanOrEqual(1 + 2 * Math.ceil(Math.log2(50)));
  });

  it('an outage is not mistaken for unknown epics', async () => {
    await expect(verifyEpics([A], () => Promise.reject(offline()))).rejects.toThrow(/cannot be reached/);
  });
});

describe('export', () => {
  it('writes the watchlist’s markets with current prices, and reads back to the same epics', async () => {
    const { ctx } = setup({ now: new Date(2023, 10, 14, 12, 0).getTime() });
    await importIntoWatchlist({ target: { id: 'fx' }, ...parseEpicList(`${B}\n${C}`) }, ctx);
    const { filename, rows } = await exportWatchlist({ id: 'fx' }, ctx);
    const csv = watchlistCsv(rows);
    expect(filename).toBe('marketside-fx-2023-11-14.csv');
    expect(csv.split('\r\n')).toEqual([
      'epic,name,bid,offer,change,change %',
      `${A},EUR/USD,1.0845,1.0846,0.001,0.1`,
      `${B},"FTSE 100, ""Daily""",7420,7421,0.001,0.1`,
      `${C},Apple,180.1,180.3,0.001,0.1`,
    ]);
    expect(parseEpicList(csv).epics).toEqual([A, B, C]);
  });
});
