// @vitest-environment happy-dom
// The words a page shows come from the catalogue of the browser's language, plurals included.

import { render, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { i18n } from '#i18n';
import { ErrorState } from '../../components/ErrorState';
import { useLocale } from '../setup/i18n-messages';

describe('messages', () => {
  it('shows the page in German when the browser speaks German', () => {
    useLocale('de');
    render(<ErrorState error={{ kind: 'rate-limited', message: 'IG', retryAfterMs: 3000 }} onRetry={() => {}} />);
    expect(screen.getByText('Langsamer, um im Rahmen Ihres API-Kontingents zu bleiben')).toBeTruthy();
    expect(screen.getByText('Neuer Versuch in 3 s.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
  });

  it('picks the plural form by count, as each language counts', () => {
    const points = (n: number) => i18n.t('facts.points', n, { value: String(n) });
    expect([points(0), points(1), points(2)]).toEqual(['0 points', '1 point', '2 points']);
    useLocale('fr');
    expect([points(0), points(1), points(2)]).toEqual(['0 point', '1 point', '2 points']);
    useLocale('de');
    expect([points(0), points(1), points(2)]).toEqual(['0 Punkte', '1 Punkt', '2 Punkte']);
  });
});
