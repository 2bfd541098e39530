// Typed errors. Every error carries only non-secret facts (codes, status, request id, field names);
// messages are built by this package and passed through the redactor before they are set.

export type ErrorKind =
  | 'api'
  | 'auth'
  | 'rate-limit'
  | 'validation'
  | 'permit'
  | 'ambiguous'
  | 'reconciliation-required'
  | 'network'
  | 'timeout'
  | 'cancelled';

export interface ApiErrorInit {
  errorCode: string;
  status?: number | undefined;
  requestId?: string | undefined;
  label?: string | undefined;
}

export class ApiError extends Error {
  readonly kind: ErrorKind = 'api';
  readonly errorCode: string;
  readonly status: number | undefined;
  readonly requestId: string | undefined;
  /** The operation label of the request, e.g. `positions.list`. */
  readonly label: string | undefined;

  constructor(message: string, init: ApiErrorInit) {
    super(message);
    this.name = 'ApiError';
    this.errorCode = init.errorCode;
    this.status = init.status;
    this.requestId = init.requestId;
    this.label = init.label;
  }

  /** The serialised form: safe to log or post to a page. */
  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      kind: this.kind,
      message: this.message,
      errorCode: this.errorCode,
      status: this.status,
      requestId: this.requestId,
      label: this.label,
    };
  }
}

export class AuthError extends ApiError {
  override readonly kind = 'auth';
  constructor(message: string, init: ApiErrorInit) {
    super(message, init);
    this.name = 'AuthError';
  }
}

export class RateLimitError extends ApiError {
  override readonly kind = 'rate-limit';
  /** How long to wait before the allowance has room again, in milliseconds. */
  readonly retryAfterMs: number;
  constructor(message: string, init: ApiErrorInit & { retryAfterMs: number }) {
    super(message, init);
    this.name = 'RateLimitError';
    this.retryAfterMs = init.retryAfterMs;
  }
  override toJSON() {
    return { ...super.toJSON(), retryAfterMs: this.retryAfterMs };
  }
}

export class ValidationError extends ApiError {
  override readonly kind = 'validation';
  /** The request field that failed, e.g. `epic`, `size`, `direction`. */
  readonly field: string;
  constructor(field: string, message: string, label?: string) {
    super(message, { errorCode: 'client.validation', label });
    this.name = 'ValidationError';
    this.field = field;
  }
  override toJSON() {
    return { ...super.toJSON(), field: this.field };
  }
}

export type PermitProblem = 'missing' | 'unknown' | 'revoked' | 'expired' | 'scope' | 'environment' | 'account';

export class PermitRequiredError extends ApiError {
  override readonly kind = 'permit';
  readonly problem: PermitProblem;
  constructor(problem: PermitProblem, message: string, label?: string) {
    super(message, { errorCode: 'client.permit-required', label });
    this.name = 'PermitRequiredError';
    this.problem = problem;
  }
  override toJSON() {
    return { ...super.toJSON(), problem: this.problem };
  }
}

export class AmbiguousExecutionError extends ApiError {
  override readonly kind = 'ambiguous';
  /** The deal reference to reconcile by; null for amend/close/delete, which carry none on the way out. */
  readonly dealReference: string | null;
  readonly dealId: string | null;
  constructor(message: string, init: ApiErrorInit & { dealReference: string | null; dealId: string | null }) {
    super(message, init);
    this.name = 'AmbiguousExecutionError';
    this.dealReference = init.dealReference;
    this.dealId = init.dealId;
  }
  override toJSON() {
    return { ...super.toJSON(), dealReference: this.dealReference, dealId: this.dealId };
  }
}

/** A mutation refused because an ambiguous execution has not been reconciled yet. */
export class ReconciliationRequiredError extends ApiError {
  override readonly kind = 'reconciliation-required';
  readonly dealReference: string | null;
  constructor(message: string, dealReference: string | null, label?: string) {
    super(message, { errorCode: 'client.reconciliation-required', label });
    this.name = 'ReconciliationRequiredError';
    this.dealReference = dealReference;
  }
  override toJSON() {
    return { ...super.toJSON(), dealReference: this.dealReference };
  }
}

/** The service could not be reached, or the connection broke (the caller is probably offline). */
export class NetworkError extends ApiError {
  override readonly kind: ErrorKind = 'network';
  constructor(message: string, init: Omit<ApiErrorInit, 'errorCode'> & { errorCode?: string } = {}) {
    super(message, { errorCode: 'client.network', ...init });
    this.name = 'NetworkError';
  }
}

export class TimeoutError extends NetworkError {
  override readonly kind = 'timeout';
  constructor(message: string, init: Omit<ApiErrorInit, 'errorCode'> = {}) {
    super(message, { ...init, errorCode: 'client.timeout' });
    this.name = 'TimeoutError';
  }
}

/** The caller cancelled the request through its AbortSignal. */
export class CancelledError extends ApiError {
  override readonly kind = 'cancelled';
  constructor(message: string, label?: string) {
    super(message, { errorCode: 'client.cancelled', label });
    this.name = 'CancelledError';
  }
}

export const MALFORMED_RESPONSE = 'client.malformed-response';

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
