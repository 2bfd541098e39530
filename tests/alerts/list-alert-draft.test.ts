// The list alert form's threshold is a typed amount: in the user's locale, shown back in it when an alert is
// edited, and a wrong decimal separator is named as such (issue 25 §2), with nothing saved.
import { afterEach, describe, expect, it } from 'vitest';
import { conditionOf, draftOf, emptyDraft } from '../../components/alerts/list-alert-draft';
import { setFormatLocale } from '../../lib/format';
import { useLocale } from '../setup/i18n-messages';

afterEach(() => setFormatLocale(undefined));

describe('the list alert threshold', () => {
  it('in German: reads "2,5", shows a stored 2.5 as "2,5", and names the separator on "2.5"', () => {
    useLocale('de');
    setFormatLocale('de-DE');
    expect(conditionOf({ ...emptyDraft, kind: 'day-change', pct: '2,5' })).toEqual({
      condition: { kind: 'day-change', pct: 2.5 },
    });
    const edited = draftOf({ kind: 'window-move', pct: 2.5, minutes: 15 });
    expect(edited.pct).toBe('2,5');
    expect(conditionOf(edited)).toEqual({ condition: { kind: 'window-move', pct: 2.5, minutes: 15 } });
    expect(conditionOf({ ...emptyDraft, kind: 'sentiment', pct: '2.5' })).toEqual({
      error: 'Verwenden Sie „,“ als Dezimaltrennzeichen, wie in 0,5.',
      field: 'pct',
    });
  });

  it('in English: the comma is the wrong one, and a threshold out of range says its range', () => {
    setFormatLocale('en-GB');
    expect(draftOf({ kind: 'day-change', pct: 2.5 }).pct).toBe('2.5');
    expect(conditionOf({ ...emptyDraft, pct: '2,5' })).toEqual({
      error: 'Use “.” as the decimal separator, as in 0.5.',
      field: 'pct',
    });
    expect(conditionOf({ ...emptyDraft, pct: '101' })).toEqual({
      error: 'Enter a percentage above 0, at most 100',
      field: 'pct',
    });
  });
});
