// The passphrase estimator (zxcvbn-ts with its common and English dictionaries, about 1 MB), loaded by the
// settings page the first time the user types a new passphrase, never up front. Its feedback stays as
// zxcvbn's keys (no translations given) and is put in the user's language by lib/vault/warnings.ts.
import type { PassphraseStrength } from './strength';
import { judgeStrength } from './strength';
import { warningWords } from './warnings';

type Check = (passphrase: string, userInputs: string[]) => { guesses: number; feedback: { warning: string | null } };

let loading: Promise<Check> | null = null;

async function load(): Promise<Check> {
  const [{ ZxcvbnFactory }, common, en] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]);
  const factory = new ZxcvbnFactory({
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...en.dictionary },
  });
  return (passphrase, userInputs) => factory.check(passphrase, userInputs);
}

/** Words of this app and account that make a passphrase easier to guess. */
const APP_WORDS = ['marketside', 'ig', 'trading', 'trader'];

/** How long someone with a copy of the profile would need to guess it, and whether that is long enough. */
export async function estimatePassphrase(passphrase: string, userInputs: string[] = []): Promise<PassphraseStrength> {
  loading ??= load().catch((err: unknown) => {
    loading = null;
    throw err;
  });
  const check = await loading;
  const result = check(passphrase, [...APP_WORDS, ...userInputs.filter(Boolean)]);
  return judgeStrength({ guesses: result.guesses, warning: warningWords(result.feedback.warning) });
}
