import type { InputHTMLAttributes } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { i18n } from '#i18n';
import {
  type ConnectionView,
  type ErrorView,
  type ImportedGateway,
  send,
  type VaultView,
} from '../../lib/messages/contract';
import type { AccountSummary, Environment } from '../../lib/model';
import { checkReason } from '../../lib/options/check';
import {
  type ConnectionForm,
  checkConnectionForm,
  formFromView,
  hostPermissionFor,
  loadedUnderTouched,
} from '../../lib/options/connection-form';
import { pinHint } from '../../lib/vault/prompt';
import { EncryptPasswordChoice } from './EncryptPasswordChoice';
import { passphraseRefusal, StrengthNote, usePassphraseStrength } from './PassphraseStrength';

const ENVIRONMENTS: { value: Environment; label: () => string; hint: () => string }[] = [
  { value: 'demo', label: () => i18n.t('connection.demo'), hint: () => i18n.t('connection.demoHint') },
  { value: 'live', label: () => i18n.t('connection.live'), hint: () => i18n.t('connection.liveHint') },
  { value: 'custom', label: () => i18n.t('connection.custom'), hint: () => i18n.t('connection.customHint') },
];

type CheckState =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'ok'; account: AccountSummary }
  | { kind: 'failed'; error: ErrorView };

