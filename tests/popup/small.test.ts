import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { priceDecimals } from '../../lib/format';
import { epic as epicSchema } from '../../lib/messages/schemas';
import type { Fresh, MarketQuote } from '../../lib/model';
import { rememberSeen } from '../../lib/popup/last-seen';
import { EPIC_PATTERN, parsePopupParams } from '../../lib/popup/params';
import { mergeQuotes, recentRows, resultRows } from '../../lib/popup/rows';

function q(epic: string, bid: number): MarketQuote {
  return {
    epic,
    instrumentName: `Name ${epic}`,
    instrumentType: 'CURRENCIES',
    expiry: '-',
    bid,
    offer: bid + 1,
    high: null,
    low: null,
    netChange: null,
    percentageChange: null,
    marketStatus: 'TRADEABLE',
    updatedAt: null,
  };
}
const f = (quote: MarketQuote, fetchedAt: number, stale = false): Fresh<MarketQuote> => ({
  value: quote,
  fetchedAt,
  stale,
});

describe('popup URL parameters', () => {
  it('reads a prefilled search and a market to open', () => {
    expect(parsePopupParams('?q=EUR%2FUSD')).toEqual({ q: 'EUR/USD', epic: null });
    expect(parsePopupParams('?epic=CS.D.EURUSD.TODAY.IP')).toEqual({ q: null, epic: 'CS.D.EURUSD.TODAY.IP' });
  });
  it('accepts exactly the epics the message contract accepts', () => {
    for (const sample of [
      'CS.D.EURUSD.CFD.IP',
      'IX.D.FTSE.DAILY.IP',
      'SHORT',
      'A_B.C',
      'x'.repeat(31),
      'EUR/USD',
      'a b.c.d',
    ])
      expect(EPIC_PATTERN.test(sample)).toBe(v.is(epicSchema, sample));
  });
  it('ignores an epic that is not one and a blank search', () => {
    expect(parsePopupParams('?epic=<img src=x>&q=%20%20')).toEqual({ q: null, epic: null });
  });
});

describe('sentiment last seen', () => {
  it('replaces the market entry and keeps only the most recent markets', () => {
    let map = {};
    map = rememberSeen(map, 'EURUSD', 60, 1);
    map = rememberSeen(map, 'GBPUSD', 40, 2);
    map = rememberSeen(map, 'EURUSD', 62, 3, 2);
    expect(map).toEqual({ EURUSD: { long: 62, at: 3 }, GBPUSD: { long: 40, at: 2 } });
    map = rememberSeen(map, 'USDJPY', 55, 4, 2);
    expect(Object.keys(map).sort()).toEqual(['EURUSD', 'USDJPY']);
  });
});

describe('rows', () => {
  it('shows the newer of the search price and a later snapshot', () => {
    const quotes = mergeQuotes(new Map(), [f(q('A.B.C.D', 5), 2000, true), f(q('E.F.G.H', 9), 500)]);
    const rows = resultRows([q('A.B.C.D', 1), q('E.F.G.H', 2)], 1000, false, quotes);
    expect(rows.map((r) => r.quote?.bid)).toEqual([5, 2]);
    expect(rows[0]).toMatchObject({ fetchedAt: 2000, stale: true });
  });
  it('keeps the newest quote per epic when merging', () => {
    const merged = mergeQuotes(mergeQuotes(new Map(), [f(q('A.B.C.D', 5), 2000)]), [f(q('A.B.C.D', 1), 1000)]);
    expect(merged.get('A.B.C.D')?.value.bid).toBe(5);
  });
  it('lists recent lookups by their stored name until a price is known', () => {
    const rows = recentRows([{ epic: 'A.B.C.D', instrumentName: 'Stored', at: 1 }], new Map());
    expect(rows[0]).toMatchObject({ instrumentName: 'Stored', quote: null, fetchedAt: null });
  });
});

describe('price decimals', () => {
  it('shows FX to five places so the spread is visible', () => {
    expect(priceDecimals(1.07524, 1.0753)).toBe(5);
  });
  it('keeps the magnitude default when it shows every digit', () => {
    expect(priceDecimals(8120.5, 8121.5)).toBe(1);
    expect(priceDecimals(1.0841, 1.0842)).toBe(4);
    expect(priceDecimals(151.23, 151.25)).toBe(2);
  });
  it('has no opinion without a price', () => {
    expect(priceDecimals(null, null)).toBeUndefined();
  });
});
