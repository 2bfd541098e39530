// Remembered credentials in the settings: their state, what their encryption protects against and what it
// does not, unlock while locked, choose a passphrase for credentials remembered before the update, change
// it. A new passphrase is estimated as it is typed and refused when too easy to guess offline.
// "Forget credentials" (Accounts) erases them.
import { useState } from 'preact/hooks';
import { send, type VaultView } from '../../lib/messages/contract';
import { PIN_HINT } from '../../lib/vault/prompt';
import { VaultPrompt } from '../VaultPrompt';
import { passphraseRefusal, StrengthNote, usePassphraseStrength } from './PassphraseStrength';

const STATE_TEXT: Record<VaultView['state'], string> = {
  none: 'Nothing is remembered on this computer: tick "Remember" above to keep the API key and password, encrypted with a passphrase.',
  locked: 'Remembered on this computer, encrypted with your passphrase, and locked.',
  unlocked: 'Remembered on this computer, encrypted with your passphrase; unlocked until the browser closes.',
  'pin-needed':
    'Remembered before this update and now kept only until the browser closes: choose a passphrase to keep them.',
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
  const strength = usePassphraseStrength(fields.pin);
  if (!vault) return null;
  const choosing = vault.state === 'pin-needed';
  const changing = vault.state === 'locked' || vault.state === 'unlocked';

  const submit = async (e: Event) => {
    e.preventDefault();
    setNote(null);
    if (fields.pin !== fields.pinConfirm) {
      setIssue({ field: 'pinConfirm', message: 'The two passphrases do not match' });
      return;
    }
    setBusy(true);
    const refusal = await passphraseRefusal(fields.pin);
    if (refusal) {
      setBusy(false);
      setIssue({ field: 'pin', message: refusal });
      return;
    }
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
      setNote(choosing ? 'Your credentials are now encrypted with this passphrase.' : 'Passphrase changed.');
    }
    onChanged();
  };

  const describedBy = (key: keyof PinFields) => {
    if (issue?.field === key) return `vault-${key}-issue`;
    return key === 'pin' ? 'vault-pin-hint vault-pin-strength' : undefined;
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
        aria-describedby={describedBy(key)}
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
      {vault.unchecked && (
        <p class="banner banner--warn" role="status" data-testid="vault-unchecked">
          Your credentials are protected by a PIN chosen before Marketside checked how easy it is to guess. A short PIN
          can be guessed within minutes from a copy of your browser profile: choose a passphrase below.
        </p>
      )}
      {(choosing || changing) && (
        <form onSubmit={submit} noValidate aria-label={choosing ? 'Choose a passphrase' : 'Change the passphrase'}>
          {vault.state === 'locked' && pinField('currentPin', 'Current PIN or passphrase')}
          {pinField('pin', choosing ? 'Passphrase' : 'New passphrase')}
          <p class="muted" id="vault-pin-hint">
            {PIN_HINT}
          </p>
          {issue?.field !== 'pin' && <StrengthNote id="vault-pin-strength" strength={strength} />}
          {pinField('pinConfirm', 'The same again')}
          <div class="row">
            <button type="submit" class="primary" disabled={busy}>
              {choosing ? 'Protect with this passphrase' : 'Change passphrase'}
            </button>
          </div>
        </form>
      )}
      {note && (
        <p role="status" class="muted">
          {note}
        </p>
      )}
      <details data-testid="vault-protection">
        <summary>What this protects against, and what it does not</summary>
        <p>
          Your API key and password are encrypted on this computer with a key made from your passphrase by Argon2id (64
          MiB of memory, 3 passes). Someone who copies your browser profile, as password-stealing malware does, gets
          only ciphertext and must guess the passphrase; each guess costs them that memory and time, so a strong
          passphrase keeps them out for longer than they can spend. The limit of 5 tries guards only the unlock field in
          this browser: a copy can be tried offline without limit, which is why the passphrase itself must be hard to
          guess.
        </p>
        <p>
          It does not protect against malware running on this computer while your credentials are unlocked (it can read
          them as Marketside uses them), anyone using this browser while they are unlocked, a passphrase you also use
          elsewhere or that is seen as you type it, or a short PIN chosen before this check: change it here.
        </p>
      </details>
    </section>
  );
}
