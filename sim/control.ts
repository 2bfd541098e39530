import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FaultBook, FaultRule } from './faults';
import { accountFunds } from './funds';
import { CORS_HEADERS, readBody } from './gateway';
import { type SeedHistory, seedHistory } from './history/seed';
import type { MaintenanceWindow, WindowRequest } from './maintenance';
import type { MarketOverride } from './prices/snapshot';
import type { RateLimiter } from './rate-limits';
import type { LogEntry, RequestLog } from './request-log';
import type { Application, Position, WorkingOrder } from './state';
import type { StreamControl, StreamServer, StreamState } from './stream/server';
import type { MarketStatus } from './universe/types';
import type { World } from './world';

export interface SimState {
  positions: Position[];
  workingOrders: WorkingOrder[];
  watchlists: { id: string; name: string; epics: string[] }[];
  accounts: { accountId: string; accountType: string; balance: number; available: number }[];
  /** Streaming sessions and their subscriptions. */
  streaming: StreamState;
}

export interface MarketPatch {
  bid?: number;
  offer?: number;
  marketStatus?: MarketStatus;
  instrumentName?: string;
}

/** The test handle of a running simulator (also served over HTTP at /__control/*, loopback only). */
export interface SimControl {
  injectFault(rule: FaultRule): void;
  clearFaults(): void;
  faults(): FaultRule[];
  /** Every issued CST/X-SECURITY-TOKEN and OAuth access token becomes invalid (refresh tokens stay valid). */
  expireTokens(): void;
  advanceClock(ms: number): void;
  /** Simulated time (ms). */
  now(): number;
  /** The requests received from index `from` on (default all): the same as `requestLog().slice(from)`. */
  requestLog(from?: number): LogEntry[];
  /** How many requests the log holds: `requestLog().length` without copying every entry. */
  requestCount(): number;
  clearLog(): void;
  /** Back to the seeded initial state: accounts, deals, watchlists, sessions, faults, log, clock advances. */
  reset(): void;
  state(): SimState;
  setMarket(epic: string, patch: MarketPatch): void;
  /** Every CST, X-SECURITY-TOKEN, access and refresh token issued since the service started. */
  issuedTokens(): string[];
  /** Changes the per-minute allowances the service reports for its API key (GET /operations/application). */
  setAllowances(patch: AllowancePatch): void;
  /** The simulated Lightstreamer server: drop sockets, stall, end sessions, maintenance. */
  stream: StreamControl;
  /** Adds a past of round trips to an account's history (and their P&L to its balance). */
  seedHistory(opts: SeedHistory): void;
  /**
   * Schedules IG's weekend maintenance for a window of simulated time: REST answers the maintenance error
   * (default 500 system.error), every token dies as it opens, streaming sessions end and new ones are refused.
   */
  maintenanceWindow(window: WindowRequest): MaintenanceWindow;
  maintenanceWindows(): MaintenanceWindow[];
  /** How a v3 login answers: 'oauth' (IG's documented shape) or 'v2' (the v2 body and CST/X-SECURITY-TOKEN headers). */
  setV3LoginShape(shape: 'oauth' | 'v2'): void;
}

export type AllowancePatch = Partial<
  Pick<Application, 'allowanceAccountOverall' | 'allowanceAccountTrading' | 'allowanceApplicationOverall'>
>;

const STATUSES = ['TRADEABLE', 'CLOSED', 'EDITS_ONLY', 'OFFLINE', 'ON_AUCTION', 'ON_AUCTION_NO_EDITS', 'SUSPENDED'];

export function createControl(
  world: World,
  faults: FaultBook,
  log: RequestLog,
  limiter: RateLimiter,
  stream: StreamServer,
): SimControl {
  return {
    stream: stream.control,
    maintenanceWindow: (w) => world.maintenance.add(w),
    maintenanceWindows: () => world.maintenance.list(),
    setV3LoginShape: (shape) => {
      if (shape !== 'oauth' && shape !== 'v2') throw new Error("the v3 login shape is 'oauth' or 'v2'");
      world.v3LoginShape = shape;
    },
    injectFault: (rule) => faults.add(rule),
    clearFaults: () => faults.clear(),
    faults: () => faults.list(),
    expireTokens: () => world.tokens.expireAll(),
    advanceClock: (ms) => {
      if (!Number.isFinite(ms)) throw new Error('advanceClock needs a number of milliseconds');
      world.clock.advance(ms);
    },
    now: () => world.now(),
    seedHistory: (opts) => seedHistory(world, opts, world.now()),
    requestLog: (from) => log.list(from),
    requestCount: () => log.size,
    clearLog: () => log.clear(),
    reset: () => {
      world.clock.reset();
      world.reset();
      faults.clear();
      log.clear();
      limiter.clear();
      stream.reset();
      world.maintenance.clear();
      world.v3LoginShape = 'oauth';
    },
    state: () => ({
      positions: world.positions.map((p) => ({ ...p })),
      workingOrders: world.workingOrders.map((o) => ({ ...o })),
      watchlists: world.watchlists.map((w) => ({ id: w.id, name: w.name, epics: [...w.epics] })),
      accounts: world.accounts.map((a) => {
        const f = accountFunds(world, a);
        return { accountId: a.accountId, accountType: a.accountType, balance: f.balance, available: f.available };
      }),
      streaming: stream.control.state(),
    }),
    issuedTokens: () => [...world.issuedTokens],
    setAllowances: (patch) => {
      const app = world.application(world.credentials.apiKey);
      if (!app) throw new Error('the service has no application for its API key');
      for (const key of [
        'allowanceAccountOverall',
        'allowanceAccountTrading',
        'allowanceApplicationOverall',
      ] as const) {
        const value = patch[key];
        if (value === undefined) continue;
        if (!Number.isInteger(value) || value <= 0) throw new Error(`${key} needs a positive whole number`);
        app[key] = value;
      }
    },
    setMarket: (epic, patch) => {
      if (!world.market(epic)) throw new Error(`unknown epic ${epic}`);
      if (patch.marketStatus !== undefined && !STATUSES.includes(patch.marketStatus))
        throw new Error(`unknown market status ${patch.marketStatus}`);
      const current: MarketOverride = world.overrides.get(epic) ?? {};
      const next: MarketOverride = { ...current };
      if (typeof patch.bid === 'number') next.bid = patch.bid;
      if (typeof patch.offer === 'number') next.offer = patch.offer;
      if (patch.marketStatus !== undefined) next.marketStatus = patch.marketStatus;
      if (typeof patch.instrumentName === 'string') next.instrumentName = patch.instrumentName;
      world.overrides.set(epic, next);
    },
  };
}

