import { afterEach, describe, expect, it } from 'vitest';
import {
  alertWatchOf,
  conditionText,
  createRule,
  distanceTo,
  noticeFor,
  parseNumber,
  sortAlertRows,
  validateDraft,
} from '../../lib/alerts';
import { setFormatLocale } from '../../lib/format';
import { quote, rule, sentiment } from './rule';

afterEach(() => setFormatLocale(undefined));

describe('distance to target', () => {
  it('above: what is left to rise, absolute and as a percentage of the price', () => {
    const d = distanceTo(rule({ kind: 'above', target: 110 }), quote(99, 101), null);
    expect(d).toMatchObject({ unit: 'price', reached: false });
    expect(d?.abs).toBeCloseTo(10);
    expect(d?.pct).toBeCloseTo(10);
  });
  it('below: what is left to fall; negative once through', () => {
    expect(distanceTo(rule({ kind: 'below', target: 90 }), quote(100, 100), null)?.abs).toBeCloseTo(10);
    const through = distanceTo(rule({ kind: 'below', target: 90 }), quote(80, 80), null);
    expect(through?.reached).toBe(true);
    expect(through?.abs).toBeCloseTo(-10);
  });
  it('a move: percentage points still to go and their price equivalent', () => {
    const d = distanceTo(rule({ kind: 'move-pct', target: 5, reference: 200 }), quote(196, 196), null);
    expect(d?.pct).toBeCloseTo(3);
    expect(d?.abs).toBeCloseTo(6);
  });
  it('sentiment: points of long percentage', () => {
    expect(distanceTo(rule({ kind: 'sentiment-long-above', target: 75 }), null, sentiment(70))).toMatchObject({
      abs: 5,
      pct: 5,
      unit: 'points',
    });
  });
  it('nothing to measure without a usable price', () => {
    expect(distanceTo(rule({ kind: 'above', target: 1 }), quote(0, 0), null)).toBeNull();
    expect(distanceTo(rule({ kind: 'move-pct', target: 1, reference: null }), quote(1, 1), null)).toBeNull();
  });
});

describe('sorting the list', () => {
  const rows = [
    {
      rule: rule({ id: 'far', instrumentName: 'Gold', createdAt: 3 }),
      distance: distanceTo(rule({ target: 120 }), quote(100, 100), null),
    },
    { rule: rule({ id: 'none', instrumentName: 'Apple', createdAt: 1 }), distance: null },
    {
      rule: rule({ id: 'near', instrumentName: 'FTSE 100', createdAt: 2 }),
      distance: distanceTo(rule({ target: 101 }), quote(100, 100), null),
    },
  ];
  it('by distance: nearest first, unmeasurable last', () => {
    expect(sortAlertRows(rows, 'distance').map((r) => r.rule.id)).toEqual(['near', 'far', 'none']);
  });
  it('by name and by newest', () => {
    expect(sortAlertRows(rows, 'name').map((r) => r.rule.id)).toEqual(['none', 'near', 'far']);
    expect(sortAlertRows(rows, 'created').map((r) => r.rule.id)).toEqual(['far', 'near', 'none']);
  });
});

describe('creating and describing', () => {
  it('a move rule takes the current mid as its reference; others keep none', () => {
    const market = { instrumentName: 'EUR/USD', marketId: 'EURUSD', mid: 1.08 };
    const move = createRule({ epic: 'CS.D.EURUSD.MINI.IP', kind: 'move-pct', target: 1, quiet: null }, market, 'x', 5);
    expect(move).toMatchObject({
      reference: 1.08,
      armed: true,
      firedAt: null,
      createdAt: 5,
      instrumentName: 'EUR/USD',
    });
    const above = createRule({ epic: 'CS.D.EURUSD.MINI.IP', kind: 'above', target: 1.1, quiet: null }, market, 'y', 5);
    expect(above.reference).toBeNull();
  });
  it('the notification reads like "EUR/USD above 1.0850" with the price', () => {
    const n = noticeFor(rule({ kind: 'above', target: 1.085 }), 1.08512, 1.08512);
    expect(n.title).toBe('EUR/USD above 1.0850');
    expect(n.message).toBe('Price 1.0851');
    expect(conditionText({ kind: 'sentiment-long-above', target: 75 })).toBe('long ≥ 75%');
    expect(noticeFor(rule({ kind: 'move-pct', target: 2, reference: 100 }), -2.5, 97.5).message).toBe(
      'Price 97.500 · −2.50% from 100.00',
    );
  });
  it('the background watches armed rules only, with market ids for sentiment rules', () => {
    const rules = [
      rule({ id: '1', epic: 'A.B.C.D.IP' }),
      rule({ id: '2', epic: 'A.B.C.D.IP', kind: 'sentiment-long-above', marketId: 'ABC' }),
      rule({ id: '3', epic: 'E.F.G.H.IP', armed: false }),
    ];
    expect(alertWatchOf(rules)).toEqual({ epics: ['A.B.C.D.IP'], marketIds: ['ABC'] });
  });
});

