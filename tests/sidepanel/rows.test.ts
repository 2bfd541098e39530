import { describe, expect, it } from 'vitest';
import type { Fresh, MarketQuote, Sentiment } from '../../lib/model';
import {
  buildRows,
  keepRows,
  mergeQuotes,
  mergeTrails,
  nextSort,
  priceMoves,
  type SortChoice,
  sortRows,
  sortRowsFrom,
  watchedSlice,
} from '../../lib/sidepanel/rows';
import { quote, row, sentiment } from './fixtures';

const rows = [
  row('CS.D.EURUSD.TODAY.IP', { instrumentName: 'EUR/USD', bid: 1.08, percentageChange: 0.2, netChange: 0.002 }),
  row('IX.D.FTSE.DAILY.IP', { instrumentName: 'FTSE 100', bid: 8100, percentageChange: -1.1, netChange: -90 }),
  row('CS.D.GBPUSD.TODAY.IP', { instrumentName: 'gbp/usd', bid: null, percentageChange: null, netChange: null }),
  row('IX.D.DAX.DAILY.IP', { instrumentName: 'Germany 40', bid: 18000, percentageChange: 0.9, marketStatus: 'CLOSED' }),
];
const names = (list: typeof rows) => list.map((r) => r.quote.instrumentName);

describe('sortRows', () => {
  it('sorts names case-insensitively both ways', () => {
    expect(names(sortRows(rows, { column: 'name', direction: 'asc' }))).toEqual([
      'EUR/USD',
      'FTSE 100',
      'gbp/usd',
      'Germany 40',
    ]);
    expect(names(sortRows(rows, { column: 'name', direction: 'desc' }))).toEqual([
      'Germany 40',
      'gbp/usd',
      'FTSE 100',
      'EUR/USD',
    ]);
  });

  it('sorts numbers numerically and keeps rows without a value last in both directions', () => {
    expect(names(sortRows(rows, { column: 'bid', direction: 'desc' }))).toEqual([
      'Germany 40',
      'FTSE 100',
      'EUR/USD',
      'gbp/usd',
    ]);
    expect(names(sortRows(rows, { column: 'changePct', direction: 'asc' }))).toEqual([
      'FTSE 100',
      'EUR/USD',
      'Germany 40',
      'gbp/usd',
    ]);
  });

  it('sorts by long sentiment and by status', () => {
    const withSentiment = [
      row('A.A.A.A', { instrumentName: 'A' }, { sentiment: sentiment('A', 30) }),
      row('B.B.B.B', { instrumentName: 'B' }, { sentiment: sentiment('B', 70) }),
      row('C.C.C.C', { instrumentName: 'C' }),
    ];
    expect(names(sortRows(withSentiment, { column: 'sentiment', direction: 'desc' }))).toEqual(['B', 'A', 'C']);
    expect(names(sortRows(rows, { column: 'status', direction: 'asc' }))[0]).toBe('Germany 40');
  });

  it('does not reorder the input', () => {
    const before = names(rows);
    sortRows(rows, { column: 'bid', direction: 'asc' });
    expect(names(rows)).toEqual(before);
  });
});

describe('sortRowsFrom', () => {
  // A seeded stream of frames over a 60-market list: each frame moves some prices (a few or most rows), renames
  // a market now and then, and sometimes changes the sort; the order must be sortRows' at every frame.
  const random = (seed: number) => () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const choices: SortChoice[] = [
    { column: 'name', direction: 'asc' },
    { column: 'bid', direction: 'desc' },
    { column: 'changePct', direction: 'asc' },
    { column: 'spread', direction: 'desc' },
    { column: 'status', direction: 'asc' },
  ];

  it('gives sortRows order at every frame of a stream, whichever rows moved', () => {
    const next = random(7);
    let list = Array.from({ length: 60 }, (_, i) =>
      row(`E${i}`, {
        instrumentName: `Market ${Math.floor(next() * 20)}`,
        bid: i % 9 === 0 ? null : Math.round(next() * 1000) / 10,
        offer: 120,
        percentageChange: Math.round(next() * 400 - 200) / 100,
        marketStatus: next() > 0.7 ? 'CLOSED' : 'TRADEABLE',
      }),
    );
    let last = null;
    let sort = choices[0]!;
    for (let frame = 0; frame < 300; frame++) {
      if (next() < 0.05) sort = choices[Math.floor(next() * choices.length)]!;
      const moving = next() < 0.5 ? 0.03 : next() < 0.5 ? 0.1 : 0.8;
      list = list.map((r) =>
        next() < moving
          ? {
              ...r,
              quote: {
                ...r.quote,
                bid: next() < 0.05 ? null : Math.round(next() * 1000) / 10,
                percentageChange: Math.round(next() * 400 - 200) / 100,
                instrumentName: next() < 0.02 ? `Market ${Math.floor(next() * 20)}` : r.quote.instrumentName,
              },
            }
          : r,
      );
      last = sortRowsFrom(last, list, sort);
      expect(last.sorted.map((r) => r.epic)).toEqual(sortRows(list, sort).map((r) => r.epic));
      expect(last.sorted.every((r) => list.includes(r))).toBe(true);
    }
  });

  it('follows markets added and removed', () => {
    const sort: SortChoice = { column: 'name', direction: 'asc' };
    const first = sortRowsFrom(null, rows, sort);
    const fewer = rows.slice(1);
    expect(names(sortRowsFrom(first, fewer, sort).sorted)).toEqual(names(sortRows(fewer, sort)));
    const more = [...rows, row('X', { instrumentName: 'Apple' })];
    expect(names(sortRowsFrom(first, more, sort).sorted)).toEqual(names(sortRows(more, sort)));
  });

  it('gives back the same result for the same rows and sort, so the table is not laid out again', () => {
    const sort: SortChoice = { column: 'bid', direction: 'desc' };
    const first = sortRowsFrom(null, rows, sort);
    expect(sortRowsFrom(first, rows, sort)).toBe(first);
    expect(sortRowsFrom(first, rows, { column: 'bid', direction: 'asc' })).not.toBe(first);
  });
});