/** Environment, credentials, session version; "Save" stores them, "Check" logs in and says what happened. */
export function ConnectionSection({
  onChanged,
  vault,
  proposal = null,
}: {
  onChanged: () => void;
  vault: VaultView | null;
  /** A gateway the user chose to review (from a settings file): filled in, with the secrets to type again. */
  proposal?: ImportedGateway | null;
}) {
  const [view, setView] = useState<ConnectionView | null>(null);
  const [form, setForm] = useState<ConnectionForm>(formFromView(null));
  const [issues, setIssues] = useState<Partial<Record<keyof ConnectionForm, string>>>({});
  const [saved, setSaved] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<ErrorView | null>(null);
  const [saving, setSaving] = useState(false);
  const [check, setCheck] = useState<CheckState>({ kind: 'idle' });
  const [access, setAccess] = useState<'unknown' | 'granted' | 'denied' | 'not-needed'>('unknown');
  const strength = usePassphraseStrength(form.pin, [form.identifier]);
  const touched = useRef(new Set<keyof ConnectionForm>());

  useEffect(() => {
    void send('connection.get', {}).then((r) => {
      if (r.ok) {
        setView(r.data);
        setForm((f) => loadedUnderTouched(formFromView(r.data), f, touched.current));
      }
    });
  }, []);

  useEffect(() => {
    if (!proposal) return;
    setForm((f) => ({
      ...f,
      environment: proposal.environment,
      baseUrl: proposal.environment === 'custom' ? proposal.baseUrl : '',
      apiKey: '',
      password: '',
    }));
    setSaved(null);
    setCheck({ kind: 'idle' });
    document.getElementById('connection-title')?.scrollIntoView();
  }, [proposal]);

  const pattern = form.environment === 'custom' ? hostPermissionFor(form.baseUrl) : null;
  useEffect(() => {
    if (!pattern) {
      setAccess('not-needed');
      return;
    }
    let live = true;
    void browser.permissions
      .contains({ origins: [pattern] })
      .then((has) => live && setAccess(has ? 'granted' : 'unknown'))
      .catch(() => live && setAccess('unknown'));
    return () => {
      live = false;
    };
  }, [pattern]);

  /** Must run inside the user's click: the browser asks the user about the gateway's host. */
  const requestAccess = (baseUrl: string) => {
    const wanted = hostPermissionFor(baseUrl);
    if (!wanted) return;
    browser.permissions.request({ origins: [wanted] }).then(
      (granted) => setAccess(granted ? 'granted' : 'denied'),
      () => setAccess('denied'),
    );
  };

  const set = <K extends keyof ConnectionForm>(key: K, value: ConnectionForm[K]) => {
    touched.current.add(key);
    setForm((f) => ({ ...f, [key]: value }));
    setIssues((i) => ({ ...i, [key]: undefined }));
    setSaved(null);
  };

  const save = async (e: Event) => {
    e.preventDefault();
    if (saving) return;
    const checked = checkConnectionForm(form, vault);
    if (!checked.ok) {
      setIssues(checked.issues);
      return;
    }
    const refusal = checked.request.pin === null ? null : await passphraseRefusal(form.pin, [form.identifier]);
    if (refusal) {
      setIssues({ pin: refusal });
      return;
    }
    setSaveError(null);
    // Remembering derives the passphrase's key, which takes a moment: the button says so meanwhile.
    setSaving(true);
    const reply = await send('connection.save', checked.request);
    setSaving(false);
    if (!reply.ok) {
      setSaveError(reply.error);
      if (reply.error.field) setIssues({ [reply.error.field]: reply.error.message });
      return;
    }
    setView(reply.data);
    setForm((f) => ({ ...f, apiKey: '', password: '', pin: '', pinConfirm: '' }));
    setSaved(reply.data.remember ? i18n.t('connection.savedEncrypted') : i18n.t('connection.savedSession'));
    setCheck({ kind: 'idle' });
    onChanged();
  };

  const runCheck = async () => {
    setCheck({ kind: 'busy' });
    const reply = await send('connection.check', {});
    setCheck(reply.ok ? { kind: 'ok', account: reply.data.account } : { kind: 'failed', error: reply.error });
    onChanged();
  };

  /** A text box of the form with its label and, when it has one, its issue (which it is described by). */
  const textField = (
    key: 'baseUrl' | 'apiKey' | 'identifier' | 'password' | 'pin' | 'pinConfirm',
    label: string,
    attrs: InputHTMLAttributes<HTMLInputElement>,
  ) => (
    <>
      <label for={`conn-${key}`}>{label}</label>
      <input
        id={`conn-${key}`}
        {...attrs}
        value={form[key]}
        aria-invalid={!!issues[key]}
        aria-describedby={
          issues[key] ? `conn-${key}-issue` : key === 'pin' ? 'conn-pin-hint conn-pin-strength' : undefined
        }
        onInput={(e) => set(key, e.currentTarget.value)}
      />
      {issues[key] ? (
        <span class="field-issue" id={`conn-${key}-issue`}>
          {issues[key]}
        </span>
      ) : null}
    </>
  );
  const reason = check.kind === 'failed' ? checkReason(check.error, view?.environment) : null;

  return (
    <section aria-labelledby="connection-title" class="options-section">
      <h2 id="connection-title">{i18n.t('options.connection')}</h2>
      <form onSubmit={save} noValidate>
        <fieldset>
          <legend>{i18n.t('connection.environment')}</legend>
          {ENVIRONMENTS.map((env) => (
            <label key={env.value} class="choice">
              <input
                type="radio"
                name="environment"
                value={env.value}
                checked={form.environment === env.value}
                onChange={() => {
                  set('environment', env.value);
                  if (env.value === 'custom' && form.baseUrl) requestAccess(form.baseUrl);
                }}
              />
              {env.label()} <span class="muted">({env.hint()})</span>
            </label>
          ))}
        </fieldset>
        {form.environment === 'custom' && (
          <div class="field">
            {textField('baseUrl', i18n.t('connection.baseUrl'), {
              type: 'url',
              placeholder: 'http://127.0.0.1:8123/gateway/deal',
            })}
            {pattern && access !== 'granted' && (
              <p class="muted">
                {i18n.t('connection.needsPermission', { host: pattern.replace('/*', '') })}{' '}
                <button type="button" onClick={() => requestAccess(form.baseUrl)}>
                  {i18n.t('connection.allowAccess')}
                </button>
                {access === 'denied' && ` ${i18n.t('connection.accessDenied')}`}
              </p>
            )}
            {access === 'granted' && <p class="muted">{i18n.t('connection.accessGranted')}</p>}
          </div>
        )}
        <div class="field">
          {textField('apiKey', i18n.t('connection.apiKey'), {
            type: 'password',
            autocomplete: 'off',
            placeholder: view?.apiKeySet ? i18n.t('connection.savedTypeAgain') : '',
          })}
        </div>
        <div class="field">
          {textField('identifier', i18n.t('connection.identifier'), { type: 'text', autocomplete: 'username' })}
        </div>
        <div class="field">
          {textField('password', i18n.t('connection.password'), {
            type: 'password',
            autocomplete: 'current-password',
            placeholder: view?.passwordSet ? i18n.t('connection.savedTypeAgain') : '',
          })}
        </div>
        <label class="choice">
          <input type="checkbox" checked={form.remember} onChange={(e) => set('remember', e.currentTarget.checked)} />
          {i18n.t('connection.remember')}
          <span class="muted"> {i18n.t('connection.rememberNote')}</span>
        </label>
        {form.remember && vault?.state !== 'unlocked' && (
          <>
            <div class="field">
              {textField('pin', i18n.t('connection.passphrase'), { type: 'password', autocomplete: 'new-password' })}
              <span class="muted" id="conn-pin-hint">
                {pinHint()}
              </span>
              {!issues.pin && <StrengthNote id="conn-pin-strength" strength={strength} />}
            </div>
            <div class="field">
              {textField('pinConfirm', i18n.t('connection.passphraseAgain'), {
                type: 'password',
                autocomplete: 'new-password',
              })}
            </div>
          </>
        )}
        <div class="field">
          <label for="conn-version">{i18n.t('connection.sessionVersion')}</label>
          <select
            id="conn-version"
            value={String(form.sessionVersion)}
            onChange={(e) => set('sessionVersion', e.currentTarget.value === '3' ? 3 : 2)}
          >
            <option value="2">{i18n.t('connection.v2')}</option>
            <option value="3">{i18n.t('connection.v3')}</option>
          </select>
        </div>
        <EncryptPasswordChoice />
        <div class="row">
          <button type="submit" class="primary" disabled={saving}>
            {saving ? i18n.t('connectionSaving.saving') : i18n.t('common.save')}
          </button>
          <button type="button" onClick={runCheck} disabled={check.kind === 'busy'}>
            {check.kind === 'busy' ? i18n.t('connection.checking') : i18n.t('connection.check')}
          </button>
        </div>
        {saved && (
          <p role="status" class="muted">
            {saved}
          </p>
        )}
        {saveError && !saveError.field && (
          <p role="alert" class="banner banner--error">
            {saveError.message}
          </p>
        )}
        {check.kind === 'ok' && (
          <p role="status" class="banner" data-testid="options-check-result">
            {i18n.t('connection.connected', {
              name: check.account.accountName,
              id: check.account.accountId,
              type: check.account.accountType,
            })}
          </p>
        )}
        {reason && (
          <div role="alert" class="banner banner--error" data-testid="options-check-result">
            <strong>{reason.title}</strong>
            <div>{reason.detail}</div>
            <div>{reason.next}</div>
            {check.kind === 'failed' && check.error.code && (
              <div class="muted">{i18n.t('connection.igCode', { code: check.error.code })}</div>
            )}
          </div>
        )}
      </form>
    </section>
  );
}
