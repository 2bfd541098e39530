// Whether a new passphrase holds against someone who copies the browser profile and guesses offline,
// where no lockout applies: an estimate of the guesses it takes (zxcvbn-ts, lib/vault/estimator.ts) at the
// rate a well-equipped attacker reaches against the vault's Argon2id, in plain words. Pure.

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

export const ATTACKER_WORDS = `someone with a copy of your browser profile and ${ATTACKER_CARDS} fast graphics cards`;
const ADVICE = 'Use four or more uncommon words, or 16 or more random characters.';

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

const plural = (n: number, unit: string) => `about ${n} ${unit}${n === 1 ? '' : 's'}`;

/** A duration in the words a person uses: "under a minute", "about 5 hours", "more than a million years". */
export function timeInWords(seconds: number): string {
  if (seconds < 60) return 'under a minute';
  if (seconds < 3600) return plural(Math.round(seconds / 60), 'minute');
  if (seconds < 86_400) return plural(Math.round(seconds / 3600), 'hour');
  if (seconds < 31 * 86_400) return plural(Math.round(seconds / 86_400), 'day');
  const years = seconds / YEAR_S;
  if (years < 1) return plural(Math.max(1, Math.round(years * 12)), 'month');
  if (years < 1_000) return plural(Math.round(years), 'year');
  if (years < 1_000_000) return `about ${Math.round(years / 1_000)} thousand years`;
  return 'more than a million years';
}

/** The verdict on an estimate: accepted only when the time to guess reaches REQUIRED_YEARS. */
export function judgeStrength({ guesses, warning }: EstimateInput): PassphraseStrength {
  const time = timeInWords(guesses / (GUESSES_PER_SECOND_PER_CARD * ATTACKER_CARDS));
  const ok = guesses >= REQUIRED_GUESSES;
  const estimate = `${ATTACKER_WORDS.charAt(0).toUpperCase()}${ATTACKER_WORDS.slice(1)} would need ${time} to guess it.`;
  if (ok) return { ok, time, text: `Strong enough. ${estimate}` };
  return { ok, time, text: `Too easy to guess. ${warning ? `${warning} ` : ''}${estimate} ${ADVICE}` };
}
