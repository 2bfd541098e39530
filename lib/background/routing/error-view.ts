// Anything a handler throws, as an ErrorView a page can show. Classified by the service's errorCode
// first and the HTTP status second (reference §4.1). The client's own failures (offline, timed out, cancelled,
// over an allowance) carry English with request labels for logs; a page gets the catalogue's words for them.
import { i18n } from '#i18n';
import {
  AmbiguousExecutionError,
  ApiError,
  AuthError,
  CancelledError,
  MALFORMED_RESPONSE,
  NetworkError,
  PermitRequiredError,
  RateLimitError,
  ReconciliationRequiredError,
  TimeoutError,
  ValidationError,
} from '../../api/errors';
import { PartLoadError } from '../../load-once';
import type { ErrorView } from '../../messages/contract';
import { NotFoundError, RepeatedError, SignedOutError, UnavailableError } from './errors';

const BAD_CREDENTIALS =
  /invalid-details|api-key-(invalid|disabled|revoked|restricted|missing)|too-many-failed|account-(suspended|access-denied|migrated|not-yet-activated)|not-a-client-account|invalid-application|client-suspended|all-accounts/;
const TOKEN_CODES = /(client|account|oauth)-token-(invalid|missing)|missing\.credentials/;
const NOT_FOUND = /not-?found|invalid\.url|invalid\.watchlist|price-history\.io-error/;

/** The client's own refusals name a request label and milliseconds in English: the page reads these words instead. */
function allowanceWords(code: string): string {
  if (code === 'client.rate-budget-exhausted') return i18n.t('workerError.budgetUsed');
  if (code === 'client.historical-allowance-exhausted') return i18n.t('workerError.historicalUsed');
  return i18n.t('workerError.igAllowanceUsed');
}

function fromApiError(err: ApiError): ErrorView {
  const code = err.errorCode;
  if (err instanceof RateLimitError) {
    return { kind: 'rate-limited', message: allowanceWords(code), code, retryAfterMs: err.retryAfterMs };
  }
  if (err instanceof ValidationError) return { kind: 'validation', message: err.message, field: err.field };
  if (err instanceof PermitRequiredError) return { kind: 'permit-required', message: err.message };
  if (err instanceof AmbiguousExecutionError) return { kind: 'ambiguous', message: err.message, code };
  if (err instanceof ReconciliationRequiredError) return { kind: 'locked', message: err.message };
  if (err instanceof TimeoutError) return { kind: 'timeout', message: i18n.t('workerError.timedOut') };
  if (err instanceof NetworkError) return { kind: 'offline', message: i18n.t('workerError.unreachable') };
  if (err instanceof CancelledError) return { kind: 'internal', message: i18n.t('workerError.cancelled') };
  // The client's message names the request's label for logs; a page reads IG's status, its code beside it.
  const answered = serviceAnswered(err);
  if (BAD_CREDENTIALS.test(code)) return { kind: 'bad-credentials', message: answered, code };
  if (err instanceof AuthError || TOKEN_CODES.test(code)) return { kind: 'signed-out', message: answered, code };
  if (/exceeded-.*allowance/.test(code)) return { kind: 'rate-limited', message: answered, code };
  if (code === MALFORMED_RESPONSE) return { kind: 'service', message: i18n.t('lastWords.malformedReply'), code };
  if (NOT_FOUND.test(code) || err.status === 404) return { kind: 'not-found', message: answered, code };
  if (err.status !== undefined && err.status >= 400 && err.status < 500) {
    return { kind: 'bad-request', message: answered, code };
  }
  return { kind: 'service', message: answered, code };
}

function serviceAnswered(err: ApiError): string {
  return err.status === undefined ? err.errorCode : i18n.t('lastWords.serviceAnswered', { status: String(err.status) });
}

export function toErrorView(err: unknown): ErrorView {
  if (err instanceof ApiError) return fromApiError(err);
  if (err instanceof RepeatedError) return err.view;
  if (err instanceof SignedOutError) return { kind: 'signed-out', message: err.message };
  if (err instanceof NotFoundError) return { kind: 'not-found', message: err.message };
  if (err instanceof UnavailableError || err instanceof PartLoadError)
    return { kind: 'internal', message: err.message };
  if (err instanceof TypeError && /fetch|network/i.test(err.message)) {
    return { kind: 'offline', message: i18n.t('workerError.unreachable') };
  }
  const name = err instanceof Error ? err.name : 'Error';
  return { kind: 'internal', message: i18n.t('workerError.internal', { name }) };
}
