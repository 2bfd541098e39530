// What the "Check" button says when the login fails: the exact reason in the user's terms, and what to do
// next (the settings page and the welcome page show the same words). IG's error codes: reference §errors.
import { i18n } from '#i18n';
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
const PATH = () => i18n.t('welcome.apiKeyPath');

function invalidKey(code: string, environment?: Environment): CheckReason {
  if (/disabled|revoked/.test(code))
    return {
      failure: 'invalid-key',
      title: i18n.t('loginCheck.keyInvalid'),
      detail: i18n.t('loginCheck.keyDisabled'),
      next: i18n.t('loginCheck.keyDisabledNext', { path: PATH() }),
    };
  if (environment === 'demo' || environment === 'live')
    return {
      failure: 'invalid-key',
      title: environment === 'demo' ? i18n.t('loginCheck.keyWrongDemo') : i18n.t('loginCheck.keyWrongLive'),
      detail: environment === 'demo' ? i18n.t('loginCheck.keyOfLive') : i18n.t('loginCheck.keyOfDemo'),
      next:
        environment === 'demo'
          ? i18n.t('loginCheck.keyNextDemo', { path: PATH() })
          : i18n.t('loginCheck.keyNextLive', { path: PATH() }),
    };
  return {
    failure: 'invalid-key',
    title: i18n.t('loginCheck.keyInvalid'),
    detail: i18n.t('loginCheck.keyUnknown'),
    next: i18n.t('loginCheck.keyNext', { path: PATH() }),
  };
}

export function checkReason(error: ErrorView, environment?: Environment): CheckReason {
  const code = error.code ?? '';
  if (INVALID_KEY.test(code)) return invalidKey(code, environment);
  if (/exceeded-.*allowance/.test(code) || error.kind === 'rate-limited')
    return {
      failure: 'allowance-exceeded',
      title: i18n.t('loginCheck.allowanceTitle'),
      detail: i18n.t('loginCheck.allowanceDetail'),
      next: i18n.t('loginCheck.allowanceNext'),
    };
  if (/encryption\.required/.test(code))
    return {
      failure: 'encryption-required',
      title: i18n.t('loginCheck.encryptionTitle'),
      detail: i18n.t('loginCheck.encryptionDetail'),
      next: i18n.t('loginCheck.encryptionNext', { box: i18n.t('vault.encryptLogin') }),
    };
  if (LOCKED.test(code))
    return /too-many-failed/.test(code)
      ? {
          failure: 'locked',
          title: i18n.t('loginCheck.lockedTitle'),
          detail: i18n.t('loginCheck.lockedDetail'),
          next: i18n.t('loginCheck.lockedNext'),
        }
      : {
          failure: 'locked',
          title: i18n.t('loginCheck.refusedTitle'),
          detail: i18n.t('loginCheck.refusedDetail'),
          next: i18n.t('loginCheck.refusedNext'),
        };
  if (/invalid-details/.test(code) || error.kind === 'bad-credentials')
    return {
      failure: 'bad-credentials',
      title: i18n.t('loginCheck.credentialsTitle'),
      detail: i18n.t('loginCheck.credentialsDetail'),
      next: i18n.t('loginCheck.credentialsNext'),
    };
  if (error.kind === 'offline' || error.kind === 'timeout')
    return {
      failure: 'unreachable',
      title: i18n.t('loginCheck.unreachableTitle'),
      detail: error.kind === 'timeout' ? i18n.t('loginCheck.timedOut') : i18n.t('loginCheck.noAnswer'),
      next: i18n.t('loginCheck.unreachableNext'),
    };
  return {
    failure: 'other',
    title: i18n.t('loginCheck.otherTitle'),
    detail: error.message,
    next: i18n.t('loginCheck.otherNext'),
  };
}
