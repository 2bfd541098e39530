import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import { h32 } from '../random';
import type { RequestLog } from '../request-log';
import type { World } from '../world';
import { parseWsRequest } from './encode';
import { clientIp, handleStreamHttp, STREAM_PATH } from './http';
import { conok, control, keepalive, type OpenEnv, openSession, protocolError, sessionAlive } from './protocol';
import { Pump, type SentUpdate, TickWatch } from './pump';
import type { SessionInfo, StreamSession } from './session';
import { TradeWatcher } from './trades';

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
  /** While stalled, sessions send nothing but PROBE; held TRADE events and replies follow when the stall ends. */
  stall(on: boolean): void;
  /** Ends every session with `END,<code>,<message>` (default 31, final for the clients; 41 and 48 make them retry). */
  endSessions(code?: number, message?: string): number;
  /** Maintenance (IG's Saturdays): new sessions are refused with `CONERR,10`. */
  maintenance(on: boolean): void;
  /** Starts (afresh) or stops recording each MERGE update the passes write to a socket, with its send time. */
  recordSends(on: boolean): void;
  /** What was recorded since recording started (empty when not recording). */
  sends(): SentUpdate[];
  state(): StreamState;
}

export interface StreamOptions {
  seed: number;
  /** PROBE interval when the client asks none (ms, default 5000, as IG). */
  keepaliveMs?: number;
}

/** One WebSocket: its TLCP version (from the subprotocol) and the session it streams, once created or bound. */
interface Connection {
  ws: WebSocket;
  ip: string;
  version: string;
  session?: StreamSession;
}

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
  private sent: SentUpdate[] = [];

  constructor(
    private readonly world: World,
    private readonly log: RequestLog,
    private readonly opts: StreamOptions,
  ) {
    this.keepaliveMs = opts.keepaliveMs ?? 5000;
    this.trades = new TradeWatcher(world);
    this.pump = new Pump(world, new TickWatch(world), this.trades);
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
    recordSends: (on) => {
      this.sent = [];
      this.pump.record = on ? (sent) => this.sent.push(...sent) : null;
    },
    sends: () => [...this.sent],
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
    this.control.recordSends(false);
    this.trades.rebase();
  }

  handles(url: URL): boolean {
    return url.pathname === STREAM_PATH || url.pathname.startsWith(`${STREAM_PATH}/`);
  }

  session(id: string): StreamSession | undefined {
    return this.sessions.get(id);
  }

  /** Serves `/lightstreamer/{create_session,bind_session,control,heartbeat,msg}.txt`. */
  handleHttp(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    return handleStreamHttp(this, req, res, url);
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

  /** What opening a session needs, as of now (maintenance may change). */
  openEnv(): OpenEnv {
    return {
      world: this.world,
      maintenance: this.inMaintenance || this.world.maintenance.at(this.world.now()) !== undefined,
      keepaliveMs: this.keepaliveMs,
      newSessionId: () =>
        `S${h32(this.opts.seed, 0x57e4, ++this.counter)
          .toString(16)
          .padStart(8, '0')}${this.counter.toString(36)}`,
    };
  }

  private accept(ws: WebSocket, req: IncomingMessage): void {
    const conn: Connection = { ws, ip: clientIp(req), version: ws.protocol.replace(/\.lightstreamer\.com$/, '') };
    ws.on('message', (data) => {
      try {
        this.onMessage(conn, data.toString());
      } catch (err) {
        process.stderr.write(`sim stream: request failed: ${err instanceof Error ? err.message : String(err)}\n`);
        ws.terminate();
      }
    });
    ws.on('close', () => {
      const s = conn.session;
      if (s && s.socket === ws) this.drop(s, () => s.close());
    });
    ws.on('error', () => ws.terminate());
  }

  private onMessage(conn: Connection, text: string): void {
    const { ws } = conn;
    const { name, requests } = parseWsRequest(text);
    const p = requests[0] ?? new Map<string, string>();
    for (const r of requests.length ? requests : [p]) this.logRequest('WS', name, r);
    if (name === 'wsok') return void ws.send('WSOK\r\n');
    if (name === 'create_session' || name === 'bind_session') {
      const refused = protocolError(conn.version || undefined);
      if (refused) return void this.refuse(ws, refused);
      const s = name === 'create_session' ? openSession(this.openEnv(), p) : this.rebind(p);
      if (typeof s === 'string') return void this.refuse(ws, s);
      if (name === 'create_session') this.add(s);
      conn.session = s;
      s.bind(ws);
      ws.send(`${conok(s, conn.ip).join('\r\n')}\r\n`);
      s.setStalled(this.stalled);
      s.flush();
      return;
    }
    const s = conn.session;
    if (name === 'control' && s) {
      const lines = requests.flatMap((r) => this.runControl(s, r, true));
      if (lines.length) s.send(...lines);
    }
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
  runControl(s: StreamSession, p: Map<string, string>, viaSocket: boolean): string[] {
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

  /** Registers a session and starts the update passes (deals made while nobody streamed raise no TRADE events). */
  add(s: StreamSession): void {
    this.sessions.set(s.id, s);
    if (this.timer) return;
    this.trades.rebase();
    this.timer = setInterval(() => this.tick(), PASS_MS);
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
    try {
      this.pass();
    } catch (err) {
      process.stderr.write(`sim stream: update pass failed: ${err instanceof Error ? err.message : String(err)}\n`);
    }
  }

  private pass(): void {
    const real = Date.now();
    // A maintenance window opening (the clock may jump into one) kills every token: the sessions end below.
    this.world.maintenance.at(this.world.now());
    for (const s of [...this.sessions.values()]) {
      if (!s.socket && real - s.createdAt > UNBOUND_TTL_MS) this.drop(s, () => s.close());
      else if (!sessionAlive(this.world, s)) this.drop(s, () => s.end(31, 'Session closed: logged out or maintenance'));
    }
    this.pump.pass(this.sessions.values(), real);
  }

  /** Streaming requests go into the simulator's request log, secrets masked. */
  logRequest(method: string, name: string, p: Map<string, string>, url?: URL): void {
    const q = new URLSearchParams(url?.searchParams);
    for (const [k, v] of p) q.set(k, v);
    const entry = this.log.add(method, `${STREAM_PATH}/${name}`, 0, q, this.world.now());
    entry.status = 200;
  }
}
