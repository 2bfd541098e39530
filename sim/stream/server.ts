import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import { CORS_HEADERS, readBody } from '../gateway';
import { h32 } from '../random';
import type { RequestLog } from '../request-log';
import type { World } from '../world';
import { parseHttpBody, parseWsRequest } from './encode';
import { conok, control, keepalive, openSession, protocolError, tokensValid } from './protocol';
import { Pump, TickSchedule } from './pump';
import type { SessionInfo, StreamSession } from './session';
import { TradeWatcher } from './trades';

export const STREAM_PATH = '/lightstreamer';
const PASS_MS = 50;
/** A session created over HTTP that no socket binds within this time is dropped. */
const UNBOUND_TTL_MS = 30_000;

export interface StreamState {
  maintenance: boolean;
  stalled: boolean;
  sessions: SessionInfo[];
}

/** The test handle of the simulated stream (also at /__control/stream/*). */
export interface StreamControl {
  /** Drops every streaming socket abruptly (the clients' recovery then makes new sessions). */
  dropSockets(): number;
  /** While stalled, sessions send nothing but PROBE; what they would have sent follows when the stall ends. */
  stall(on: boolean): void;
  /** Ends every session with `END,<code>,<message>` (default 31, final for the clients; 41 and 48 make them retry). */
  endSessions(code?: number, message?: string): number;
  /** Maintenance (IG's Saturdays): new sessions are refused with `CONERR,10`. */
  maintenance(on: boolean): void;
  state(): StreamState;
}

export interface StreamOptions {
  seed: number;
  /** PROBE interval when the client asks none (ms, default 5000, as IG). */
  keepaliveMs?: number;
}

