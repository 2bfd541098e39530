import type { WebSocket } from 'ws';
import { encodeUpdate, type Value } from './encode';
import type { Item, Mode } from './items';
import type { Fields } from './values';

export interface Subscription {
  subId: number;
  mode: Mode;
  items: Item[];
  fields: string[];
  /** The values last sent per item (index as in `items`); undefined until the first update. */
  last: (Value[] | undefined)[];
}

export interface SessionInfo {
  id: string;
  accountId: string;
  bound: boolean;
  stalled: boolean;
  /** `U` lines the update passes have sent on this session. */
  updatesSent: number;
  subscriptions: { subId: number; mode: Mode; items: string[]; fields: string[] }[];
}

/** One Lightstreamer session: its account, tokens, subscriptions and the socket it streams on. */
export class StreamSession {
  readonly subscriptions = new Map<number, Subscription>();
  socket: WebSocket | undefined;
  /** Lines written before the socket is bound, or while stalled. */
  private held: string[] = [];
  stalled = false;
  /** Real time of the last line sent (for PROBE). */
  lastSent = Date.now();
  closed = false;
  updatesSent = 0;

  constructor(
    readonly id: string,
    readonly accountId: string,
    readonly cst: string,
    readonly xst: string,
    public keepaliveMs: number,
    readonly createdAt = Date.now(),
  ) {}

  send(...lines: string[]): void {
    if (this.closed || lines.length === 0) return;
    if (!this.socket || this.stalled) {
      this.held.push(...lines);
      return;
    }
    this.socket.send(`${lines.join('\r\n')}\r\n`);
    this.lastSent = Date.now();
  }

  /** Keepalive: PROBE passes a stall (it is all a stalled server sends). */
  probe(now = Date.now()): void {
    if (this.closed || !this.socket || now - this.lastSent < this.keepaliveMs) return;
    this.socket.send('PROBE\r\n');
    this.lastSent = now;
  }

  bind(socket: WebSocket): void {
    this.socket = socket;
  }

  setStalled(on: boolean): void {
    this.stalled = on;
    if (!on) this.flush();
  }

  flush(): void {
    const lines = this.held;
    this.held = [];
    this.send(...lines);
  }

  /**
   * The `U` line of item `index` when its values differ from those last sent (all fields the first time);
   * `event` sends it even unchanged (a DISTINCT event is never merged away).
   */
  update(sub: Subscription, index: number, fields: Fields, event = false): string | undefined {
    const next = sub.fields.map((f) => fields[f] ?? null);
    const encoded = encodeUpdate(sub.last[index], next) ?? (event ? '|'.repeat(next.length - 1) : undefined);
    if (encoded === undefined) return undefined;
    sub.last[index] = next;
    return `U,${sub.subId},${index + 1},${encoded}`;
  }

  /** END passes a stall: the server closes the session whatever it was doing. */
  end(code: number, message: string): void {
    if (this.closed) return;
    this.socket?.send(`END,${code},${message}\r\n`);
    this.close();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.held = [];
    this.socket?.close();
  }

  info(): SessionInfo {
    return {
      id: this.id,
      accountId: this.accountId,
      bound: this.socket !== undefined,
      stalled: this.stalled,
      updatesSent: this.updatesSent,
      subscriptions: [...this.subscriptions.values()].map((s) => ({
        subId: s.subId,
        mode: s.mode,
        items: s.items.map((i) => i.name),
        fields: [...s.fields],
      })),
    };
  }
}
