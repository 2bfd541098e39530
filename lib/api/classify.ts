// Error replies to typed errors: by errorCode first, then by status (reference §4).

import { ApiError, AuthError, RateLimitError } from './errors';
import type { Redactor } from './redact';

export const RELOGIN_CODES = new Set([
  'error.security.client-token-invalid',
  'error.security.client-token-missing',
  'error.security.account-token-invalid',
  'error.security.account-token-missing',
]);
export const OAUTH_INVALID = 'error.security.oauth-token-invalid';
/** The gateway wants this account's password encrypted (login-encryption.ts). */
export const ENCRYPTION_REQUIRED = 'error.public-api.failure.encryption.required';

/** The errorCode of an error reply, or `http.<status>` when the body carries none. */
export function errorCodeOf(text: string, status: number): string {
  try {
    const body = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as { errorCode?: unknown };
    if (body && typeof body.errorCode === 'string' && body.errorCode.trim() !== '') return body.errorCode.slice(0, 200);
  } catch {
    // Not JSON: a proxy page or an empty body.
  }
  return `http.${status}`;
}

const HISTORICAL = 'error.public-api.exceeded-account-historical-data-allowance';

function isAuthCode(code: string): boolean {
  return (
    code.startsWith('error.security.') ||
    code.startsWith('error.public-api.failure.') ||
    code.startsWith('authentication.') ||
    code === 'endpoint.unavailable.for.api-key' ||
    code.startsWith('unauthorised.')
  );
}

export function classify(
  rawCode: string,
  status: number,
  requestId: string | undefined,
  label: string,
  redactor: Redactor,
): ApiError {
  const errorCode = redactor.redact(rawCode);
  const init = { errorCode, status, requestId, label };
  const message = `${label} failed with ${status} ${errorCode}`;
  if (errorCode.startsWith('error.public-api.exceeded-')) {
    const retryAfterMs = errorCode === HISTORICAL ? 7 * 24 * 3_600_000 : 60_000;
    return new RateLimitError(message, { ...init, retryAfterMs });
  }
  if (status === 401 || ((status === 403 || status === 400) && isAuthCode(errorCode))) {
    return new AuthError(message, init);
  }
  return new ApiError(message, init);
}
