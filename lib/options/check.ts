// What the "Check" button says when the login fails: the exact reason in the user's terms, and what to do
// next (the settings page and the welcome page show the same words). IG's error codes: reference §errors.
import type { ErrorView } from '../messages/contract';
import type { Environment } from '../model';

export type CheckFailure =
  | 'bad-credentials'
  | 'invalid-key'
  | 'allowance-exceeded'
  | 'encryption-required'
  | 'locked'
  | 'unreachable'
  | 'other';

export interface CheckReason {
  failure: CheckFailure;
  title: string;
  detail: string;
  /** What to do next: every failure has one. */
  next: string;
}

const INVALID_KEY = /api-key-(invalid|disabled|revoked|restricted|missing)|invalid-api-key|invalid-application/;
const LOCKED = /too-many-failed|account-(suspended|access-denied|migrated|not-yet-activated)/;
const ENVIRONMENT_NAME: Record<Environment, string> = { demo: 'IG demo', live: 'IG live', custom: 'this gateway' };

export function checkReason(error: ErrorView, environment?: Environment): CheckReason {
  const code = error.code ?? '';
  if (INVALID_KEY.test(code)) {
    const other = environment === 'demo' ? 'live' : environment === 'live' ? 'demo' : null;
    return /disabled|revoked/.test(code)
      ? {
          failure: 'invalid-key',
          title: 'The API key is not valid',
          detail: 'IG says this API key is disabled or revoked.',
          next: 'On the IG website, open My IG > Settings > API keys, enable the key or create a new one, paste it here and check again.',
        }
      : {
          failure: 'invalid-key',
          title:
            environment && environment !== 'custom'
              ? `Wrong API key for ${ENVIRONMENT_NAME[environment]}`
              : 'The API key is not valid',
          detail: other
            ? `IG did not recognise this API key for a ${environment} account. A ${environment} account needs a key made while logged in to that ${environment} account: a ${other} account's key does not work here.`
            : 'IG did not recognise the API key.',
          next: `Log in to the IG website with your ${environment === 'custom' || !environment ? '' : `${environment} `}account, open My IG > Settings > API keys, copy the key (or create one), paste it here and check again.`.replace(
            '  ',
            ' ',
          ),
        };
  }
  if (/exceeded-.*allowance/.test(code) || error.kind === 'rate-limited')
    return {
      failure: 'allowance-exceeded',
      title: 'API allowance exceeded',
      detail: 'IG refused the login because the allowance of requests for this API key or account is used up for now.',
      next: 'Wait a minute, then check again. Nothing is wrong with your key or password.',
    };
  if (/encryption\.required/.test(code))
    return {
      failure: 'encryption-required',
      title: 'IG requires an encrypted password for this account',
      detail: 'Some accounts (for example in Singapore) may only log in with the password encrypted.',
      next: 'Tick "Encrypt my password at login" below and check again.',
    };
  if (LOCKED.test(code))
    return /too-many-failed/.test(code)
      ? {
          failure: 'locked',
          title: 'Logins to this account are locked',
          detail: 'Too many failed attempts: IG has locked logins to this account for a while.',
          next: 'Do not check again now (each try extends the lock). Log in on the IG website to unlock it or reset your password, then check again here.',
        }
      : {
          failure: 'locked',
          title: 'IG refused access to this account',
          detail: 'IG says this account is suspended, not yet activated, moved, or closed to the API.',
          next: 'Contact IG or log in on the IG website to see what the account needs, then check again.',
        };
  if (/invalid-details/.test(code) || error.kind === 'bad-credentials')
    return {
      failure: 'bad-credentials',
      title: 'Wrong identifier or password',
      detail:
        'IG did not accept the identifier and password. The identifier is your IG username, not your email address.',
      next: 'Type them again and check again. Forgotten? Reset the password on the IG website first; several failures in a row lock the account.',
    };
  if (error.kind === 'offline' || error.kind === 'timeout')
    return {
      failure: 'unreachable',
      title: 'The service could not be reached',
      detail: error.kind === 'timeout' ? 'The service did not answer in time.' : 'No answer from the service.',
      next: 'Check that this browser is online and the environment (or base URL) is right, then check again.',
    };
  return {
    failure: 'other',
    title: 'The check failed',
    detail: error.message,
    next: 'Check again in a moment; if it keeps failing, note the IG code below and contact IG.',
  };
}
