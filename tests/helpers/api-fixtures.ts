// Loads the copied IG fixtures (tests/fixtures/ig) and serves them through a fake fetch.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createClient, memoryTokenStore } from '../../lib/api';

const root = fileURLToPath(new URL('../fixtures/ig/', import.meta.url));

export interface FixtureReply {
  status: number;
  headers: Record<string, string>;
  /** The reply text exactly as the service would send it (BOMs and comments kept). */
  text: string;
}

/** finance-ig files wrap the reply as {statusCode, header?, body}; the others are the body itself. */
export function loadFixture(path: string): FixtureReply {
  const text = readFileSync(`${root}${path}`, 'utf8');
  if (!path.startsWith('finance-ig/')) return { status: 200, headers: {}, text };
  const wrapped = JSON.parse(text) as { statusCode: number; header?: Record<string, string>; body: unknown };
  return {
    status: wrapped.statusCode,
    headers: wrapped.header ?? {},
    text: wrapped.body === null ? '' : JSON.stringify(wrapped.body),
  };
}

/** The JSON value of a fixture (BOM and `//` comments removed), for comparisons. */
export function fixtureJson(path: string): unknown {
  const { text } = loadFixture(path);
  if (text === '') return null;
  const clean = text.replace(/^\uFEFF/, '').replace(/\/\/[^\n"]*$/gm, '');
  return JSON.parse(clean);
}

export interface FetchCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** A fetch that answers with `reply(call)`; records every call. */
export function fixtureFetch(reply: (call: FetchCall) => FixtureReply) {
  const calls: FetchCall[] = [];
  const fetchImpl = async (input: string | URL | Request, init?: RequestInit) => {
    const call: FetchCall = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: typeof init?.body === 'string' ? init.body : undefined,
    };
    calls.push(call);
    const r = reply(call);
    return new Response(r.status === 204 ? null : r.text, {
      status: r.status,
      headers: { 'content-type': 'application/json', 'x-request-id': `fx-${calls.length}`, ...r.headers },
    });
  };
  return { calls, fetch: fetchImpl as typeof fetch };
}

export const FIXTURE_BASE = 'https://demo-api.ig.com/gateway/deal';

/** v2 tokens of a session already logged in to account ABC12 at FIXTURE_BASE. */
export const fixtureTokens = {
  version: 2 as const,
  baseUrl: FIXTURE_BASE,
  identifier: 'fixture-user',
  cst: 'cst-fixture-token',
  securityToken: 'xst-fixture-token',
  info: { accountId: 'ABC12', accounts: [{ accountId: 'ABC12' }] },
};

/**
 * A client at FIXTURE_BASE whose requests `reply(call)` answers; v2 starts logged in (fixtureTokens),
 * v3 logs in first. One attempt per request.
 */
export function fixtureClient(
  reply: (call: FetchCall) => FixtureReply,
  options: { sessionVersion?: 2 | 3; now?: () => number } = {},
) {
  const sessionVersion = options.sessionVersion ?? 2;
  const fx = fixtureFetch(reply);
  const client = createClient({
    baseUrl: FIXTURE_BASE,
    apiKey: 'fixtureApiKey123',
    identifier: 'fixture-user',
    password: 'fixture-password',
    sessionVersion,
    fetch: fx.fetch,
    tokenStore: sessionVersion === 2 ? memoryTokenStore(fixtureTokens) : memoryTokenStore(),
    retry: { attempts: 1, baseDelayMs: 1 },
    ...(options.now ? { now: options.now } : {}),
  });
  return { client, calls: fx.calls };
}
