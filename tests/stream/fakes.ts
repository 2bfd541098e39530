// A stream link the test drives by hand, and a clock whose timers run only when the test moves it.
import type { StreamLink, StreamSubscription, StreamUpdate } from '../../lib/stream/link';

export class FakeLink implements StreamLink {
  connected: { endpoint: string; user: string; password: string } | null = null;
  disconnected = false;
  readonly subs = new Map<string, StreamSubscription>();
  readonly log: string[] = [];
  private update: (u: StreamUpdate) => void = () => {};
  private status: (s: string) => void = () => {};
  private serverError: (code: number, message: string) => void = () => {};
  private subError: (id: string, code: number, message: string) => void = () => {};

  connect(endpoint: string, user: string, password: string) {
    this.connected = { endpoint, user, password };
    this.log.push('connect');
  }
  disconnect() {
    this.disconnected = true;
    this.log.push('disconnect');
  }
  subscribe(sub: StreamSubscription) {
    this.subs.set(sub.id, sub);
    this.log.push(`sub ${sub.id}`);
  }
  unsubscribe(id: string) {
    this.subs.delete(id);
    this.log.push(`unsub ${id}`);
  }
  onUpdate(fn: (u: StreamUpdate) => void) {
    this.update = fn;
  }
  onStatus(fn: (s: string) => void) {
    this.status = fn;
  }
  onServerError(fn: (code: number, message: string) => void) {
    this.serverError = fn;
  }
  onSubscriptionError(fn: (id: string, code: number, message: string) => void) {
    this.subError = fn;
  }

  goLive() {
    this.status('CONNECTING');
    this.status('CONNECTED:STREAM-SENSING');
    this.status('CONNECTED:WS-STREAMING');
  }
  setStatus(s: string) {
    this.status(s);
  }
  push(subId: string, item: string, changed: Record<string, string | null>) {
    this.update({ subId, item, changed });
  }
  refuse(code: number, message = 'refused') {
    this.serverError(code, message);
  }
  refuseSubscription(id: string, code: number) {
    this.subError(id, code, 'refused');
  }
}

export class FakeClock {
  t = 1_000_000;
  private timers = new Map<number, { at: number; fn: () => void }>();
  private next = 1;

  now = () => this.t;
  setTimer = (fn: () => void, ms: number) => {
    const id = this.next++;
    this.timers.set(id, { at: this.t + ms, fn });
    return id;
  };
  clearTimer = (handle: unknown) => {
    this.timers.delete(handle as number);
  };

  /** Move time on by `ms`, running each timer that falls due, in order. */
  async advance(ms: number) {
    const end = this.t + ms;
    for (let guard = 0; guard < 10_000; guard++) {
      const due = [...this.timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.t = due[1].at;
      due[1].fn();
      await flush();
    }
    this.t = end;
    await flush();
  }
}

export async function flush() {
  for (let i = 0; i < 5; i++) await new Promise<void>((r) => setImmediate(r));
}
