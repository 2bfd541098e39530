// The stores' listing text comes from the catalogues: every language has a name, a summary within the Chrome
// Web Store's 132 characters and a description of its own (not English left in place), and the release
// script writes one file a language.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LISTING_KEYS, listingOf, SUMMARY_LIMIT } from '../../lib/release/store-listing';
import { writeStoreListings } from '../../scripts/store-listing';

const out = mkdtempSync(join(tmpdir(), 'marketside-listing-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('the store listing', () => {
  const written = writeStoreListings(out);
  const text = (lang: string) => readFileSync(join(out, `${lang}.txt`), 'utf8');

  it('is written for each language the extension speaks', () => {
    expect(written.map((p) => basename(p)).sort()).toEqual(['de.txt', 'en.txt', 'es.txt', 'fr.txt', 'it.txt']);
  });

  it("gives each language its own words: the name, a summary the store accepts, and IG's and the permit's mention", () => {
    for (const lang of ['de', 'es', 'fr', 'it']) {
      const [, summary, ...body] = text(lang).split('\n\n');
      expect(summary, lang).not.toBe(text('en').split('\n\n')[1]);
      expect([...(summary ?? '')].length, lang).toBeLessThanOrEqual(SUMMARY_LIMIT);
      expect(body.join('\n\n'), lang).not.toContain('Dealing is off by default');
      expect(body.join('\n\n'), lang).toContain('IG');
    }
    expect(text('de')).toMatch(/^Marketside\n\nMärkte auf Ihrem IG-Konto/);
    expect(text('de')).toContain('Handeln ist standardmäßig aus');
    expect(text('en')).toContain('Dealing is off by default');
  });

  it('refuses a catalogue without a part, or a summary the store would cut', () => {
    const whole = new Map<string, string>(LISTING_KEYS.map((k) => [k, `${k} text`]));
    expect(listingOf('xx', whole).description).toBe('storeListing.body text');
    const missing = new Map(whole);
    missing.delete('storeListing.body');
    expect(() => listingOf('xx', missing)).toThrow(/xx catalogue has no storeListing.body/);
    expect(() => listingOf('xx', new Map([...whole, ['extDescription', 'x'.repeat(133)]]))).toThrow(/133 characters/);
  });
});
