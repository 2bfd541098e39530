// Request schemas of the messages that change credentials and the session (the contract names them:
// lib/messages/contract.ts), loaded by the worker with the first of them, as the part answering them is.
import * as v from 'valibot';
import { lazySchema } from '../../lazy-schema';
import { MIN_PIN_LENGTH } from '../../vault/record';
import * as s from '../schemas';

export const baseUrl = lazySchema(() =>
  v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(2000, 'Base URL is too long'),
    v.url('Base URL must be a URL'),
    v.regex(/^https?:\/\//, 'Base URL must start with http:// or https://'),
  ),
);

/** A PIN or passphrase that protects remembered credentials. */
export const pin = lazySchema(() =>
  v.pipe(
    v.string(),
    v.minLength(MIN_PIN_LENGTH, `The PIN or passphrase needs at least ${MIN_PIN_LENGTH} characters`),
    v.maxLength(200, 'The PIN or passphrase is too long'),
    v.regex(/^[^\p{Cc}]+$/u, 'The PIN cannot contain control characters'),
  ),
);

export const connection = lazySchema(() =>
  v.object({
    environment: s.environment,
    /** Required when environment is 'custom'; ignored otherwise. */
    baseUrl: v.optional(v.nullable(baseUrl), null),
    apiKey: v.pipe(
      v.string(),
      v.trim(),
      v.minLength(1, 'Enter the API key'),
      v.maxLength(100, 'API key is too long'),
      v.regex(/^[^\s\p{Cc}]+$/u, 'API key cannot contain spaces or control characters'),
    ),
    identifier: v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^[A-Za-z0-9_-]{1,30}$/, 'Identifier is 1–30 letters, digits, dashes or underscores'),
    ),
    password: v.pipe(
      v.string(),
      v.minLength(1, 'Enter the password'),
      v.maxLength(350, 'Password is too long'),
      v.regex(/^[^\p{Cc}]+$/u, 'Password cannot contain control characters'),
    ),
    remember: v.boolean(),
    sessionVersion: v.picklist([2, 3]),
    /** A new PIN for remembered secrets; not needed while the vault is unlocked. */
    pin: v.optional(v.nullable(pin), null),
    pinConfirm: v.optional(v.nullable(v.string()), null),
  }),
);

/** The PIN typed to unlock: what no PIN can be is refused; anything else is tried (and a wrong one counted). */
export const unlockPin = lazySchema(() =>
  v.pipe(
    v.string(),
    v.minLength(1, 'Enter your PIN'),
    v.maxLength(200, 'That is not your PIN'),
    v.regex(/^[^\p{Cc}]+$/u, 'That is not your PIN'),
  ),
);

export const credentialRequests = {
  'connection.save': connection,
  'connection.check': s.none,
  'connection.forget': s.none,
  'session.switchAccount': lazySchema(() => v.object({ accountId: s.accountId })),
  'session.logout': lazySchema(() => v.object({ forget: v.boolean() })),
  'vault.unlock': lazySchema(() => v.object({ pin: unlockPin })),
  /** A new PIN: for the secrets remembered before the vault existed, or to change it (current PIN or unlocked). */
  'vault.setPin': lazySchema(() =>
    v.object({
      currentPin: v.optional(v.nullable(unlockPin), null),
      pin: pin,
      pinConfirm: v.string(),
    }),
  ),
} as const satisfies Record<string, v.GenericSchema>;
