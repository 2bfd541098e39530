// One HTTP exchange: URL building, headers, timeout and cancellation, reading the whole body.
// Failures become NetworkError / TimeoutError / CancelledError; they never carry the request.

import { CancelledError, NetworkError, TimeoutError } from './errors';

export type Query = Record<string, string | number | boolean | undefined | null>;

/** Fills `{name}` placeholders with URL-encoded values (watchlist ids contain spaces). */
export function buildPath(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{([a-z_]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

export function buildUrl(baseUrl: string, path: string, params?: Record<string, string | number>, query?: Query) {
  const base = baseUrl.replace(/\/+$/, '');
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) search.set(k, String(v));
  const qs = search.toString();
  return `${base}${buildPath(path, params)}${qs ? `?${qs}` : ''}`;
}

export interface Exchange {
  status: number;
  ok: boolean;
  headers: Headers;
  requestId: string | undefined;
  text: string;
  bytes: Uint8Array | null;
}

export interface ExchangeInit {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string | undefined;
  signal?: AbortSignal | undefined;
  timeoutMs: number;
  binary?: boolean;
  label: string;
  fetch: typeof fetch;
}

/** Sends one request and reads its whole reply within the timeout. */
export async function exchange(init: ExchangeInit): Promise<Exchange> {
  if (init.signal?.aborted) throw new CancelledError(`${init.label} was cancelled`, init.label);
  const controller = new AbortController();
  let timedOut = false;
  const onAbort = () => controller.abort();
  init.signal?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, init.timeoutMs);
  try {
    const res = await init.fetch(init.url, {
      method: init.method,
      headers: init.headers,
      body: init.body,
      signal: controller.signal,
      // Nothing from the trading service may rest in the browser's HTTP cache (keys, tokens, accounts).
      cache: 'no-store',
    });
    const requestId = res.headers.get('x-request-id') ?? undefined;
    let text = '';
    let bytes: Uint8Array | null = null;
    if (init.binary && res.ok) bytes = new Uint8Array(await res.arrayBuffer());
    else text = await res.text();
    return { status: res.status, ok: res.ok, headers: res.headers, requestId, text, bytes };
  } catch {
    if (timedOut) throw new TimeoutError(`${init.label} timed out after ${init.timeoutMs} ms`, { label: init.label });
    if (init.signal?.aborted) throw new CancelledError(`${init.label} was cancelled`, init.label);
    throw new NetworkError(`${init.label} failed: the service could not be reached`, { label: init.label });
  } finally {
    clearTimeout(timer);
    init.signal?.removeEventListener('abort', onAbort);
  }
}
