import { describe, expect, it } from 'vitest';
import { compareAmounts, parseAmount, sumAmounts } from '../../lib/history/amount';
import { historyInstant } from '../../lib/history/dates';

describe('money as IG writes it in the history', () => {
  it.each([
    ['E10,000.00', '10000.00', 'E'],
    ['£-12.50', '-12.50', '£'],
    ['-£12.50', '-12.50', '£'],
    ['A$1,234,567.89', '1234567.89', 'A$'],
    ['1.234,56 EUR', '1234.56', 'EUR'],
    ['€-0,5', '-0,5'.replace(',', '.'), '€'],
    ['+0.60', '0.60', null],
    ['1,234', '1234', null],
    ['-0.00', '0.00', null],
    ['  $ 7 ', '7', '$'],
  ])('%s is %s', (text, value, symbol) => {
    expect(parseAmount(text)).toEqual({ value, symbol });
  });

  it.each(['-', '', 'E', '1,00,0', '1.2.3,4,5', '--5', '£12.50 EUR', 'NaN', '12abc34'])(
    '%j is not an amount',
    (text) => {
      expect(parseAmount(text)).toBeNull();
    },
  );

  it('sums exactly where floating point would not', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumAmounts(['0.10', '0.20'])).toBe('0.30');
    expect(sumAmounts(['10000.00', '-12.345', '0.005'])).toBe('9987.660');
    expect(sumAmounts([])).toBe('0.00');
    expect(compareAmounts('-12.5', '-12.50')).toBe(0);
    expect(compareAmounts('9.99', '10')).toBe(-1);
  });
});

describe('dates in both of IG history forms', () => {
  it.each([
    ['2018-05-18T13:19:02', undefined, '2018-05-18T13:19:02.000Z'],
    ['2018-05-09', undefined, '2018-05-09T00:00:00.000Z'],
    ['2024-03-01T10:00:00.250+01:00', undefined, '2024-03-01T09:00:00.250Z'],
    ['2018/05/09 15:14:14', undefined, '2018-05-09T15:14:14.000Z'],
    ['01/02/20', '12:30', '2020-02-01T12:30:00.000Z'],
    ['31/12/2021', undefined, '2021-12-31T00:00:00.000Z'],
  ])('%s %s', (date, time, iso) => {
    expect(historyInstant(date, time)).toBe(iso);
  });
  it.each(['2018-02-30', '32/01/20', 'today', '', '2018-13-01T00:00:00'])('%j is not a date', (date) => {
    expect(historyInstant(date)).toBeNull();
  });
});
