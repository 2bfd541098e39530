// Every column a list can show sorts by what it shows, missing values last in either direction.
import { describe, expect, it } from 'vitest';
import type { MarketQuote } from '../../lib/model';
import { nextSort, type RowModel, sortRows } from '../../lib/sidepanel/rows';
import { columnIds, rangePosition } from '../../lib/watchlists/columns';

function row(epic: string, q: Partial<MarketQuote>, long: number | null = null): RowModel {
  return {
    epic,
    fetchedAt: 0,
    stale: false,
    quote: {
      epic,
      instrumentName: epic,
      instrumentType: 'CURRENCIES',
      expiry: '-',
      bid: null,
      offer: null,
      high: null,
      low: null,
      netChange: null,
      percentageChange: null,
      marketStatus: 'TRADEABLE',
      updatedAt: null,
      ...q,
    },
    sentiment:
      long === null ? null : { marketId: epic, longPositionPercentage: long, shortPositionPercentage: 100 - long },
  };
}

// Ascending order by each column, from the same three markets: one has nothing to sort by.
const A = row(
  'A',
  { bid: 10, offer: 11, high: 12, low: 8, netChange: 1, percentageChange: 0.5, marketStatus: 'CLOSED', updatedAt: 3 },
  70,
);
const B = row(
  'B',
  {
    bid: 20,
    offer: 20.5,
    high: 30,
    low: 19,
    netChange: -2,
    percentageChange: -1,
    marketStatus: 'EDITS_ONLY',
    updatedAt: 1,
  },
  40,
);
const C = row('C', { marketStatus: 'TRADEABLE' });
const ascending: Record<(typeof columnIds)[number], string[]> = {
  bid: ['A', 'B', 'C'],
  offer: ['A', 'B', 'C'],
  mid: ['A', 'B', 'C'],
  change: ['B', 'A', 'C'],
  changePct: ['B', 'A', 'C'],
  spark: ['B', 'A', 'C'],
  high: ['A', 'B', 'C'],
  low: ['A', 'B', 'C'],
  range: ['B', 'A', 'C'],
  spread: ['B', 'A', 'C'],
  sentiment: ['B', 'A', 'C'],
  status: ['A', 'B', 'C'],
  updated: ['B', 'A', 'C'],
};

describe('sorting by every column', () => {
  for (const column of columnIds) {
    it(`${column}: ascending and descending, a missing value last`, () => {
      const want = ascending[column];
      expect(sortRows([C, B, A], { column, direction: 'asc' }).map((r) => r.epic)).toEqual(want);
      // Every market has a status: none sorts last there.
      const desc = column === 'status' ? [...want].reverse() : [...want.slice(0, 2)].reverse().concat(want[2]!);
      expect(sortRows([C, A, B], { column, direction: 'desc' }).map((r) => r.epic)).toEqual(desc);
    });
  }

  it('a number column sorts highest first on its first click', () => {
    expect(nextSort({ column: 'name', direction: 'asc' }, 'spread')).toEqual({ column: 'spread', direction: 'desc' });
  });
});

describe('the day range bar', () => {
  it("places the mid between the day's low (0) and high (1), clamped; nothing without a range", () => {
    expect(rangePosition({ bid: 9, offer: 11, high: 20, low: 0 })).toBe(0.5);
    expect(rangePosition({ bid: 30, offer: 30, high: 20, low: 0 })).toBe(1);
    expect(rangePosition({ bid: 9, offer: 11, high: 5, low: 5 })).toBeNull();
    expect(rangePosition({ bid: null, offer: null, high: 20, low: 0 })).toBeNull();
  });
});
