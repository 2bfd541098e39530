// Bounds of the refresh cadences the settings accept (the engine never polls faster than the
// allowances permit; alarms run at most once a minute).
import { i18n } from '#i18n';
import type { Prefs } from '../settings/registry';

export const CADENCES = {
  priceRefreshSec: { min: 1, max: 300, label: () => i18n.t('prefs.cadence.prices') },
  sentimentRefreshMin: { min: 1, max: 120, label: () => i18n.t('prefs.cadence.sentiment') },
  backgroundRefreshMin: { min: 1, max: 120, label: () => i18n.t('prefs.cadence.background') },
} as const;

export type CadenceKey = keyof typeof CADENCES;

/** A typed cadence as a whole number within its bounds, or an error message. */
export function parseCadence(
  key: CadenceKey,
  text: string,
): { ok: true; value: number } | { ok: false; message: string } {
  const { min, max } = CADENCES[key];
  const value = Number(text.trim());
  if (text.trim() === '' || !Number.isInteger(value)) return { ok: false, message: i18n.t('lastWords.wholeNumber') };
  if (value < min || value > max)
    return { ok: false, message: i18n.t('lastWords.between', { min: String(min), max: String(max) }) };
  return { ok: true, value };
}

export function withCadence(prefs: Prefs, key: CadenceKey, value: number): Prefs {
  return { ...prefs, [key]: value };
}
