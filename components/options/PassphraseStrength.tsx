// The strength of a new passphrase, said in plain words under its field while the user types. The
// estimator starts loading at the first character typed (in its worker: lib/vault/estimate-worker.ts) and
// is asked once typing pauses.

import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { estimatePassphrase, warmEstimator } from '../../lib/vault/estimator';
import type { PassphraseStrength } from '../../lib/vault/strength';

const SETTLE_MS = 200;

/** The estimate of what is typed now (null while empty or not yet estimated). */
export function usePassphraseStrength(passphrase: string, userInputs: string[] = []): PassphraseStrength | null {
  const [strength, setStrength] = useState<PassphraseStrength | null>(null);
  const inputs = userInputs.join('\n');
  useEffect(() => {
    setStrength(null);
    if (!passphrase) return;
    warmEstimator();
    let live = true;
    const timer = setTimeout(() => {
      estimatePassphrase(passphrase, inputs.split('\n')).then(
        (s) => live && setStrength(s),
        () => live && setStrength(null),
      );
    }, SETTLE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [passphrase, inputs]);
  return strength;
}

/**
 * Before a new passphrase is sent: null when it is strong enough, otherwise what to tell the user. Waits
 * for the estimator when the user was quicker than it.
 */
export async function passphraseRefusal(passphrase: string, userInputs: string[] = []): Promise<string | null> {
  try {
    const strength = await estimatePassphrase(passphrase, userInputs);
    return strength.ok ? null : strength.text;
  } catch {
    return i18n.t('vault.strengthUnknown');
  }
}

export function StrengthNote({ id, strength }: { id: string; strength: PassphraseStrength | null }) {
  return (
    <p
      id={id}
      class={strength && !strength.ok ? 'field-issue' : 'muted'}
      aria-live="polite"
      data-testid="passphrase-strength"
    >
      {strength?.text ?? ''}
    </p>
  );
}