describe('the form’s checks', () => {
  const base = { epic: 'CS.D.EURUSD.MINI.IP', kind: 'above' as const, quietEnabled: false, quietFrom: '', quietTo: '' };
  it("reads numbers with exactly the locale's decimal separator, refusing the other", () => {
    setFormatLocale('en-GB');
    expect(parseNumber('1.0850')).toBe(1.085);
    expect(parseNumber(' 7420.5 ')).toBe(7420.5);
    // A grouping comma is refused: in de "7,420" is seven and a bit, so neither reading is guessed.
    expect(parseNumber('7,420')).toBeNull();
    expect(parseNumber('1,0850')).toBeNull();
    expect(validateDraft({ ...base, target: '1,0850' }, null)).toEqual({
      ok: false,
      errors: { target: 'Use “.” as the decimal separator, as in 0.5.' },
    });
    setFormatLocale('de-DE');
    expect(parseNumber('1,0850')).toBe(1.085);
    expect(parseNumber('1.0850')).toBeNull();
    expect(validateDraft({ ...base, target: '1.0850' }, null)).toEqual({
      ok: false,
      errors: { target: 'Use “,” as the decimal separator, as in 0,5.' },
    });
    expect(validateDraft({ ...base, target: '1,0900' }, 1.0845)).toMatchObject({ ok: true, draft: { target: 1.09 } });
    setFormatLocale(undefined);
    expect(parseNumber('abc')).toBeNull();
    expect(parseNumber('1e3')).toBeNull();
    expect(parseNumber('-5')).toBeNull();
  });
  it('refuses a level the price is already through, which would fire at once', () => {
    expect(validateDraft({ ...base, target: '1.08' }, 1.0845)).toEqual({
      ok: false,
      errors: { target: 'The price is already at or above this level' },
    });
    expect(validateDraft({ ...base, kind: 'below', target: '1.09' }, 1.0845).ok).toBe(false);
    expect(validateDraft({ ...base, target: '1.09' }, 1.0845)).toEqual({
      ok: true,
      draft: { epic: base.epic, kind: 'above', target: 1.09, quiet: null },
    });
  });
  it('checks ranges and quiet hours', () => {
    expect(validateDraft({ ...base, target: '' }, null).ok).toBe(false);
    expect(validateDraft({ ...base, kind: 'move-pct', target: '150' }, null).ok).toBe(false);
    expect(validateDraft({ ...base, kind: 'sentiment-long-above', target: '100' }, null).ok).toBe(false);
    const quiet = { ...base, target: '2', quietEnabled: true };
    expect(validateDraft({ ...quiet, quietFrom: '22:00', quietTo: '22:00' }, 1)).toMatchObject({
      errors: { quiet: 'Quiet hours need different start and end times' },
    });
    expect(validateDraft({ ...quiet, quietFrom: '25:00', quietTo: '07:00' }, 1).ok).toBe(false);
    expect(validateDraft({ ...quiet, quietFrom: '22:00', quietTo: '07:00' }, 1)).toMatchObject({
      ok: true,
      draft: { quiet: { from: '22:00', to: '07:00' } },
    });
  });
});
