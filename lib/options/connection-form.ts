// The connection form: what the user typed, checked with the contract's own schema before it is sent.

import * as v from 'valibot';
import { i18n } from '#i18n';
import type { ConnectionView, RequestOf, VaultView } from '../messages/contract';
import { connection } from '../messages/requests/credentials';
import type { Environment } from '../model';

export interface ConnectionForm {
  environment: Environment;
  baseUrl: string;
  apiKey: string;
  identifier: string;
  password: string;
  remember: boolean;
  sessionVersion: 2 | 3;
  /** A new PIN (and again) for remembered secrets; needed unless the vault is unlocked. */
  pin: string;
  pinConfirm: string;
}

export function formFromView(view: ConnectionView | null): ConnectionForm {
  return {
    environment: view?.environment ?? 'demo',
    baseUrl: view?.baseUrl ?? '',
    apiKey: '',
    identifier: view?.identifier ?? '',
    password: '',
    remember: view?.remember ?? false,
    sessionVersion: view?.sessionVersion ?? 2,
    pin: '',
    pinConfirm: '',
  };
}

/**
 * The stored connection arriving after the form appeared: it fills the fields the user has not touched
 * yet and leaves every field they chose or typed in as they left it.
 */
export function loadedUnderTouched(
  loaded: ConnectionForm,
  current: ConnectionForm,
  touched: ReadonlySet<keyof ConnectionForm>,
): ConnectionForm {
  const merged = { ...loaded };
  for (const key of touched) (merged as Record<string, unknown>)[key] = current[key];
  return merged;
}

export type FormCheck =
  | { ok: true; request: RequestOf<'connection.save'> }
  | { ok: false; issues: Partial<Record<keyof ConnectionForm, string>> };

/** Remembering asks for a new PIN unless the vault is unlocked (then a PIN typed replaces the old one). */
export function needsNewPin(form: Pick<ConnectionForm, 'remember' | 'pin'>, vault: VaultView | null): boolean {
  return form.remember && (form.pin !== '' || vault?.state !== 'unlocked');
}

export function checkConnectionForm(form: ConnectionForm, vault: VaultView | null = null): FormCheck {
  const issues: Partial<Record<keyof ConnectionForm, string>> = {};
  const withPin = needsNewPin(form, vault);
  const input = {
    ...form,
    baseUrl: form.environment === 'custom' ? form.baseUrl : null,
    pin: withPin ? form.pin : null,
    pinConfirm: withPin ? form.pinConfirm : null,
  };
  if (form.environment === 'custom' && !form.baseUrl.trim()) issues.baseUrl = i18n.t('workerError.customBaseUrl');
  const parsed = v.safeParse(connection, input);
  if (!parsed.success) {
    for (const issue of parsed.issues) {
      const key = v.getDotPath(issue) as keyof ConnectionForm | null;
      if (key && !issues[key]) issues[key] = issue.message;
    }
  }
  if (withPin && !issues.pin && form.pin !== form.pinConfirm)
    issues.pinConfirm = i18n.t('requestError.passphrasesDiffer');
  if (Object.keys(issues).length > 0) return { ok: false, issues };
  return { ok: true, request: input as RequestOf<'connection.save'> };
}

/**
 * The host pattern to ask for a custom gateway: its scheme and host on every port, which the manifest's
 * optional host permissions (http://127.0.0.1/*, http://localhost/*, https://*\/*) can grant.
 * Null for a URL that is not http(s), or plain http to a host other than this machine.
 */
export function hostPermissionFor(baseUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    return null;
  }
  if (url.protocol === 'https:') return `https://${url.hostname}/*`;
  if (url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost'))
    return `http://${url.hostname}/*`;
  return null;
}
