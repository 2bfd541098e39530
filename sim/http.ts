import type { IncomingHttpHeaders } from 'node:http';
import type { Session } from './tokens';
import type { World } from './world';

/** What a route handler sees. */
export interface Ctx {
  world: World;
  method: string;
  path: string;
  version: number;
  params: Record<string, string | undefined>;
  query: URLSearchParams;
  body: Record<string, unknown>;
  headers: IncomingHttpHeaders;
  now: number;
  baseUrl: string;
  /** Set for routes that need a session. */
  session?: Session;
  accountId: string;
}

export interface Reply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** A non-JSON body (the durable-medium PDF). */
  raw?: { contentType: string; data: Buffer };
}

export type Handler = (ctx: Ctx) => Reply | Promise<Reply>;

/** Request classes for the per-minute allowances. */
export type LimitClass = 'none' | 'trading' | 'nonTrading';

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The spec path first, then legacy spellings. find-my-way syntax (`:param`). */
  paths: string[];
  versions: number[];
  auth: 'apiKey' | 'session';
  limit: LimitClass;
  handle: Handler;
}

/** A version-1 route with a session that counts against the non-trading allowance. */
export const sessionRoute = (method: Route['method'], path: string, handle: Handler): Route => ({
  method,
  paths: [path],
  versions: [1],
  auth: 'session',
  limit: 'nonTrading',
  handle,
});

export const ok = (body: unknown, headers?: Record<string, string>): Reply => ({
  status: 200,
  body,
  ...(headers ? { headers } : {}),
});

export function header(ctx: { headers: IncomingHttpHeaders }, name: string): string | undefined {
  const v = ctx.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

export function str(body: Record<string, unknown>, key: string): string | undefined {
  const v = body[key];
  return typeof v === 'string' ? v : undefined;
}

/** A number, accepting numeric strings as some clients send them. */
export function num(body: Record<string, unknown>, key: string): number | undefined {
  const v = body[key];
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return undefined;
}

/** A boolean, accepting "true"/"false" strings (trading-ig sends forceOpen as a string). */
export function bool(body: Record<string, unknown>, key: string): boolean | undefined {
  const v = body[key];
  if (typeof v === 'boolean') return v;
  if (v === 'true') return true;
  if (v === 'false') return false;
  return undefined;
}

export function isSet(body: Record<string, unknown>, key: string): boolean {
  return body[key] !== undefined && body[key] !== null;
}
