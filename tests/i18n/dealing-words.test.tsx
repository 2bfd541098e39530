// @vitest-environment happy-dom
// The dealing forms, the permit and the remembered credentials speak the browser's language: labels, the
// checks a ticket fails, an outcome, the time a permit has left, and counts in each language's plural.
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '#i18n';
import { DealOutcomeView } from '../../components/dealing/DealOutcomeView';
import { StopLimitField } from '../../components/dealing/StopLimitField';
import { VaultPrompt } from '../../components/VaultPrompt';
import { validateWorkingOrder } from '../../lib/dealing/working-order';
import { setFormatLocale } from '../../lib/format';
import type { send } from '../../lib/messages/contract';
import type { MarketFacts } from '../../lib/model';
import { DURATIONS } from '../../lib/options/permit-durations';
import { describeExpiry, grantPermit } from '../../lib/permit/lifecycle';
import { PinRejectedError } from '../../lib/vault/keeper';
import { useLocale } from '../setup/i18n-messages';

afterEach(() => {
  cleanup();
  setFormatLocale(undefined);
});

const facts = {
  epic: 'IX.D.FTSE.DAILY.IP',
  currency: 'GBP',
  lotSize: 1,
  stopsLimitsAllowed: true,
  dealingRules: {
    minDealSize: { unit: 'POINTS', value: 0.5 },
    minStepDistance: { unit: 'POINTS', value: 1 },
    minNormalStopOrLimitDistance: { unit: 'POINTS', value: 8 },
    maxStopOrLimitDistance: { unit: 'PERCENTAGE', value: 75 },
  },
} as unknown as MarketFacts;

describe('dealing and vault words', () => {
  it('asks for the PIN in German', () => {
    useLocale('de');
    const never = (async () => ({ ok: true, data: null })) as unknown as typeof send;
    render(<VaultPrompt vault={{ state: 'locked', notice: null, triesLeft: 5 }} send={never} />);
    expect(screen.getByText('Gesperrt')).toBeTruthy();
    expect(screen.getByLabelText('PIN oder Passphrase')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Entsperren' })).toBeTruthy();
  });

  it('names a stop field and its kinds in Italian', () => {
    useLocale('it');
    render(
      <StopLimitField
        kind="stop"
        draft={{ mode: 'distance', text: '' }}
        onChange={() => {}}
        invalid={false}
        idPrefix="t"
      />,
    );
    expect(screen.getByRole('combobox', { name: 'Tipo di stop' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Distanza dello stop' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Distanza (punti)' })).toBeTruthy();
  });

  it('says a close was accepted, and its deal id, in French', () => {
    useLocale('fr');
    render(
      <DealOutcomeView
        verb="close"
        outcome={{ status: 'accepted', dealReference: 'R1', dealId: 'DIAAAA1', level: null, size: null }}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('Clôture acceptée. Référence de transaction DIAAAA1.');
  });

  it('says why a working order cannot be placed, in Spanish with Spanish numbers at the market precision', () => {
    useLocale('es');
    setFormatLocale('es-ES');
    const check = validateWorkingOrder(
      {
        epic: facts.epic,
        direction: 'BUY',
        type: 'LIMIT',
        size: 0.2,
        level: 17600,
        goodTillDate: null,
        stopDistance: 3,
        limitDistance: null,
      },
      { ...facts, decimalPlacesFactor: 2 },
      { bid: 17500, offer: 17501.5 },
      Date.now(),
    );
    expect(check.ok ? [] : check.issues.map((i) => i.message)).toEqual([
      'El tamaño mínimo en este mercado es 0,5.',
      'Una orden límite de compra debe estar por debajo del precio de compra actual (17.501,50).',
      'El stop está demasiado cerca: al menos 8 puntos del nivel de la orden.',
    ]);
  });

  it("tells a permit's time left and durations in German, with plural forms", () => {
    useLocale('de');
    const now = Date.now();
    const permit = { expiresAt: now + 90 * 60_000 } as Parameters<typeof describeExpiry>[0];
    expect(describeExpiry(permit, now)).toBe('noch 1 Std. 30 Min.');
    expect(DURATIONS.map((d) => d.label())).toEqual([
      '1 Stunde',
      '4 Stunden',
      '8 Stunden',
      '24 Stunden',
      'Bis der Browser geschlossen wird',
    ]);
    useLocale('es');
    const checked = (n: number) => i18n.t('deal.lockAttempts', n, { n: String(n) });
    expect([checked(1), checked(3)]).toEqual(['Comprobado 1 vez hasta ahora.', 'Comprobado 3 veces hasta ahora.']);
  });

  it("refuses a wrong PIN and a permit without consent in the browser's language, counting tries", () => {
    useLocale('de');
    expect(new PinRejectedError(1).message).toContain('Noch 1 Versuch, bevor sie gelöscht werden.');
    expect(new PinRejectedError(4).message).toContain('Noch 4 Versuche, bevor sie gelöscht werden.');
    useLocale('fr');
    const refused = grantPermit(
      { scope: 'dealing', accountId: 'A1', confirmAccountId: null, durationMs: null, acknowledged: false },
      { environment: 'demo', baseUrl: null, accountId: 'A1' },
      Date.now(),
      () => 'id',
    );
    expect(refused).toMatchObject({ ok: false, message: "Lisez et confirmez d'abord ce que permet l'autorisation." });
  });
});
