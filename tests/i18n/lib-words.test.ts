// Words made outside the pages and shown on them (the passphrase verdict, the worker's refusals) come from
// the catalogue in the browser's language.
import { describe, expect, it } from 'vitest';
import { quoteProblem } from '../../lib/background/dealing/quotes';
import { judgeStrength, REQUIRED_GUESSES, timeInWords } from '../../lib/vault/strength';
import { useLocale } from '../setup/i18n-messages';

describe('words made in lib and the worker', () => {
  it('judges a passphrase in German, with the time in German plurals', () => {
    useLocale('de');
    expect(timeInWords(3600)).toBe('etwa 1 Stunde');
    expect(timeInWords(5 * 3600)).toBe('etwa 5 Stunden');
    expect(judgeStrength({ guesses: REQUIRED_GUESSES * 2, warning: null }).text).toBe(
      'Stark genug. Jemand mit einer Kopie Ihres Browserprofils und 10 schnellen Grafikkarten bräuchte etwa 200 Jahre, um sie zu erraten.',
    );
    const weak = judgeStrength({ guesses: 1, warning: null }).text;
    expect(weak).toMatch(/^Zu leicht zu erraten\. .*weniger als eine Minute.*ungewöhnliche Wörter/);
  });

  it('refuses an unquoted or stale deal in German', () => {
    useLocale('de');
    expect(quoteProblem('expired')).toBe('Die Kostenaufstellung ist älter als fünf Minuten: Holen Sie eine neue ein.');
    expect(quoteProblem('mismatch')).toContain('Der Handel wurde nach der Kostenaufstellung geändert');
  });
});
