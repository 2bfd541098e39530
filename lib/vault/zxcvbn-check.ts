// The passphrase estimator itself: zxcvbn-ts with its common and English dictionaries (about 1 MB, and half a
// second to rank them), loaded at the first check. The settings page runs it in a worker (entrypoints/
// strength-worker.ts), where loading and checking do not hold up typing; tests run it in their own thread.
// Its warning stays zxcvbn's key (no translations given), put in the user's words by lib/vault/warnings.ts.
import type { Estimator, PassphraseCheck } from './estimator';

type Zxcvbn = (passphrase: string, userInputs: string[]) => { guesses: number; feedback: { warning: string | null } };

let loading: Promise<Zxcvbn> | null = null;

async function load(): Promise<Zxcvbn> {
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

/** Loads the estimator, once; a failed load is tried again at the next check. */
function loadZxcvbn(): Promise<Zxcvbn> {
  loading ??= load().catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}

/** zxcvbn's estimate of the guesses a passphrase takes, and its warning key, in this thread. */
export const zxcvbnCheck: PassphraseCheck = async (passphrase, userInputs) => {
  const { guesses, feedback } = (await loadZxcvbn())(passphrase, userInputs);
  return { guesses, warning: feedback.warning ?? null };
};

/** The estimator in this thread: the settings page's worker's, and the tests'. */
export const zxcvbnInThread: Estimator = {
  check: zxcvbnCheck,
  warm: () => {
    loadZxcvbn().catch(() => {
      // Tried again at the first check, which fails saying why.
    });
  },
};
