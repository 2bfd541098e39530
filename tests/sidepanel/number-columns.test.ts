import { describe, expect, it } from 'vitest';
import { columnWidths, fractionPad, rowNumbers, splitDecimal } from '../../lib/sidepanel/number-columns';

describe('the watchlist numbers', () => {
  it('shows a market’s prices and change to the same number of decimals', () => {
    const fx = rowNumbers({ bid: 1.07516, offer: 1.07522, netChange: -0.0026, percentageChange: -0.24 });
    expect(fx).toEqual({ bid: '1.07516', offer: '1.07522', change: '−0.00260', pct: '−0.24%' });
    const index = rowNumbers({ bid: 7864.1, offer: 7865.1, netChange: -174.1234, percentageChange: -2.17 });
    expect(index).toEqual({ bid: '7,864.1', offer: '7,865.1', change: '−174.1', pct: '−2.17%' });
  });

  it('shows a dash for a missing number', () => {
    expect(rowNumbers({ bid: null, offer: null, netChange: null, percentageChange: null })).toEqual({
      bid: '–',
      offer: '–',
      change: '–',
      pct: '–',
    });
  });

  it('splits a number at its decimal point', () => {
    expect(splitDecimal('7,864.1')).toEqual(['7,864', '.1']);
    expect(splitDecimal('−0.00260')).toEqual(['−0', '.00260']);
    expect(splitDecimal('–')).toEqual(['–', '']);
  });

  it("splits at the locale's decimal separator: German and French prices line up at their comma", () => {
    expect(splitDecimal('7.864,1', ',')).toEqual(['7.864', ',1']);
    expect(splitDecimal('1,04569', ',')).toEqual(['1', ',04569']);
    expect(splitDecimal('7\u202f864,1', ',')).toEqual(['7\u202f864', ',1']);
  });

  it('pads a number by the longest decimal part less its own separator and digits, or all of it without a point', () => {
    expect(fractionPad(',0901')).toBe('calc(var(--wl-frac, 0px) - var(--wl-sep, 1ch) - 4 * var(--wl-digit, 1ch))');
    expect(fractionPad('.5')).toBe('calc(var(--wl-frac, 0px) - var(--wl-sep, 1ch) - 1 * var(--wl-digit, 1ch))');
    expect(fractionPad('')).toBe('var(--wl-frac, 0px)');
  });

  it('makes the columns as wide as their longest whole part plus the longest decimal part', () => {
    const widths = columnWidths([
      rowNumbers({ bid: 1.07516, offer: 1.07522, netChange: -0.0026, percentageChange: -0.24 }),
      rowNumbers({ bid: 17864.1, offer: 17865.1, netChange: -174.1, percentageChange: -12.17 }),
    ]);
    // "17,864" and ".07516"
    expect(widths).toEqual({ fractionCh: 6, bidCh: 12, offerCh: 12 });
    const narrow = columnWidths([rowNumbers({ bid: 5, offer: 5, netChange: 0, percentageChange: -12.345 })]);
    expect(narrow.offerCh).toBe('−12.35%'.length + 2);
  });
});
