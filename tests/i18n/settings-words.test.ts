// Words made in lib and shown on the settings page, the deal ticket and any page that meets a refusal: the
// connection check's reasons, the quoted cost lines and the refusal of a host nobody allowed, each in the
// browser's language (issue 25 §1).

import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { HostNotGrantedError } from '../../lib/api';
import { closeQuoteView, openQuoteView } from '../../lib/dealing/views';
import type { ErrorView } from '../../lib/messages/contract';
import { requestSchema } from '../../lib/messages/contract';
import { checkReason } from '../../lib/options/check';
import { VaultFormatError } from '../../lib/vault/record';
import { useLocale } from '../setup/i18n-messages';

const refusal = (code: string, kind: ErrorView['kind'] = 'bad-credentials') =>
  ({ kind, message: 'x', code }) as ErrorView;

describe("the connection check's reasons", () => {
  it('name each refusal in German, with what to do next', () => {
    useLocale('de');
    expect(checkReason(refusal('error.security.invalid-details'))).toMatchObject({
      title: 'Falsche Kennung oder falsches Passwort',
      next: expect.stringMatching(/^Geben Sie beides erneut ein/),
    });
    const key = checkReason(refusal('error.security.api-key-invalid'), 'demo');
    expect(key.title).toBe('Falscher API-Schlüssel für IG Demo');
    expect(key.next).toContain('My IG → Einstellungen → API-Schlüssel');
    expect(checkReason(refusal('error.public-api.failure.encryption.required', 'validation')).next).toBe(
      'Setzen Sie unten das Häkchen bei „Mein Passwort bei der Anmeldung verschlüsseln“ und prüfen Sie erneut.',
    );
    expect(checkReason({ kind: 'timeout', message: 'x' })).toMatchObject({
      title: 'Der Dienst war nicht erreichbar',
      detail: 'Der Dienst hat nicht rechtzeitig geantwortet.',
    });
  });

  it('hold no English in any language but English', () => {
    const cases: [ErrorView, ('demo' | 'live')?][] = [
      [refusal('error.security.api-key-disabled')],
      [refusal('error.security.api-key-invalid'), 'live'],
      [refusal('error.security.api-key-invalid')],
      [refusal('error.public-api.exceeded-api-key-allowance', 'rate-limited')],
      [refusal('error.public-api.failure.encryption.required', 'validation')],
      [refusal('error.security.too-many-failed-attempts')],
      [refusal('error.security.account-suspended')],
      [refusal('error.security.invalid-details')],
      [{ kind: 'offline', message: 'x' }],
      [{ kind: 'service', message: 'x' }],
    ];
    const english = cases.map(([e, env]) => checkReason(e, env));
    for (const lang of ['de', 'fr', 'es', 'it']) {
      useLocale(lang);
      cases.forEach(([e, env], i) => {
        const theirs = checkReason(e, env);
        for (const part of ['title', 'next'] as const)
          expect(theirs[part], `${lang} ${part}`).not.toBe(english[i]?.[part]);
      });
    }
  });
});

describe('the quoted cost lines', () => {
  const quote = {
    indicativeQuoteReference: 'Q1',
    currencyCodeISO: 'EUR',
    openingSpread: 1.2,
    overnightFundingFee: 0.3,
  };

  it("are named in the page's language; IG's amounts untouched", () => {
    useLocale('de');
    expect(openQuoteView(quote as never, 0)?.lines).toEqual([
      { label: 'Spread bei Eröffnung', amount: 1.2 },
      { label: 'Übernachtfinanzierung (pro Tag)', amount: 0.3 },
    ]);
    useLocale('fr');
    expect(
      closeQuoteView({ close: { indicativeQuoteReference: 'Q2', closingSpread: 0.5 } } as never, 0)?.lines,
    ).toEqual([{ label: 'Spread à la clôture', amount: 0.5 }]);
  });
});

describe('remembered credentials this version cannot read', () => {
  it('say so in German', () => {
    useLocale('de');
    expect(new VaultFormatError().message).toBe(
      'Die gespeicherten Zugangsdaten liegen in einer Form vor, die Marketside nicht lesen kann',
    );
  });
});

describe('a host nobody allowed', () => {
  it('is refused in German, naming the host', () => {
    useLocale('de');
    expect(new HostNotGrantedError('evil.example:8443').message).toBe(
      'Marketside hat evil.example:8443 nicht kontaktiert: Der Host gehört nicht zu IG und Sie haben ihn nicht erlaubt. Nichts wurde gesendet. Um ihn zu nutzen, erlauben Sie den Zugriff unter Einstellungen → Verbindung.',
    );
  });
});

describe('a file too big to import', () => {
  it('is refused in German before anything is sent', async () => {
    useLocale('de');
    const epics = Array.from({ length: 5001 }, (_, i) => `CS.D.M${i}.CFD.IP`);
    const read = v.safeParse(await requestSchema('watchlists.import'), {
      target: { name: 'Neu' },
      epics,
      duplicates: [],
      invalid: [],
    });
    expect(read.success).toBe(false);
    expect(read.issues?.[0]?.message).toBe('Die Datei enthält zu viele Märkte');
  });
});
