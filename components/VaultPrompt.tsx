// The remembered credentials on the popup and the side panel: "Locked" with one password field while
// the vault waits for its PIN, or a notice that sends the user to the settings. The PIN typed is sent
// once and the field is emptied; it is never shown.

import { useState } from 'preact/hooks';
import { i18n } from '#i18n';
import type { send as Send, VaultView } from '../lib/messages/contract';
import { vaultPrompt } from '../lib/vault/prompt';

interface Props {
  vault: VaultView | undefined;
  send: typeof Send;
  onOpenSettings?: () => void;
}

export function VaultPrompt({ vault, send, onOpenSettings }: Props) {
  const prompt = vaultPrompt(vault);
  if (!prompt) return null;
  if (prompt.kind === 'unlock') return <UnlockForm send={send} />;
  return (
    <div class={`banner banner--${prompt.level}`} role="status" data-testid="vault-notice" data-unkept>
      <strong>{prompt.title}</strong>
      <div>{prompt.text}</div>
      {onOpenSettings && (
        <button type="button" class="primary" onClick={onOpenSettings}>
          {i18n.t('common.openSettings')}
        </button>
      )}
    </div>
  );
}

function UnlockForm({ send }: { send: typeof Send }) {
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: Event) => {
    e.preventDefault();
    if (!pin) {
      setError(i18n.t('vault.enterPin'));
      return;
    }
    setBusy(true);
    setError(null);
    const reply = await send('vault.unlock', { pin });
    setPin('');
    setBusy(false);
    if (!reply.ok) setError(reply.error.message);
  };

  return (
    <form
      data-unkept
      class="banner banner--warn unlock"
      onSubmit={submit}
      aria-labelledby="unlock-title"
      data-testid="vault-locked"
    >
      <strong id="unlock-title">{i18n.t('vault.lockedTitle')}</strong>
      <div>{i18n.t('vault.lockedText')}</div>
      <div class="unlock__row">
        <label for="unlock-pin" class="visually-hidden">
          {i18n.t('vault.pinLabel')}
        </label>
        <input
          id="unlock-pin"
          type="password"
          autocomplete="off"
          placeholder={i18n.t('vault.pinLabel')}
          value={pin}
          disabled={busy}
          aria-invalid={!!error}
          aria-describedby={error ? 'unlock-error' : undefined}
          onInput={(e) => setPin(e.currentTarget.value)}
        />
        <button type="submit" class="primary" disabled={busy}>
          {busy ? i18n.t('vault.unlocking') : i18n.t('vault.unlock')}
        </button>
      </div>
      {error && (
        <div id="unlock-error" role="alert">
          {error}
        </div>
      )}
    </form>
  );
}
