// The formatting module in each locale a trader may run the browser in: prices at the market's precision
// (trailing zeros kept), signed changes, money at its currency's decimals, percentages, dates across a DST
// change in the user's zone, market hours in the market's zone named, and typed numbers.
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  decimalSeparator,
  formatChange,
  formatDateTime,
  formatLocale,
  formatMarketHours,
  formatMoney,
  formatPct,
  formatPrice,
  formatSize,
  formatTime,
  parseTypedNumber,
  setFormatLocale,
} from '../../lib/format';

// Intl writes no-break and narrow no-break spaces (fr grouping, "%" in de, "AM" in en-US): compared as
// spaces, as a reader sees them.
const seen = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

interface Case {
  locale: string;
  price: [number, number, string][];
  change: string;
  money: Record<'GBP' | 'EUR' | 'JPY' | 'USD', string>;
  pct: string;
  size: string;
  /** 00:30 UTC before and 01:30 UTC after the EU's spring change (29 March 2026) in Berlin. */
  aroundDst: [string, string];
  hoursLondonSummer: string;
  sep: string;
}

const cases: Case[] = [
  {
    locale: 'de-DE',
    price: [
      [7420, 0, '7.420'],
      [7420.5, 1, '7.420,5'],
      [1069.6, 2, '1.069,60'],
      [12.5, 3, '12,500'],
      [1.154, 5, '1,15400'],
    ],
    change: '−12,50',
    money: { GBP: '1.234,50 GBP', EUR: '−1.234,50 EUR', JPY: '1.235 JPY', USD: '0,10 USD' },
    pct: '−1,23 %',
    size: '0,5',
    aroundDst: ['29.03.26, 01:30', '29.03.26, 03:30'],
    hoursLondonSummer: '08:00–16:30 (Vereinigtes Königreich (Ortszeit), GMT+1)',
    sep: ',',
  },
  {
    locale: 'fr-FR',
    price: [
      [7420, 0, `7 420`],
      [7420.5, 1, `7 420,5`],
      [1069.6, 2, `1 069,60`],
      [12.5, 3, '12,500'],
      [1.154, 5, '1,15400'],
    ],
    change: '−12,50',
    money: { GBP: `1 234,50 GBP`, EUR: `−1 234,50 EUR`, JPY: `1 235 JPY`, USD: '0,10 USD' },
    pct: `−1,23 %`,
    size: '0,5',
    aroundDst: ['29/03/2026 01:30', '29/03/2026 03:30'],
    hoursLondonSummer: '08:00–16:30 (heure : Royaume-Uni, UTC+1)',
    sep: ',',
  },
  {
    locale: 'en-GB',
    price: [
      [7420, 0, '7,420'],
      [7420.5, 1, '7,420.5'],
      [1069.6, 2, '1,069.60'],
      [12.5, 3, '12.500'],
      [1.154, 5, '1.15400'],
    ],
    change: '−12.50',
    money: { GBP: '1,234.50 GBP', EUR: '−1,234.50 EUR', JPY: '1,235 JPY', USD: '0.10 USD' },
    pct: '−1.23%',
    size: '0.5',
    aroundDst: ['29/03/2026, 01:30', '29/03/2026, 03:30'],
    hoursLondonSummer: '08:00–16:30 (United Kingdom Time, BST)',
    sep: '.',
  },
  {
    locale: 'en-US',
    price: [
      [7420, 0, '7,420'],
      [7420.5, 1, '7,420.5'],
      [1069.6, 2, '1,069.60'],
      [12.5, 3, '12.500'],
      [1.154, 5, '1.15400'],
    ],
    change: '−12.50',
    money: { GBP: '1,234.50 GBP', EUR: '−1,234.50 EUR', JPY: '1,235 JPY', USD: '0.10 USD' },
    pct: '−1.23%',
    size: '0.5',
    aroundDst: [`3/29/26, 1:30 AM`, `3/29/26, 3:30 AM`],
    hoursLondonSummer: `8:00 AM–4:30 PM (United Kingdom Time, GMT+1)`,
    sep: '.',
  },
  {
    locale: 'it-IT',
    price: [
      [7420, 0, '7420'],
      [17420.5, 1, '17.420,5'],
      [1069.6, 2, '1069,60'],
      [12.5, 3, '12,500'],
      [1.154, 5, '1,15400'],
    ],
    change: '−12,50',
    money: { GBP: '1234,50 GBP', EUR: '−1234,50 EUR', JPY: '1235 JPY', USD: '0,10 USD' },
    pct: '−1,23%',
    size: '0,5',
    aroundDst: ['29/03/26, 01:30', '29/03/26, 03:30'],
    hoursLondonSummer: '08:00–16:30 (Ora Regno Unito, GMT+1)',
    sep: ',',
  },
  {
    locale: 'es-ES',
    price: [
      [7420, 0, '7420'],
      [17420.5, 1, '17.420,5'],
      [1069.6, 2, '1069,60'],
      [12.5, 3, '12,500'],
      [1.154, 5, '1,15400'],
    ],
    change: '−12,50',
    money: { GBP: '1234,50 GBP', EUR: '−1234,50 EUR', JPY: '1235 JPY', USD: '0,10 USD' },
    pct: `−1,23 %`,
    size: '0,5',
    aroundDst: ['29/3/26, 1:30', '29/3/26, 3:30'],
    hoursLondonSummer: '8:00–16:30 (hora de Reino Unido, GMT+1)',
    sep: ',',
  },
];