describe('nextSort', () => {
  it('flips the direction of the same column and starts a number column at descending', () => {
    expect(nextSort({ column: 'name', direction: 'asc' }, 'name')).toEqual({ column: 'name', direction: 'desc' });
    expect(nextSort({ column: 'name', direction: 'asc' }, 'changePct')).toEqual({
      column: 'changePct',
      direction: 'desc',
    });
    expect(nextSort({ column: 'bid', direction: 'desc' }, 'status')).toEqual({ column: 'status', direction: 'asc' });
  });
});

describe('priceMoves', () => {
  it('reports the markets whose bid or offer changed, with the direction of the mid', () => {
    const before = new Map([
      ['A', quote('A', { bid: 1, offer: 2 })],
      ['B', quote('B', { bid: 5, offer: 6 })],
      ['C', quote('C', { bid: 9, offer: 10 })],
    ]);
    const moves = priceMoves(before, [
      quote('A', { bid: 1.5, offer: 2.5 }),
      quote('B', { bid: 4, offer: 6 }),
      quote('C', { bid: 9, offer: 10 }),
      quote('D', { bid: 1, offer: 2 }),
    ]);
    expect([...moves]).toEqual([
      ['A', 'up'],
      ['B', 'down'],
    ]);
  });
});

describe('watchedSlice', () => {
  const many = Array.from({ length: 100 }, (_, i) =>
    row(`EPIC.${String(i).padStart(3, '0')}`, { marketId: i % 2 ? `M${i % 10}` : undefined }),
  );

  it('keeps the rows on screen plus a margin either side, and their distinct market ids', () => {
    const slice = watchedSlice(many, { startIndex: 40, endIndex: 49 }, 5);
    expect(slice.epics).toHaveLength(20);
    expect(slice.epics[0]).toBe('EPIC.035');
    expect(slice.epics[19]).toBe('EPIC.054');
    expect(new Set(slice.marketIds)).toEqual(new Set(['M1', 'M3', 'M5', 'M7', 'M9']));
  });

  it('clamps at the ends and watches nothing without a range', () => {
    expect(watchedSlice(many, { startIndex: 0, endIndex: 3 }, 10).epics).toHaveLength(14);
    expect(watchedSlice(many, { startIndex: 95, endIndex: 99 }, 10).epics).toHaveLength(15);
    expect(watchedSlice(many, null, 10)).toEqual({ epics: [], marketIds: [] });
  });
});

