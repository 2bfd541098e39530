// What a page says about the remembered credentials: an unlock form while locked, or a notice that
// asks for a PIN or for the secrets again. Pure, from the status's VaultView.
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
      title: 'Choose a PIN for your remembered credentials',
      text: 'Your API key and password are no longer kept unprotected on this computer. They work until the browser closes; choose a PIN in the settings to keep remembering them.',
    };
  if (vault.notice === 'locked-out')
    return {
      kind: 'notice',
      level: 'error',
      title: 'Remembered credentials erased',
      text: `After ${MAX_PIN_TRIES} wrong PINs in a row, your remembered API key and password were erased. Enter them again in the settings.`,
    };
  if (vault.notice === 'unprotected-removed')
    return {
      kind: 'notice',
      level: 'warn',
      title: 'Enter your API key and password again',
      text: 'They were remembered without a PIN before an update, so they were removed from this computer. Enter them in the settings and choose a PIN to remember them.',
    };
  return null;
}

/** The hint beside a new-passphrase field. */
export const PIN_HINT = `Four or more uncommon words work well (at least ${MIN_PIN_LENGTH} characters). You type it once each time the browser starts; Marketside cannot recover it.`;
