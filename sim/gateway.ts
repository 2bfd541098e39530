import type { IncomingMessage, ServerResponse } from 'node:http';
import { authenticate, checkApiKey } from './auth';
import { ApiError } from './errors';
import type { FaultAction, FaultBook } from './faults';
import { type Ctx, header, type Reply } from './http';
import type { RateLimiter } from './rate-limits';
import type { RequestLog } from './request-log';
import type { RouteTable } from './router';
import type { World } from './world';

export const PREFIX = '/gateway/deal';
const MAX_BODY = 1 << 20;

export interface GatewayEnv {
  world: World;
  routes: RouteTable;
  faults: FaultBook;
  limiter: RateLimiter;
  log: RequestLog;
  baseUrl: () => string;
  nextRequestId: () => string;
}

export const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE, OPTIONS',
  'Access-Control-Allow-Headers':
    '*, X-IG-API-KEY, CST, X-SECURITY-TOKEN, Version, IG-ACCOUNT-ID, Authorization, _method, Content-Type, Accept',
  'Access-Control-Expose-Headers': 'CST, X-SECURITY-TOKEN, X-REQUEST-ID',
  'Access-Control-Max-Age': '600',
};

export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new ApiError(413, 'invalid.input'));
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function parseBody(raw: Buffer): Record<string, unknown> {
  const text = raw
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trim();
  if (!text) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'invalid.input');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new ApiError(400, 'invalid.input');
  return value as Record<string, unknown>;
}

function versionOf(req: IncomingMessage): number {
  const raw = header(req, 'version');
  if (raw === undefined || raw.trim() === '') return 1;
  const n = Number(raw.trim().replace(/^v/i, ''));
  return Number.isInteger(n) && n > 0 ? n : 0;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs the request through API key, auth, allowances and the route. */
async function process(
  env: GatewayEnv,
  req: IncomingMessage,
  raw: Buffer,
  method: string,
  path: string,
  version: number,
  query: URLSearchParams,
): Promise<Reply> {
  const found = env.routes.lookup(method, path);
  if (found.kind === 'not-found') throw new ApiError(404, 'invalid.url');
  if (found.kind === 'method-not-allowed') throw new ApiError(405, 'invalid.url');
  const { route, params } = found;
  const world = env.world;
  const body = parseBody(raw);
  const now = world.now();
  const app = checkApiKey(world, req.headers);
  if (!route.versions.includes(version)) throw new ApiError(404, 'invalid.url');
  const ctx: Ctx = {
    world,
    method,
    path,
    version,
    params,
    query,
    body,
    headers: req.headers,
    now,
    baseUrl: env.baseUrl(),
    accountId: '',
  };
  // A maintenance window seen for the first time kills every token before they are checked.
  const closed = world.maintenance.at(now);
  if (route.auth === 'session') {
    const { session, accountId } = authenticate(world, req.headers, now);
    ctx.session = session;
    ctx.accountId = accountId;
  }
  // Maintenance: every token died as it began (a request carrying one was refused just above), and
  // whatever could still be served (a login, a refresh) gets the maintenance error.
  if (closed) throw new ApiError(closed.status, closed.errorCode);
  if (route.auth === 'session') env.limiter.take(world, app.apiKey, ctx.accountId, route.limit, now);
  return route.handle(ctx);
}

function errorReply(err: unknown): Reply {
  if (err instanceof ApiError) return { status: err.status, body: { errorCode: err.errorCode } };
  return { status: 500, body: { errorCode: 'system.error' } };
}

function write(
  res: ServerResponse,
  reply: Reply,
  requestId: string,
  malformed?: Extract<FaultAction, { kind: 'malformed' }>,
) {
  const status = reply.status ?? 200;
  const headers: Record<string, string> = { ...CORS_HEADERS, 'X-REQUEST-ID': requestId, ...reply.headers };
  if (malformed) {
    let text = reply.body === undefined ? '' : JSON.stringify(reply.body);
    text = malformed.body ?? (text.length > 2 ? text.slice(0, Math.ceil(text.length / 2)) : '{"');
    res.writeHead(status === 204 ? 200 : status, { ...headers, 'Content-Type': 'application/json; charset=UTF-8' });
    res.end(text);
    return;
  }
  if (reply.raw) {
    res.writeHead(status, {
      ...headers,
      'Content-Type': reply.raw.contentType,
      'Content-Length': String(reply.raw.data.length),
    });
    res.end(reply.raw.data);
    return;
  }
  if (status === 204 || reply.body === undefined) {
    res.writeHead(status, headers);
    res.end();
    return;
  }
  const data = Buffer.from(JSON.stringify(reply.body));
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=UTF-8',
    'Content-Length': String(data.length),
  });
  res.end(data);
}

/** Serves one request under /gateway/deal. */
export async function handleGateway(
  env: GatewayEnv,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const requestId = env.nextRequestId();
  let path = url.pathname.slice(PREFIX.length) || '/';
  if (path.length > 1 && path.endsWith('/')) path = path.replace(/\/+$/, '') || '/';
  const override = header(req, '_method');
  const method = req.method === 'POST' && override ? override.toUpperCase() : (req.method ?? 'GET');
  const version = versionOf(req);
  const entry = env.log.add(method, path, version, url.searchParams, env.world.now());
  const fault = env.faults.take(method, path, version);
  if (fault?.kind === 'drop-before') {
    req.socket.destroy();
    return;
  }
  if (fault?.kind === 'delay') await sleep(fault.ms);
  let reply: Reply;
  try {
    const raw = await readBody(req);
    if (fault?.kind === 'error') reply = { status: fault.status, body: { errorCode: fault.errorCode } };
    else reply = await process(env, req, raw, method, path, version, url.searchParams);
  } catch (err) {
    reply = errorReply(err);
  }
  if (fault?.kind === 'drop-after') {
    req.socket.destroy();
    return;
  }
  entry.status = fault?.kind === 'malformed' && reply.status === 204 ? 200 : (reply.status ?? 200);
  write(res, reply, requestId, fault?.kind === 'malformed' ? fault : undefined);
}
