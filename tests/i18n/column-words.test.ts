// The headers of the columns a trader chooses, in the UI's language: a German trader's watchlist reads
// "Mittelkurs" and "Tageshoch", not English beside German.
import { describe, expect, it } from 'vitest';
import { COLUMN_DEFS, columnIds } from '../../lib/watchlists/columns';
import { useLocale } from '../setup/i18n-messages';

describe('chosen columns', () => {
  it('are named in English by default, with their short headers', () => {
    expect(COLUMN_DEFS.mid.label).toBe('Mid price');
    expect(COLUMN_DEFS.spread.short).toBe('Sprd');
    expect(COLUMN_DEFS.spark.short).toBe('Trend');
  });

  it('are named in German when the browser speaks German, every one of them', () => {
    const english = new Map(columnIds.map((id) => [id, COLUMN_DEFS[id].label]));
    useLocale('de');
    expect(COLUMN_DEFS.bid.label).toBe('Geld');
    expect(COLUMN_DEFS.mid.label).toBe('Mittelkurs');
    expect(COLUMN_DEFS.high.label).toBe('Tageshoch');
    expect(COLUMN_DEFS.updated.short).toBe('Aktualisiert');
    // Spread is the same word in German; every other header changes.
    const unchanged = columnIds.filter((id) => COLUMN_DEFS[id].label === english.get(id));
    expect(unchanged).toEqual(['spread']);
  });
});
