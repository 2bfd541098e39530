import { describe, expect, it } from 'vitest';
import type { MarketQuote } from '../../lib/model';
import { mergePrice } from '../../lib/stream/price-merge';

const quote: MarketQuote = {
  epic: 'CS.D.EURUSD.CFD.IP',
  instrumentName: 'EUR/USD',
  instrumentType: 'CURRENCIES',
  expiry: '-',
  bid: 1.085,
  offer: 1.0851,
  high: 1.09,
  low: 1.08,
  netChange: 0.001,
  percentageChange: 0.1,
  marketStatus: 'TRADEABLE',
  updatedAt: 1,
  marketId: 'EURUSD',
};

describe('a streamed price merged into the cached quote', () => {
  it('changes only the fields the update carries and keeps the rest (names, ids)', () => {
    const next = mergePrice(quote, { BIDPRICE1: '1.0855', TIMESTAMP: '1700000000000' });
    expect(next).toEqual({ ...quote, bid: 1.0855, updatedAt: 1_700_000_000_000 });
  });

  it('reads every price field and the dealing flag', () => {
    const next = mergePrice(quote, {
      BIDPRICE1: '2',
      ASKPRICE1: '3',
      HIGH: '4',
      LOW: '1',
      NET_CHG: '-0.5',
      NET_CHG_PCT: '-1.25',
      DLG_FLAG: 'CLOSED ',
    });
    expect(next).toMatchObject({ bid: 2, offer: 3, high: 4, low: 1, netChange: -0.5, percentageChange: -1.25 });
    expect(next?.marketStatus).toBe('CLOSED');
  });

  it('a null from the service clears the price', () => {
    expect(mergePrice(quote, { ASKPRICE1: null })?.offer).toBeNull();
  });

  it('an update that changes nothing shown writes nothing', () => {
    expect(mergePrice(quote, { BIDPRICE1: '1.085' })).toBeNull();
    expect(mergePrice(quote, { TIMESTAMP: '1700000000000' })).toBeNull();
    expect(mergePrice(quote, {})).toBeNull();
  });

  it('a value that is not a number or an unknown dealing flag leaves the field as it was', () => {
    expect(mergePrice(quote, { BIDPRICE1: 'abc', DLG_FLAG: 'WHAT' })).toBeNull();
    expect(mergePrice(quote, { BIDPRICE1: 'abc', ASKPRICE1: '1.1' })).toEqual({ ...quote, offer: 1.1 });
  });
});
