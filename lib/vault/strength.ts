// Whether a new passphrase holds against someone who copies the browser profile and guesses offline,
// where no lockout applies: an estimate of the guesses it takes (zxcvbn-ts, lib/vault/estimator.ts) at the
// rate a well-equipped attacker reaches against the vault's Argon2id, in plain words (the catalogue's). Pure.

import { i18n } from '#i18n';

/**
 * Guesses per second one current top graphics card makes against Argon2id at 64 MiB and 3 passes
 * (lib/vault/crypto.ts ARGON2ID). Each guess moves about (3t-1)·m = 512 MiB through the card's memory; at
 * 1–1.8 TB/s that is 2,000–3,500 a second; 5,000 leaves room for faster cards.
 */
export const GUESSES_PER_SECOND_PER_CARD = 5_000;
/** The attacker the estimate speaks of: someone with ten such cards. */
export const ATTACKER_CARDS = 10;
/** A passphrase is accepted when that attacker would need at least this long. */
export const REQUIRED_YEARS = 100;

const YEAR_S = 365.25 * 24 * 3600;
export const REQUIRED_GUESSES = GUESSES_PER_SECOND_PER_CARD * ATTACKER_CARDS * REQUIRED_YEARS * YEAR_S;

export interface EstimateInput {
  /** The estimated number of guesses to find it (zxcvbn's). */
  guesses: number;
  /** The estimator's warning (a common password, a keyboard pattern, a date...), if any. */
  warning: string | null;
}

export interface PassphraseStrength {
  ok: boolean;
  /** How long the attacker would need, in words: "about 3 days". */
  time: string;
  /** What the user reads beside the field. */
  text: string;
}

/** A duration in the words a person uses: "under a minute", "about 5 hours", "more than a million years". */
export function timeInWords(seconds: number): string {
  if (seconds < 60) return i18n.t('strength.underMinute');
  const about = (n: number) => [n, { n: String(n) }] as const;
  if (seconds < 3600) return i18n.t('strength.minutes', ...about(Math.round(seconds / 60)));
  if (seconds < 86_400) return i18n.t('strength.hours', ...about(Math.round(seconds / 3600)));
  if (seconds < 31 * 86_400) return i18n.t('strength.days', ...about(Math.round(seconds / 86_400)));
  const years = seconds / YEAR_S;
  if (years < 1) return i18n.t('strength.months', ...about(Math.max(1, Math.round(years * 12))));
  if (years < 1_000) return i18n.t('strength.years', ...about(Math.round(years)));
  if (years < 1_000_000) return i18n.t('strength.thousandYears', ...about(Math.round(years / 1_000)));
  return i18n.t('strength.millionYears');
}

/** The verdict on an estimate: accepted only when the time to guess reaches REQUIRED_YEARS. */
export function judgeStrength({ guesses, warning }: EstimateInput): PassphraseStrength {
  const time = timeInWords(guesses / (GUESSES_PER_SECOND_PER_CARD * ATTACKER_CARDS));
  const ok = guesses >= REQUIRED_GUESSES;
  const estimate = i18n.t('strength.estimate', { cards: String(ATTACKER_CARDS), time });
  if (ok) return { ok, time, text: i18n.t('strength.strong', { estimate }) };
  const advice = i18n.t('strength.advice');
  if (!warning) return { ok, time, text: i18n.t('strength.weak', { estimate, advice }) };
  return { ok, time, text: i18n.t('strength.weakBecause', { warning, estimate, advice }) };
}
