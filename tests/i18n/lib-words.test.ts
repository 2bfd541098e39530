// Words made outside the pages and shown on them (the passphrase verdict, the worker's refusals) come from
// the catalogue in the browser's language.

import { describe, expect, it } from 'vitest';
import type { ReconciliationLock } from '../../lib/api/stores';
import { permitMissing } from '../../lib/background/dealing/access';
import { duplicateWarning } from '../../lib/background/dealing/duplicates';
import { quoteProblem } from '../../lib/background/dealing/quotes';
import { settlementOf } from '../../lib/background/dealing/reconciler';
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
    expect(permitMissing('dealing').message).toBe(
      'Handeln ist aus: Erteilen Sie zuerst in den Einstellungen die Handelsfreigabe',
    );
    expect(quoteProblem('mismatch')).toContain('Der Handel wurde nach der Kostenaufstellung geändert');
  });

  it('sums up a settled deal in German after “Reconciled:”', () => {
    useLocale('de');
    const lock = { label: 'positions.close', dealReference: null, epic: 'CS.D.EURUSD.MINI.IP' } as ReconciliationLock;
    expect(settlementOf({ outcome: 'not-executed', lock }, 0).summary).toBe(
      'Die Schließung der Position in CS.D.EURUSD.MINI.IP wurde nicht ausgeführt: Weder die Bestätigung von IG noch das Konto weisen darauf hin.',
    );
    expect(duplicateWarning('REF1', null, ['D1', 'D2'], 0).summary).toMatch(
      /^IG zeigt 2 Positionen \(D1, D2\), die eine einzige Handelsanfrage eröffnet hat \(Referenz REF1\)/,
    );
  });
});
