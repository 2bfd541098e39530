import { describe, expect, it } from 'vitest';
import { reasonSentence } from '../../lib/dealing/reasons';
import { useLocale } from '../setup/i18n-messages';

// The background passes a rejection's code on; the pages put it in words with these sentences.
describe('a rejection reason in words', () => {
  it("words IG's codes", () => {
    expect(reasonSentence('INSUFFICIENT_FUNDS')).toBe('There are not enough funds in the account for this deal.');
  });

  it('words the code the reconciler gives a deal neither IG nor the account shows', () => {
    expect(reasonSentence('NOT_EXECUTED')).toBe('IG has no record of this deal.');
  });

  it('spells out a code it does not know and says so when there is none', () => {
    expect(reasonSentence('SOME_NEW_REASON')).toBe('IG rejected the deal: some new reason.');
    expect(reasonSentence(null)).toBe('IG rejected the deal without giving a reason.');
    expect(reasonSentence('constructor')).toBe('IG rejected the deal: constructor.');
  });

  it("words IG's codes in the browser's language", () => {
    useLocale('de');
    expect(reasonSentence('INSUFFICIENT_FUNDS')).toBe('Das Konto hat nicht genug Mittel für diesen Handel.');
    useLocale('it');
    expect(reasonSentence('SOME_NEW_REASON')).toBe("IG ha rifiutato l'operazione: some new reason.");
  });
});