const clientIp = (req: IncomingMessage) => (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');

/** The simulated Lightstreamer server: TLCP over HTTP (create/bind/control) and WebSocket, on the REST port. */
export class StreamServer {
  private readonly sessions = new Map<string, StreamSession>();
  private readonly wss: WebSocketServer;
  private readonly pump: Pump;
  private readonly trades: TradeWatcher;
  private timer: NodeJS.Timeout | undefined;
  private inMaintenance = false;
  private stalled = false;
  private counter = 0;
  private readonly keepaliveMs: number;

  constructor(
    private readonly world: World,
    private readonly log: RequestLog,
    private readonly opts: StreamOptions,
  ) {
    this.keepaliveMs = opts.keepaliveMs ?? 5000;
    this.trades = new TradeWatcher(world);
    this.pump = new Pump(world, new TickSchedule(opts.seed), this.trades);
    this.wss = new WebSocketServer({
      noServer: true,
      perMessageDeflate: false,
      handleProtocols: (offered) => [...offered].find((p) => /^TLCP-[\d.]+\.lightstreamer\.com$/.test(p)) ?? false,
    });
  }

  readonly control: StreamControl = {
    dropSockets: () => {
      let n = 0;
      for (const s of this.sessions.values()) {
        if (!s.socket) continue;
        s.socket.terminate();
        n++;
      }
      return n;
    },
    stall: (on) => {
      this.stalled = on;
      for (const s of this.sessions.values()) s.setStalled(on);
    },
    endSessions: (code = 31, message = 'Session closed by the administrator') => {
      const all = [...this.sessions.values()];
      for (const s of all) this.drop(s, () => s.end(code, message));
      return all.length;
    },
    maintenance: (on) => {
      this.inMaintenance = on;
    },
    state: () => ({
      maintenance: this.inMaintenance,
      stalled: this.stalled,
      sessions: [...this.sessions.values()].map((s) => s.info()),
    }),
  };

  /** Back to the start: sessions ended, no stall, no maintenance, no pending TRADE events. */
  reset(): void {
    this.control.endSessions();
    this.stalled = false;
    this.inMaintenance = false;
    this.trades.rebase();
  }

  handles(url: URL): boolean {
    return url.pathname === STREAM_PATH || url.pathname.startsWith(`${STREAM_PATH}/`);
  }

  /** Serves `/lightstreamer/{create_session,bind_session,control,heartbeat,msg}.txt`. */
  async handleHttp(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const origin = req.headers.origin;
    const headers: Record<string, string> = {
      ...CORS_HEADERS,
      ...(origin ? { 'Access-Control-Allow-Origin': origin, 'Access-Control-Allow-Credentials': 'true' } : {}),
      'Cache-Control': 'no-store',
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, headers);
      res.end();
      return;
    }
    const reply = (status: number, lines: string[]) => {
      res.writeHead(status, { ...headers, 'Content-Type': 'text/plain; charset=UTF-8' });
      res.end(lines.map((l) => `${l}\r\n`).join(''));
    };
    const body = (await readBody(req)).toString('utf8');
    const requests = parseHttpBody(body);
    const name = url.pathname.slice(STREAM_PATH.length + 1).replace(/\.txt$/, '');
    for (const p of requests.length ? requests : [new Map<string, string>()]) this.logRequest('POST', name, p, url);
    if (req.method !== 'POST' && req.method !== 'GET') return reply(405, []);
    const first = requests[0] ?? new Map<string, string>();
    switch (name) {
      case 'create_session': {
        const refused = protocolError(url.searchParams.get('LS_protocol') ?? undefined);
        if (refused) return reply(200, [refused]);
        const s = openSession(this.openEnv(), first);
        if (typeof s === 'string') return reply(200, [s]);
        this.add(s);
        return reply(200, [...conok(s, clientIp(req)), 'LOOP,0']);
      }
      case 'bind_session':
        return reply(200, ['CONERR,20,Session not found']);
      case 'control': {
        const s = this.sessions.get(url.searchParams.get('LS_session') ?? first.get('LS_session') ?? '');
        if (!s)
          return reply(
            200,
            requests.map((p) => `REQERR,${p.get('LS_reqId') ?? ''},20,Session not found`),
          );
        const out: string[] = [];
        for (const p of requests) out.push(...this.runControl(s, p, false));
        return reply(200, out);
      }
      case 'heartbeat':
      case 'msg':
        return reply(200, ['REQOK']);
      default:
        return reply(404, []);
    }
  }

  /** Takes over an HTTP upgrade on `/lightstreamer`; anything else is refused. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(req.url ?? '/', 'http://sim.invalid');
    if (url.pathname !== STREAM_PATH) {
      socket.destroy();
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws, req));
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    for (const s of this.sessions.values()) s.close();
    this.sessions.clear();
    for (const ws of this.wss.clients) ws.terminate();
    this.wss.close();
  }

  private openEnv() {
    return {
      world: this.world,
      maintenance: this.inMaintenance,
      keepaliveMs: this.keepaliveMs,
      newSessionId: () =>
        `S${h32(this.opts.seed, 0x57e4, ++this.counter)
          .toString(16)
          .padStart(8, '0')}${this.counter.toString(36)}`,
    };
  }

  private accept(ws: WebSocket, req: IncomingMessage): void {
    let session: StreamSession | undefined;
    const version = ws.protocol.replace(/\.lightstreamer\.com$/, '') || 'TLCP-2.1.0';
    ws.on('message', (data) => {
      const { name, requests } = parseWsRequest(data.toString());
      const p = requests[0] ?? new Map<string, string>();
      for (const r of requests.length ? requests : [p]) this.logRequest('WS', name, r);
      if (name === 'wsok') return void ws.send('WSOK\r\n');
      if (name === 'create_session' || name === 'bind_session') {
        const refused = protocolError(version);
        if (refused) return this.refuse(ws, refused);
        const s = name === 'create_session' ? openSession(this.openEnv(), p) : this.rebind(p);
        if (typeof s === 'string') return this.refuse(ws, s);
        if (name === 'create_session') this.add(s);
        session = s;
        s.bind(ws);
        ws.send(`${conok(s, clientIp(req)).join('\r\n')}\r\n`);
        s.setStalled(this.stalled);
        s.flush();
        return;
      }
      if (name === 'control' && session) {
        const s = session;
        const lines = requests.flatMap((r) => this.runControl(s, r, true));
        if (lines.length) s.send(...lines);
      }
    });
    ws.on('close', () => {
      if (session && session.socket === ws) this.drop(session, () => session?.close());
    });
    ws.on('error', () => ws.terminate());
  }

  private rebind(p: Map<string, string>): StreamSession | string {
    const s = this.sessions.get(p.get('LS_session') ?? '');
    if (!s || s.closed || s.socket || p.has('LS_recovery_from')) return 'CONERR,20,Session not found';
    s.keepaliveMs = keepalive(p, s.keepaliveMs);
    return s;
  }

  private refuse(ws: WebSocket, line: string): void {
    ws.send(`${line}\r\n`);
    ws.close();
  }

  /** Runs one control request; over the socket every line goes on the stream, over HTTP only the reply returns. */
  private runControl(s: StreamSession, p: Map<string, string>, viaSocket: boolean): string[] {
    const r = control(this.world, s, p);
    if (r.destroy) {
      this.drop(s, () => {
        if (viaSocket) s.socket?.send(`${r.reply.join('\r\n')}\r\n`);
        s.close();
      });
      return viaSocket ? [] : r.reply;
    }
    if (viaSocket) return [...r.reply, ...r.stream];
    s.send(...r.stream);
    return r.reply;
  }

  private add(s: StreamSession): void {
    this.sessions.set(s.id, s);
    this.timer ??= setInterval(() => this.tick(), PASS_MS);
    this.timer.unref?.();
  }

  private drop(s: StreamSession, how: () => void): void {
    how();
    this.sessions.delete(s.id);
    if (this.sessions.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  private tick(): void {
    const real = Date.now();
    for (const s of [...this.sessions.values()]) {
      if (!s.socket && real - s.createdAt > UNBOUND_TTL_MS) this.drop(s, () => s.close());
      else if (!tokensValid(this.world, s)) this.drop(s, () => s.end(31, 'Session tokens are no longer valid'));
    }
    this.pump.pass(this.sessions.values(), real);
  }

  private logRequest(method: string, name: string, p: Map<string, string>, url?: URL): void {
    const q = new URLSearchParams(url?.searchParams);
    for (const [k, v] of p) q.set(k, v);
    const entry = this.log.add(method, `${STREAM_PATH}/${name}`, 0, q, this.world.now());
    entry.status = 200;
  }
}