afterEach(() => setFormatLocale(undefined));

describe.each(cases)('$locale', (c) => {
  it('prints prices at the market precision, trailing zeros kept', () => {
    for (const [value, decimals, text] of c.price) expect(seen(formatPrice(value, decimals, c.locale))).toBe(text);
  });

  it('signs changes with a minus sign; a change that rounds to zero has none', () => {
    expect(seen(formatChange(-12.5, 2, c.locale))).toBe(c.change);
    expect(formatChange(12.5, 2, c.locale)).toBe(`+${c.change.slice(1)}`);
    expect(formatChange(-0.001, 2, c.locale)).toBe(formatPrice(0, 2, c.locale));
  });

  it("prints money at its currency's decimals with its code", () => {
    expect(seen(formatMoney(1234.5, 'GBP', false, c.locale))).toBe(c.money.GBP);
    expect(seen(formatMoney(-1234.5, 'EUR', true, c.locale))).toBe(c.money.EUR);
    expect(seen(formatMoney(1234.5, 'JPY', false, c.locale))).toBe(c.money.JPY);
    expect(seen(formatMoney(0.1, 'USD', false, c.locale))).toBe(c.money.USD);
  });

  it('prints percentages and sizes in the locale', () => {
    expect(seen(formatPct(-1.234, 2, true, c.locale))).toBe(c.pct);
    expect(formatSize(0.5, c.locale)).toBe(c.size);
  });

  it("prints times in the user's zone across a DST change", () => {
    const zone = 'Europe/Berlin';
    const before = Date.UTC(2026, 2, 29, 0, 30);
    const after = Date.UTC(2026, 2, 29, 1, 30);
    expect([seen(formatDateTime(before, zone, c.locale)), seen(formatDateTime(after, zone, c.locale))]).toEqual(
      c.aroundDst,
    );
  });

  it("prints market hours in the market's zone, named", () => {
    const hours = [{ openTime: '08:00', closeTime: '16:30' }];
    expect(seen(formatMarketHours(hours, 'Europe/London', Date.UTC(2026, 6, 1), c.locale))).toBe(c.hoursLondonSummer);
  });

  it("reads typed numbers with exactly the locale's decimal separator", () => {
    expect(decimalSeparator(c.locale)).toBe(c.sep);
    const wrong = c.sep === ',' ? '.' : ',';
    expect(parseTypedNumber(`0${c.sep}5`, c.locale)).toEqual({ ok: true, value: 0.5 });
    expect(parseTypedNumber(`1 000${c.sep}25`, c.locale)).toEqual({ ok: true, value: 1000.25 });
    expect(parseTypedNumber('', c.locale)).toEqual({ ok: true, value: null });
    const refused = parseTypedNumber(`0${wrong}5`, c.locale);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error).toContain(`“${c.sep}”`);
    // A thousands separator in the other convention is ambiguous ("1.000" is one or a thousand): refused.
    expect(parseTypedNumber(`1${wrong}000`, c.locale).ok).toBe(false);
    expect(parseTypedNumber('12abc', c.locale).ok).toBe(false);
  });

  it('formats in the pinned locale when none is passed', () => {
    setFormatLocale(c.locale);
    expect(formatLocale()).toBe(c.locale);
    expect(seen(formatPrice(1.154, 5))).toBe(c.price.at(-1)?.[2]);
  });
});

describe('the locale in use', () => {
  it("is the browser's UI language when nothing is pinned", () => {
    const i18n = fakeBrowser.i18n as { getMessage: unknown; getUILanguage: unknown };
    const saved = { getMessage: i18n.getMessage, getUILanguage: i18n.getUILanguage };
    try {
      i18n.getMessage = () => '';
      i18n.getUILanguage = () => 'de';
      setFormatLocale(undefined);
      expect(formatLocale()).toBe('de');
      expect(formatPrice(1069.63, 2)).toBe('1.069,63');
      expect(formatTime(Date.UTC(2026, 0, 5, 14, 5, 9), 'UTC')).toBe('14:05:09');
    } finally {
      Object.assign(i18n, saved);
      setFormatLocale(undefined);
    }
  });
});
