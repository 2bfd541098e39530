// Request schemas of the messages that change credentials and the session (the contract names them:
// lib/messages/contract.ts), loaded by the worker with the first of them, as the part answering them is.

import * as v from 'valibot';
import { i18n } from '#i18n';
import { MIN_PIN_LENGTH } from '../../vault/record';
import * as s from '../schemas';

export const baseUrl = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(2000, () => i18n.t('requestError.baseUrlTooLong')),
  v.url(() => i18n.t('requestError.baseUrlNotUrl')),
  v.regex(/^https?:\/\//, () => i18n.t('requestError.baseUrlScheme')),
);

/** A PIN or passphrase that protects remembered credentials. */
export const pin = v.pipe(
  v.string(),
  v.minLength(MIN_PIN_LENGTH, () => i18n.t('requestError.pinTooShort', { min: String(MIN_PIN_LENGTH) })),
  v.maxLength(200, () => i18n.t('requestError.pinTooLong')),
  v.regex(/^[^\p{Cc}]+$/u, () => i18n.t('requestError.pinControl')),
);

export const connection = v.object({
  environment: s.environment,
  /** Required when environment is 'custom'; ignored otherwise. */
  baseUrl: v.optional(v.nullable(baseUrl), null),
  apiKey: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, () => i18n.t('requestError.enterApiKey')),
    v.maxLength(100, () => i18n.t('requestError.apiKeyTooLong')),
    v.regex(/^[^\s\p{Cc}]+$/u, () => i18n.t('requestError.apiKeyChars')),
  ),
  identifier: v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^[A-Za-z0-9_-]{1,30}$/, () => i18n.t('requestError.identifierChars')),
  ),
  password: v.pipe(
    v.string(),
    v.minLength(1, () => i18n.t('requestError.enterPassword')),
    v.maxLength(350, () => i18n.t('requestError.passwordTooLong')),
    v.regex(/^[^\p{Cc}]+$/u, () => i18n.t('requestError.passwordControl')),
  ),
  remember: v.boolean(),
  sessionVersion: v.picklist([2, 3]),
  /** A new PIN for remembered secrets; not needed while the vault is unlocked. */
  pin: v.optional(v.nullable(pin), null),
  pinConfirm: v.optional(v.nullable(v.string()), null),
});

/** The PIN typed to unlock: what no PIN can be is refused; anything else is tried (and a wrong one counted). */
export const unlockPin = v.pipe(
  v.string(),
  v.minLength(1, () => i18n.t('requestError.enterPin')),
  v.maxLength(200, () => i18n.t('requestError.notYourPin')),
  v.regex(/^[^\p{Cc}]+$/u, () => i18n.t('requestError.notYourPin')),
);

export const credentialRequests = {
  'connection.save': connection,
  'connection.check': s.none,
  'connection.forget': s.none,
  'session.switchAccount': v.object({ accountId: s.accountId }),
  'session.logout': v.object({ forget: v.boolean() }),
  'vault.unlock': v.object({ pin: unlockPin }),
  /** A new PIN: for the secrets remembered before the vault existed, or to change it (current PIN or unlocked). */
  'vault.setPin': v.object({
    currentPin: v.optional(v.nullable(unlockPin), null),
    pin: pin,
    pinConfirm: v.string(),
  }),
} as const satisfies Record<string, v.GenericSchema>;
