// The one place every request goes through: headers, auth, budget, timeout, retries for reads,
// token recovery, DELETE-with-body as POST + `_method: DELETE`, typed errors, redacted logs.

import { classify, errorCodeOf, OAUTH_INVALID, RELOGIN_CODES } from './classify';
import type { Endpoint } from './endpoints';
import { type ApiError, CancelledError, NetworkError } from './errors';
import type { HostGate } from './host-gate';
import { buildUrl, type Exchange, exchange, type Query } from './http';
import { decodeJson } from './parse';
import type { RateBudget, RequestClass } from './rate-budget';
import type { Logger, Redactor } from './redact';
import { type GatewaySpelling, otherSpelling, pathIn } from './spelling';
import { isLockedOperation } from './stores';

export interface AuthProvider {
  /** Headers that authenticate a request, logging in or refreshing first when needed. */
  headers(signal?: AbortSignal): Promise<Record<string, string>>;
  /** Called once per request on a token-invalid reply: re-login or refresh. */
  recover(errorCode: string, usedHeaders: Record<string, string>, signal?: AbortSignal): Promise<void>;
}

export interface TransportOptions {
  baseUrl: string;
  apiKey: string;
  fetch: typeof fetch;
  timeoutMs: number;
  retry: { attempts: number; baseDelayMs: number };
  budget: RateBudget;
  logger: Logger;
  redactor: Redactor;
  spelling: GatewaySpelling;
  /** Asked before every request, before a login or a key is attached; none lets every host through. */
  hostGate?: HostGate | undefined;
}

export interface SendOptions {
  params?: Record<string, string | number>;
  query?: Query;
  body?: unknown;
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
  /** Default true. Login and the encryption key go without. */
  auth?: boolean;
  /** Default: true for GET. Mutations are never retried. */
  retry?: boolean;
  requestClass?: RequestClass;
  binary?: boolean;
  /** Extra headers for this request only (e.g. the auth of a refresh). */
  headers?: Record<string, string>;
  /** Runs synchronously just before the request leaves (after budget and login); may throw to stop it. */
  beforeSend?: () => void;
}

export interface Reply {
  status: number;
  requestId: string | undefined;
  headers: Headers;
  /** Decoded JSON (null for an empty body). */
  body: unknown;
  bytes: Uint8Array | null;
}

const sent = new WeakSet<object>();
/** True when the error happened after the request left (its outcome at the service is unknown or known-failed). */
export function wasSent(error: unknown): boolean {
  return typeof error === 'object' && error !== null && sent.has(error);
}
function markSent<E extends object>(error: E): E {
  sent.add(error);
  return error;
}
/** Failures of a login or refresh on the way to a request: that request itself never left. */
async function notSent<T>(work: Promise<T> | undefined): Promise<T | undefined> {
  try {
    return await work;
  } catch (error) {
    if (typeof error === 'object' && error !== null) sent.delete(error);
    throw error;
  }
}

export class Transport {
  auth: AuthProvider | null = null;
  private seq = 0;

  constructor(readonly options: TransportOptions) {}

  private wait(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        clearTimeout(timer);
        reject(new CancelledError('The request was cancelled'));
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  private backoff(attempt: number): number {
    const base = this.options.retry.baseDelayMs * 2 ** (attempt - 1);
    return base / 2 + Math.random() * base;
  }

  async send(endpoint: Endpoint, opts: SendOptions = {}): Promise<Reply> {
    const { options } = this;
    const label = endpoint.label;
    const spelled = endpoint.igPath !== undefined;
    const isRead = endpoint.method === 'GET';
    let spelling = spelled ? await options.spelling.current() : 'spec';
    let respelled = false;
    const hasBody = opts.body !== undefined;
    // Proven form of DELETE with a body (reference §1.7): POST with `_method: DELETE`.
    const method = endpoint.method === 'DELETE' && hasBody ? 'POST' : endpoint.method;
    const retryable = opts.retry ?? endpoint.method === 'GET';
    const attempts = retryable ? Math.max(1, options.retry.attempts) : 1;
    const requestClass = opts.requestClass ?? (isLockedOperation(label) ? 'trading' : 'nonTrading');
    const id = ++this.seq;
    let recovered = false;

    for (let attempt = 1; ; attempt++) {
      if (opts.signal?.aborted) throw new CancelledError(`${label} was cancelled`, label);
      // Every attempt: a grant the user withdrew stops the next retry too.
      await options.hostGate?.(options.baseUrl);
      try {
        await options.budget.acquire(requestClass, opts.signal, label);
      } catch (error) {
        if (opts.signal?.aborted) throw new CancelledError(`${label} was cancelled`, label);
        throw error;
      }
      const headers: Record<string, string> = {
        'X-IG-API-KEY': options.apiKey,
        Version: String(endpoint.version),
        'Content-Type': 'application/json; charset=UTF-8',
        Accept: opts.binary ? 'application/pdf, application/json; charset=UTF-8' : 'application/json; charset=UTF-8',
        ...(opts.auth === false || !this.auth ? {} : ((await notSent(this.auth.headers(opts.signal))) ?? {})),
        ...opts.headers,
      };
      if (method !== endpoint.method) headers._method = 'DELETE';
      opts.beforeSend?.();

      const url = buildUrl(options.baseUrl, pathIn(endpoint, spelling), opts.params, opts.query);
      const started = Date.now();
      let reply: Exchange;
      try {
        reply = await exchange({
          url,
          method,
          headers,
          body: hasBody ? JSON.stringify(opts.body) : undefined,
          signal: opts.signal,
          timeoutMs: opts.timeoutMs ?? options.timeoutMs,
          binary: opts.binary ?? false,
          label,
          fetch: options.fetch,
        });
      } catch (error) {
        markSent(error as object);
        const transient = error instanceof NetworkError;
        options.logger.warn('request failed', { id, label, attempt, error: (error as Error).name });
        if (transient && attempt < attempts) {
          await this.wait(this.backoff(attempt), opts.signal);
          continue;
        }
        throw error;
      }

      const log = { id, label, method: endpoint.method, status: reply.status, attempt, ms: Date.now() - started };
      if (!reply.ok) {
        const code = errorCodeOf(reply.text, reply.status);
        options.logger.warn('request refused', { ...log, requestId: reply.requestId, errorCode: code });
        if (spelled && isRead && !respelled && reply.status === 404 && code === 'invalid.url') {
          respelled = true;
          spelling = otherSpelling(spelling);
          attempt--;
          continue;
        }
        const canRecover = opts.auth !== false && this.auth && !recovered;
        if (canRecover && (RELOGIN_CODES.has(code) || code === OAUTH_INVALID)) {
          recovered = true;
          await notSent(this.auth?.recover(code, headers, opts.signal));
          attempt--;
          continue;
        }
        if (reply.status >= 500 && attempt < attempts) {
          await this.wait(this.backoff(attempt), opts.signal);
          continue;
        }
        throw markSent(classify(code, reply.status, reply.requestId, label, options.redactor));
      }
      options.logger.debug('request done', { ...log, requestId: reply.requestId });
      if (spelled && isRead) await options.spelling.prove(spelling);
      const ctx = { label, status: reply.status, requestId: reply.requestId };
      let body: unknown = null;
      try {
        body = reply.bytes ? null : decodeJson(reply.text, ctx);
      } catch (error) {
        throw markSent(error as ApiError);
      }
      return { status: reply.status, requestId: reply.requestId, headers: reply.headers, body, bytes: reply.bytes };
    }
  }
}
