// What a page says about the remembered credentials: an unlock form while locked, or a notice that
// asks for a PIN or for the secrets again. Pure, from the status's VaultView.
import { i18n } from '#i18n';
import type { VaultView } from '../messages/contract';
import { MAX_PIN_TRIES } from './keeper';
import { MIN_PIN_LENGTH } from './record';
import { wantsPrompt } from './wants-prompt';

export type VaultPromptView =
  | { kind: 'unlock'; triesLeft: number }
  | { kind: 'notice'; title: string; text: string; level: 'warn' | 'error' };

export function vaultPrompt(vault: VaultView | undefined | null): VaultPromptView | null {
  if (!wantsPrompt(vault)) return null;
  if (vault.state === 'locked') return { kind: 'unlock', triesLeft: vault.triesLeft };
  if (vault.state === 'pin-needed')
    return {
      kind: 'notice',
      level: 'warn',
      title: i18n.t('vault.pinNeededTitle'),
      text: i18n.t('vault.pinNeededText'),
    };
  if (vault.notice === 'locked-out')
    return {
      kind: 'notice',
      level: 'error',
      title: i18n.t('vault.lockedOutTitle'),
      text: i18n.t('vault.lockedOutText', { tries: String(MAX_PIN_TRIES) }),
    };
  if (vault.notice === 'unprotected-removed')
    return {
      kind: 'notice',
      level: 'warn',
      title: i18n.t('vault.removedTitle'),
      text: i18n.t('vault.removedText'),
    };
  return null;
}

/** The hint beside a new-passphrase field. */
export function pinHint(): string {
  return i18n.t('vault.pinHint', { min: String(MIN_PIN_LENGTH) });
}
