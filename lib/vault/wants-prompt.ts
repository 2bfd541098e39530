// Whether a page has something to say about the remembered credentials (lib/vault/prompt.ts says what);
// kept apart so the popup and the side panel load the prompt only when there is one.
import type { VaultView } from '../messages/contract';

export function wantsPrompt(vault: VaultView | undefined | null): vault is VaultView {
  return !!vault && (vault.state === 'locked' || vault.state === 'pin-needed' || vault.notice !== null);
}
