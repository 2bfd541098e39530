// The verdict on a new passphrase, as the settings page shows it: an estimate of the guesses it takes (zxcvbn-ts,
// lib/vault/zxcvbn-check.ts) judged against the vault's key derivation (strength.ts) in the user's words. The
// estimate is computed where `estimateIn` was told: the settings page's worker (estimate-worker.ts), never its
// own thread, where ranking the dictionaries stalled typing for half a second and each check for tens of ms.
import type { PassphraseStrength } from './strength';
import { judgeStrength } from './strength';
import { warningWords } from './warnings';

/** The guesses a passphrase takes and zxcvbn's warning key (null for none). */
export interface Estimate {
  guesses: number;
  warning: string | null;
}

export type PassphraseCheck = (passphrase: string, userInputs: string[]) => Promise<Estimate>;

export interface Estimator {
  check: PassphraseCheck;
  /** Starts loading the estimator, so that the check asked for when the user pauses finds it ready. */
  warm(): void;
}

let estimator: Estimator | null = null;

/** Where estimates are computed from now on. */
export function estimateIn(where: Estimator): void {
  estimator = where;
}

/** The user has begun a new passphrase: the estimator loads meanwhile. */
export function warmEstimator(): void {
  estimator?.warm();
}

/** Words of this app and account that make a passphrase easier to guess. */
const APP_WORDS = ['marketside', 'ig', 'trading', 'trader'];

/** How long someone with a copy of the profile would need to guess it, and whether that is long enough. */
export async function estimatePassphrase(passphrase: string, userInputs: string[] = []): Promise<PassphraseStrength> {
  if (!estimator) throw new Error('No passphrase estimator is set up');
  const { guesses, warning } = await estimator.check(passphrase, [...APP_WORDS, ...userInputs.filter(Boolean)]);
  return judgeStrength({ guesses, warning: warningWords(warning) });
}
