// Remembered credentials in the settings: their state, what their encryption protects against and what it
// does not, unlock while locked, choose a passphrase for credentials remembered before the update, change
// it. A new passphrase is estimated as it is typed and refused when too easy to guess offline.
// "Forget credentials" (Accounts) erases them.

import { useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { send, type VaultView } from '../../lib/messages/contract';
import { pinHint } from '../../lib/vault/prompt';
import { VaultPrompt } from '../VaultPrompt';
import { passphraseRefusal, StrengthNote, usePassphraseStrength } from './PassphraseStrength';

const STATE_TEXT: Record<VaultView['state'], () => string> = {
  none: () => i18n.t('vault.stateNone'),
  locked: () => i18n.t('vault.stateLocked'),
  unlocked: () => i18n.t('vault.stateUnlocked'),
  'pin-needed': () => i18n.t('vault.statePinNeeded'),
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
      setIssue({ field: 'pinConfirm', message: i18n.t('vault.mismatch') });
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
      setNote(choosing ? i18n.t('vault.encryptedNow') : i18n.t('vault.changed'));
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
      <h2 id="vault-title">{i18n.t('options.vault')}</h2>
      <p data-testid="vault-state">{STATE_TEXT[vault.state]()}</p>
      <VaultPrompt vault={vault} send={send} />
      {vault.unchecked && (
        <p class="banner banner--warn" role="status" data-testid="vault-unchecked">
          {i18n.t('vault.unchecked')}
        </p>
      )}
      {(choosing || changing) && (
        <form onSubmit={submit} noValidate aria-label={choosing ? i18n.t('vault.choose') : i18n.t('vault.change')}>
          {vault.state === 'locked' && pinField('currentPin', i18n.t('vault.currentPin'))}
          {pinField('pin', choosing ? i18n.t('connection.passphrase') : i18n.t('vault.newPassphrase'))}
          <p class="muted" id="vault-pin-hint">
            {pinHint()}
          </p>
          {issue?.field !== 'pin' && <StrengthNote id="vault-pin-strength" strength={strength} />}
          {pinField('pinConfirm', i18n.t('vault.sameAgain'))}
          <div class="row">
            <button type="submit" class="primary" disabled={busy}>
              {choosing ? i18n.t('vault.protect') : i18n.t('vault.changeButton')}
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
        <summary>{i18n.t('vault.protectsSummary')}</summary>
        <p>{i18n.t('vault.protectsAgainst')}</p>
        <p>{i18n.t('vault.protectsNot')}</p>
      </details>
    </section>
  );
}
