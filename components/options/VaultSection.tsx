// Remembered credentials in the settings: their state, unlock while locked, choose a PIN for
// credentials remembered before the update, change the PIN. "Forget credentials" (Accounts) erases them.
import { useState } from 'preact/hooks';
import { send, type VaultView } from '../../lib/messages/contract';
import { PIN_HINT } from '../../lib/vault/prompt';
import { VaultPrompt } from '../VaultPrompt';

const STATE_TEXT: Record<VaultView['state'], string> = {
  none: 'Nothing is remembered on this computer: tick "Remember" above to keep the API key and password, encrypted with a PIN.',
  locked: 'Remembered on this computer, encrypted with your PIN, and locked.',
  unlocked: 'Remembered on this computer, encrypted with your PIN; unlocked until the browser closes.',
  'pin-needed': 'Remembered before this update and now kept only until the browser closes: choose a PIN to keep them.',
};

interface PinFields {
  currentPin: string;
  pin: string;
  pinConfirm: string;
}
const empty: PinFields = { currentPin: '', pin: '', pinConfirm: '' };

export function VaultSection({ vault, onChanged }: { vault: VaultView | null; onChanged: () => void }) {
  const [fields, setFields] = useState<PinFields>(empty);
  const [issue, setIssue] = useState<{ field: string; message: string } | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!vault) return null;
  const choosing = vault.state === 'pin-needed';
  const changing = vault.state === 'locked' || vault.state === 'unlocked';

  const submit = async (e: Event) => {
    e.preventDefault();
    setNote(null);
    if (fields.pin !== fields.pinConfirm) {
      setIssue({ field: 'pinConfirm', message: 'The two PINs do not match' });
      return;
    }
    setBusy(true);
    const reply = await send('vault.setPin', {
      currentPin: vault.state === 'locked' ? fields.currentPin : null,
      pin: fields.pin,
      pinConfirm: fields.pinConfirm,
    });
    setBusy(false);
    setFields(empty);
    if (!reply.ok) setIssue({ field: reply.error.field ?? 'pin', message: reply.error.message });
    else {
      setIssue(null);
      setNote(choosing ? 'Your credentials are now encrypted with this PIN.' : 'PIN changed.');
    }
    onChanged();
  };

  const pinField = (key: keyof PinFields, label: string) => (
    <div class="field">
      <label for={`vault-${key}`}>{label}</label>
      <input
        id={`vault-${key}`}
        type="password"
        autocomplete={key === 'currentPin' ? 'off' : 'new-password'}
        value={fields[key]}
        aria-invalid={issue?.field === key}
        aria-describedby={issue?.field === key ? `vault-${key}-issue` : key === 'pin' ? 'vault-pin-hint' : undefined}
        onInput={(e) => {
          const value = e.currentTarget.value;
          setFields((f) => ({ ...f, [key]: value }));
          setIssue(null);
        }}
      />
      {issue?.field === key && (
        <span class="field-issue" id={`vault-${key}-issue`}>
          {issue.message}
        </span>
      )}
    </div>
  );

  return (
    <section aria-labelledby="vault-title" class="options-section">
      <h2 id="vault-title">Remembered credentials</h2>
      <p data-testid="vault-state">{STATE_TEXT[vault.state]}</p>
      <VaultPrompt vault={vault} send={send} />
      {(choosing || changing) && (
        <form onSubmit={submit} noValidate aria-label={choosing ? 'Choose a PIN' : 'Change the PIN'}>
          {vault.state === 'locked' && pinField('currentPin', 'Current PIN')}
          {pinField('pin', choosing ? 'PIN or passphrase' : 'New PIN or passphrase')}
          <p class="muted" id="vault-pin-hint">
            {PIN_HINT}
          </p>
          {pinField('pinConfirm', 'The same again')}
          <div class="row">
            <button type="submit" class="primary" disabled={busy}>
              {choosing ? 'Protect with this PIN' : 'Change PIN'}
            </button>
          </div>
        </form>
      )}
      {note && (
        <p role="status" class="muted">
          {note}
        </p>
      )}
    </section>
  );
}