describe('buildRows', () => {
  it('takes a newer cached quote over the list snapshot, keeps the market id, and attaches sentiment', () => {
    const markets = [quote('A.B.C.D', { bid: 1, marketId: 'ABC' }), quote('E.F.G.H', { bid: 2 })];
    const quotes = new Map<string, Fresh<MarketQuote>>([
      ['A.B.C.D', { value: quote('A.B.C.D', { bid: 1.5 }), fetchedAt: 2_000, stale: true }],
      ['E.F.G.H', { value: quote('E.F.G.H', { bid: 9 }), fetchedAt: 500, stale: false }],
    ]);
    const sentiments = new Map<string, Fresh<Sentiment>>([
      ['ABC', { value: sentiment('ABC', 62), fetchedAt: 2_000, stale: false }],
    ]);
    const [a, e] = buildRows(markets, 1_000, false, quotes, sentiments);
    expect(a).toMatchObject({ fetchedAt: 2_000, stale: true, quote: { bid: 1.5, marketId: 'ABC' } });
    expect(a?.sentiment?.longPositionPercentage).toBe(62);
    expect(e).toMatchObject({ fetchedAt: 1_000, stale: false, quote: { bid: 2 }, sentiment: null });
  });

  it('builds again only the row of the market that ticked; the others are the rows built before', () => {
    const markets = [quote('A', { bid: 1, marketId: 'MA' }), quote('B', { bid: 2 }), quote('C', { bid: 3 })];
    const fresh = (epic: string, bid: number) => ({ value: quote(epic, { bid }), fetchedAt: 2_000, stale: false });
    const felt = new Map([['MA', { value: sentiment('MA', 55), fetchedAt: 2_000, stale: false }]]);
    const quotes = new Map([
      ['A', fresh('A', 1.1)],
      ['B', fresh('B', 2.1)],
    ]);
    const before = buildRows(markets, 1_000, false, quotes, felt);
    const after = buildRows(markets, 1_000, false, new Map([...quotes, ['B', fresh('B', 2.2)]]), felt);
    expect(after[0]).toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
    expect(after[1]?.quote.bid).toBe(2.2);
    expect(after[2]).toBe(before[2]);
    // New sentiment, or the list read again, builds the rows it touches again.
    const felt2 = new Map([['MA', { value: sentiment('MA', 60), fetchedAt: 3_000, stale: false }]]);
    expect(buildRows(markets, 1_000, false, quotes, felt2)[0]?.sentiment?.longPositionPercentage).toBe(60);
    expect(buildRows(markets, 1_000, true, quotes, felt)[2]).toMatchObject({ stale: true });
  });
});

describe('keepRows', () => {
  const markets = [quote('A.B.C.D', { bid: 1 }), quote('E.F.G.H', { bid: 2 })];
  const build = (bidA: number, fetchedA: number) =>
    buildRows(
      markets,
      1_000,
      false,
      new Map<string, Fresh<MarketQuote>>([
        ['A.B.C.D', { value: quote('A.B.C.D', { bid: bidA }), fetchedAt: fetchedA, stale: false }],
        ['E.F.G.H', { value: quote('E.F.G.H', { bid: 2.5 }), fetchedAt: 2_000, stale: false }],
      ]),
      new Map(),
    );

  it('keeps the object of a row that shows the same, so only the rows whose price moved are drawn again', () => {
    const before = build(1.5, 2_000);
    const after = keepRows(before, build(1.6, 3_000));
    expect(after[0]).not.toBe(before[0]);
    expect(after[0]?.quote.bid).toBe(1.6);
    expect(after[1]).toBe(before[1]);
  });

  it('gives back the same list when nothing changed, and the new rows on the first build', () => {
    const first = build(1.5, 2_000);
    expect(keepRows([], first)).toBe(first);
    expect(keepRows(first, build(1.5, 2_000))).toBe(first);
    expect(keepRows(first, build(1.5, 2_500))[0]?.fetchedAt).toBe(2_500);
  });
});

describe('mergeQuotes', () => {
  const fresh = (bid: number, fetchedAt: number, stale = false): Fresh<MarketQuote> => ({
    value: quote('A', { bid }),
    fetchedAt,
    stale,
  });

  it('takes a newer quote, and never an older one over it (a cache read the stream overtook)', () => {
    const held = new Map([['A', fresh(1.5, 200)]]);
    expect(mergeQuotes(held, [['A', fresh(1.4, 100)]]).get('A')?.value.bid).toBe(1.5);
    expect(mergeQuotes(held, [['A', fresh(1.6, 300)]]).get('A')?.value.bid).toBe(1.6);
    expect(mergeQuotes(new Map(), [['A', fresh(1.4, 100)]]).get('A')?.value.bid).toBe(1.4);
  });

  it('keeps the same map when nothing shown changes, so the rows do not render again', () => {
    const held = new Map([['A', fresh(1.5, 200)]]);
    expect(mergeQuotes(held, [['A', fresh(1.5, 210)]])).toBe(held);
    expect(mergeQuotes(held, [['A', fresh(1.5, 210, true)]])).not.toBe(held);
  });
});

describe('mergeTrails', () => {
  it('keeps the same map when no trail differs', () => {
    const held = new Map([['A', [1, 2, null]]]);
    expect(mergeTrails(held, [['A', [1, 2, null]]])).toBe(held);
    expect(mergeTrails(held, [['A', [1, 2, 3]]]).get('A')).toEqual([1, 2, 3]);
  });
});
