import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defaultStart, SimClock } from './clock';
import { createControl, handleControl, type SimControl } from './control';
import { FaultBook } from './faults';
import { CORS_HEADERS, type GatewayEnv, handleGateway, PREFIX } from './gateway';
import { RateLimiter } from './rate-limits';
import { RequestLog } from './request-log';
import { type Dialect, RouteTable } from './router';
import { allRoutes } from './routes/index';
import { encryptionKey } from './rsa';
import { StreamServer } from './stream/server';
import { World } from './world';

export interface SimOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  seed?: number;
  /** Per-minute allowances enforced (default true). */
  rateLimits?: boolean;
  host?: string;
  /** Lifetime of v1/v2 tokens after last use and of v3 access tokens (default: 6 h and 60 s). */
  tokenTtlMs?: number;
  /** Simulated time at start (ms). Default: the most recent Wednesday 15:00 UTC, when most markets trade. */
  startTime?: number;
  /** Weekly historical-data allowance in price points (default 10,000). */
  historicalAllowance?: number;
  /** The path spellings it answers (default both; see router.ts). */
  dialect?: Dialect;
  /** Streaming PROBE interval when a client asks none (ms, default 5000). */
  streamKeepaliveMs?: number;
}

export interface SimHandle {
  baseUrl: string;
  apiKey: string;
  identifier: string;
  password: string;
  /** The same client's second login, which must send its password encrypted. */
  encryptedIdentifier: string;
  accounts: { accountId: string; accountType: 'CFD' | 'SPREADBET'; accountName: string }[];
  control: SimControl;
  close(): Promise<void>;
}

/** Starts the simulated trading service; resolves when it listens. */
export async function startSim(opts: SimOptions = {}): Promise<SimHandle> {
  const seed = opts.seed ?? 1;
  const host = opts.host ?? '127.0.0.1';
  const startMs = opts.startTime ?? defaultStart();
  const clock = new SimClock(startMs);
  const world = new World({
    seed,
    clock,
    startMs,
    rateLimits: opts.rateLimits ?? true,
    historicalAllowance: opts.historicalAllowance ?? 10_000,
    ttl: {
      session: opts.tokenTtlMs ?? 6 * 3_600_000,
      access: opts.tokenTtlMs ?? 60_000,
      refresh: (opts.tokenTtlMs ?? 60_000) + 10 * 60_000,
    },
  });
  await encryptionKey();
  const faults = new FaultBook();
  const log = new RequestLog();
  const limiter = new RateLimiter();
  const stream = new StreamServer(world, log, {
    seed,
    ...(opts.streamKeepaliveMs !== undefined ? { keepaliveMs: opts.streamKeepaliveMs } : {}),
  });
  const control = createControl(world, faults, log, limiter, stream);
  let baseUrl = '';
  let requestCounter = 0;
  const env: GatewayEnv = {
    world,
    routes: new RouteTable(allRoutes, opts.dialect ?? 'both'),
    faults,
    limiter,
    log,
    baseUrl: () => baseUrl,
    nextRequestId: () => `sim-${seed}-${(++requestCounter).toString(36).padStart(6, '0')}`,
  };
  const credentials = () => ({ baseUrl, ...world.credentials });

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sim.invalid');
    const done = (p: Promise<void>) =>
      p.catch(() => {
        if (!res.headersSent) res.writeHead(500, CORS_HEADERS);
        res.end();
      });
    if (url.pathname.startsWith('/__control')) return void done(handleControl(control, credentials, req, res, url));
    if (stream.handles(url)) return void done(stream.handleHttp(req, res, url));
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS_HEADERS);
      res.end();
      return;
    }
    if (url.pathname === PREFIX || url.pathname.startsWith(`${PREFIX}/`))
      return void done(handleGateway(env, req, res, url));
    req.resume();
    res.writeHead(404, { ...CORS_HEADERS, 'Content-Type': 'application/json; charset=UTF-8' });
    res.end(JSON.stringify({ errorCode: 'invalid.url' }));
  });
  server.on('upgrade', (req, socket, head) => stream.upgrade(req, socket, head));
  // Node closes an idle kept-alive socket after 5 s, about when a client on a stalled machine may pick it
  // for its next request, which then fails as unreachable though no fault was asked for. `close()` ends
  // every connection itself.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const hostPart = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  baseUrl = `http://${hostPart}:${address.port}${PREFIX}`;
  return {
    baseUrl,
    ...world.credentials,
    accounts: world.accounts.map((a) => ({
      accountId: a.accountId,
      accountType: a.accountType,
      accountName: a.accountName,
    })),
    control,
    close: () =>
      new Promise<void>((resolve) => {
        stream.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
