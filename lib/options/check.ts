// What the "Check" button says when the login fails: the exact reason, in the user's terms.
import type { ErrorView } from '../messages/contract';

export type CheckFailure = 'bad-credentials' | 'invalid-key' | 'allowance-exceeded' | 'unreachable' | 'other';

export interface CheckReason {
  failure: CheckFailure;
  title: string;
  detail: string;
}

const INVALID_KEY = /api-key-(invalid|disabled|revoked|restricted|missing)|invalid-api-key|invalid-application/;
const BAD_DETAILS = /invalid-details|too-many-failed|account-(suspended|access-denied|migrated|not-yet-activated)/;

export function checkReason(error: ErrorView): CheckReason {
  const code = error.code ?? '';
  if (INVALID_KEY.test(code))
    return {
      failure: 'invalid-key',
      title: 'The API key is not valid',
      detail: /disabled|revoked/.test(code)
        ? 'IG says this API key is disabled or revoked. Enable it or create a new one on the IG website.'
        : 'IG did not recognise the API key. Copy it again from My IG > Settings > API keys.',
    };
  if (/exceeded-.*allowance/.test(code) || error.kind === 'rate-limited')
    return {
      failure: 'allowance-exceeded',
      title: 'API allowance exceeded',
      detail:
        'IG refused the login because the allowance for this API key or account is used up. Try again in a minute.',
    };
  if (BAD_DETAILS.test(code) || error.kind === 'bad-credentials')
    return {
      failure: 'bad-credentials',
      title: 'Wrong identifier or password',
      detail: /too-many-failed/.test(code)
        ? 'Too many failed attempts: IG has locked logins for a while.'
        : /suspended|denied|migrated|not-yet/.test(code)
          ? 'IG refused access to this account.'
          : 'IG did not accept the identifier and password. Check them (the identifier is your IG username).',
    };
  if (error.kind === 'offline' || error.kind === 'timeout')
    return {
      failure: 'unreachable',
      title: 'The service could not be reached',
      detail:
        error.kind === 'timeout'
          ? 'The service did not answer in time. Check the environment or base URL and your connection.'
          : 'No answer from the service. Check the environment or base URL, and that this browser is online.',
    };
  return { failure: 'other', title: 'The check failed', detail: error.message };
}
