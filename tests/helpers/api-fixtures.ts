// Loads the copied IG fixtures (tests/fixtures/ig) and serves them through a fake fetch.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

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