function isLoopback(req: IncomingMessage): boolean {
  const a = req.socket.remoteAddress ?? '';
  return a === '127.0.0.1' || a === '::1' || a === '::ffff:127.0.0.1';
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { ...CORS_HEADERS, 'Content-Type': 'application/json; charset=UTF-8' });
  res.end(JSON.stringify(body));
}

/** Serves /__control/*. */
export async function handleControl(
  control: SimControl,
  credentials: () => unknown,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  if (!isLoopback(req)) {
    req.resume();
    return send(res, 403, { errorCode: 'control.loopback-only' });
  }
  let body: Record<string, unknown> = {};
  try {
    const raw = (await readBody(req)).toString('utf8').trim();
    body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
  } catch {
    return send(res, 400, { errorCode: 'control.invalid-json' });
  }
  const route = `${req.method} ${url.pathname.replace(/\/+$/, '')}`;
  try {
    switch (route) {
      case 'POST /__control/faults':
        control.injectFault(body as unknown as FaultRule);
        return send(res, 200, { faults: control.faults() });
      case 'GET /__control/faults':
        return send(res, 200, { faults: control.faults() });
      case 'DELETE /__control/faults':
        control.clearFaults();
        return send(res, 200, { faults: [] });
      case 'POST /__control/expire-tokens':
        control.expireTokens();
        return send(res, 200, { ok: true });
      case 'POST /__control/clock':
        control.advanceClock(Number(body.advanceMs));
        return send(res, 200, { now: control.now() });
      case 'GET /__control/clock':
        return send(res, 200, { now: control.now() });
      case 'GET /__control/log':
        return send(res, 200, control.requestLog());
      case 'DELETE /__control/log':
        control.clearLog();
        return send(res, 200, []);
      case 'POST /__control/reset':
        control.reset();
        return send(res, 200, { ok: true });
      case 'GET /__control/state':
        return send(res, 200, control.state());
      case 'POST /__control/market':
        control.setMarket(String(body.epic), body as MarketPatch);
        return send(res, 200, { ok: true });
      case 'POST /__control/allowances':
        control.setAllowances(body as AllowancePatch);
        return send(res, 200, { ok: true });
      case 'POST /__control/history':
        control.seedHistory(body as unknown as SeedHistory);
        return send(res, 200, { ok: true });
      case 'GET /__control/tokens':
        return send(res, 200, { tokens: control.issuedTokens() });
      case 'GET /__control/stream':
        return send(res, 200, control.stream.state());
      case 'POST /__control/stream/drop':
        return send(res, 200, { dropped: control.stream.dropSockets() });
      case 'POST /__control/stream/stall':
        control.stream.stall(body.on !== false);
        return send(res, 200, control.stream.state());
      case 'POST /__control/stream/end':
        return send(res, 200, {
          ended: control.stream.endSessions(
            body.code === undefined ? undefined : Number(body.code),
            typeof body.message === 'string' ? body.message : undefined,
          ),
        });
      case 'POST /__control/stream/maintenance':
        control.stream.maintenance(body.on !== false);
        return send(res, 200, control.stream.state());
      case 'POST /__control/stream/record':
        control.stream.recordSends(body.on !== false);
        return send(res, 200, { recording: body.on !== false });
      case 'GET /__control/stream/sends':
        return send(res, 200, control.stream.sends());
      case 'POST /__control/maintenance':
        return send(res, 200, {
          window: control.maintenanceWindow(body as unknown as WindowRequest),
          windows: control.maintenanceWindows(),
        });
      case 'GET /__control/maintenance':
        return send(res, 200, { windows: control.maintenanceWindows() });
      case 'POST /__control/v3-login-shape':
        control.setV3LoginShape(body.shape as 'oauth' | 'v2');
        return send(res, 200, { shape: body.shape });
      case 'GET /__control/credentials':
        return send(res, 200, credentials());
      default:
        return send(res, 404, { errorCode: 'control.unknown' });
    }
  } catch (err) {
    return send(res, 400, { errorCode: 'control.invalid', message: err instanceof Error ? err.message : String(err) });
  }
}
