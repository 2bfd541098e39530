// Keeps one stream connection alive and says how it is: Live, Reconnecting… or Delayed (polling) with
// why. A watchdog tears the client down and reconnects with back-off when nothing (no update, no
// heartbeat) arrived for 30 s or the client sits disconnected; a refused session (CONERR 1) logs in
// again over REST first; a refused protocol (CONERR 65) or repeated failures fall back to polling and
// try streaming again later. Clock and timers are injected: tests drive them by hand.
import { i18n } from '#i18n';

import type { StreamLink, StreamSubscription, StreamUpdate } from './link';
import { diffSubscriptions } from './plan';
import { StreamUnavailable } from './unavailable';

export type StreamState =
  | { mode: 'off' }
  | { mode: 'connecting' }
  | { mode: 'live' }
  | { mode: 'reconnecting'; reason: string }
  | { mode: 'polling'; reason: string; retryAt: number };

export interface StreamCredentials {
  endpoint: string;
  user: string;
  password: string;
}

export { StreamUnavailable };

export const SILENCE_MS = 30_000;
export const STUCK_MS = 20_000;
export const CHECK_EVERY_MS = 5_000;

/** A client status that carries data (not still sensing which transport works). */
const streaming = (status: string) => status.startsWith('CONNECTED:') && status !== 'CONNECTED:STREAM-SENSING';
/** Failed connections in a row before falling back to polling. */
export const MAX_FAILURES = 3;
export const RETRY_STREAM_MS = 5 * 60_000;
export const RETRY_AFTER_REFUSAL_MS = 30 * 60_000;
/** Lightstreamer's CONERR 10: the server is not taking sessions (IG's Saturday maintenance). */
const MAINTENANCE = 10;

export function reconnectDelayMs(failures: number): number {
  return Math.min(30_000, 1_000 * 2 ** Math.max(0, failures - 1));
}

export interface SupervisorDeps {
  /** A fresh link per connection: a torn-down link is never used again. */
  createLink(): StreamLink | Promise<StreamLink>;
  /** Endpoint, user and password; `relogin` asks for a new REST session first. */
  credentials(relogin: boolean): Promise<StreamCredentials>;
  onState(state: StreamState): void;
  onUpdate(update: StreamUpdate): void;
  /** Items whose subscription the service refused (e.g. an epic without streaming prices). */
  onRefused?(sub: StreamSubscription, code: number): void;
  now(): number;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  /** Shorter watchdog times for tests against a real server. */
  timing?: Partial<Timing>;
}

export interface Timing {
  silenceMs: number;
  stuckMs: number;
  checkEveryMs: number;
}

export class StreamSupervisor {
  private state: StreamState = { mode: 'off' };
  private link: StreamLink | null = null;
  private generation = 0;
  private desired: StreamSubscription[] = [];
  private active = new Map<string, StreamSubscription>();
  private failures = 0;
  private reloggedIn = false;
  private lastActivity = 0;
  private status = 'DISCONNECTED';
  private statusSince = 0;
  private retryTimer: unknown = null;
  private watchTimer: unknown = null;
  /** Trying the stream again from polling: polling stays what the user sees until the stream is live. */
  private retrying = false;

  private readonly timing: Timing;

  constructor(private readonly deps: SupervisorDeps) {
    this.timing = { silenceMs: SILENCE_MS, stuckMs: STUCK_MS, checkEveryMs: CHECK_EVERY_MS, ...deps.timing };
  }

  get current(): StreamState {
    return this.state;
  }

  /** What should be subscribed; applied now when connected, or on the next connection. */
  want(subs: StreamSubscription[]): void {
    this.desired = subs;
    if (this.link && this.status.startsWith('CONNECTED')) this.apply(this.link);
  }

  start(): void {
    if (this.state.mode !== 'off') return;
    this.failures = 0;
    this.connect('connecting');
  }

  stop(): void {
    this.teardown();
    this.clearRetry();
    this.setState({ mode: 'off' });
  }

  private setState(next: StreamState) {
    const same = JSON.stringify(next) === JSON.stringify(this.state);
    this.state = next;
    if (!same) this.deps.onState(next);
  }

  private clearRetry() {
    if (this.retryTimer !== null) this.deps.clearTimer(this.retryTimer);
    this.retryTimer = null;
  }

  private teardown() {
    this.generation++;
    if (this.watchTimer !== null) this.deps.clearTimer(this.watchTimer);
    this.watchTimer = null;
    const link = this.link;
    this.link = null;
    this.active.clear();
    this.status = 'DISCONNECTED';
    if (link) {
      try {
        link.disconnect();
      } catch {
        // A link that failed to start has nothing to close.
      }
    }
  }

  private connect(shown: 'connecting' | 'polling' | { reason: string }, relogin = false) {
    this.teardown();
    this.clearRetry();
    this.retrying = shown === 'polling';
    if (shown === 'connecting') this.setState({ mode: 'connecting' });
    else if (shown !== 'polling') this.setState({ mode: 'reconnecting', reason: shown.reason });
    const generation = this.generation;
    void (async () => {
      const creds = await this.deps.credentials(relogin);
      const link = await this.deps.createLink();
      if (generation !== this.generation) {
        link.disconnect();
        return;
      }
      this.link = link;
      this.status = 'DISCONNECTED';
      this.listen(link, generation);
      this.lastActivity = this.deps.now();
      this.statusSince = this.lastActivity;
      link.connect(creds.endpoint, creds.user, creds.password);
      this.watch(generation);
    })().catch((err: unknown) => {
      if (generation !== this.generation) return;
      if (err instanceof StreamUnavailable && err.quiet) this.stop();
      else if (err instanceof StreamUnavailable) this.fallBack(err.message, err.retryInMs ?? RETRY_STREAM_MS);
      else this.failed(i18n.t('workerError.streamSignInFailed'));
    });
  }

  private listen(link: StreamLink, generation: number) {
    const mine = () => generation === this.generation;
    link.onStatus((status) => {
      if (!mine()) return;
      // Stuck is measured from when the client last stopped streaming: one that keeps going round
      // CONNECTING, STREAM-SENSING and WILL-RETRY (its WebSocket refused, say) never gets anywhere either.
      if (streaming(status) !== streaming(this.status)) this.statusSince = this.deps.now();
      this.status = status;
      this.lastActivity = this.deps.now();
      // The client recovers a dropped connection on its own; meanwhile the user sees it reconnecting.
      if (status.startsWith('DISCONNECTED') && this.state.mode === 'live')
        this.setState({ mode: 'reconnecting', reason: i18n.t('workerError.connectionDropped') });
      if (streaming(status)) {
        this.retrying = false;
        this.setState({ mode: 'live' });
        this.apply(link);
      }
    });
    link.onUpdate((update) => {
      if (!mine()) return;
      this.lastActivity = this.deps.now();
      this.failures = 0;
      this.reloggedIn = false;
      this.deps.onUpdate(update);
    });
    link.onServerError((code) => {
      if (!mine()) return;
      if (code === 1 && !this.reloggedIn) {
        this.reloggedIn = true;
        this.connect(this.retrying ? 'polling' : { reason: i18n.t('workerError.streamSigningIn') }, true);
      } else if (code === 1) this.fallBack(i18n.t('workerError.streamRefusedSession'), RETRY_STREAM_MS);
      else if (code === 65) this.fallBack(i18n.t('workerError.streamRefusedVersion'), RETRY_AFTER_REFUSAL_MS);
      else if (code === MAINTENANCE) this.fallBack(i18n.t('workerError.streamMaintenance'), RETRY_STREAM_MS);
      else this.failed(i18n.t('workerError.streamClosed', { code: String(code) }));
    });
    link.onSubscriptionError?.((subId, code) => {
      if (!mine()) return;
      const sub = this.active.get(subId);
      this.active.delete(subId);
      if (sub) this.deps.onRefused?.(sub, code);
    });
  }

  private apply(link: StreamLink) {
    const { subscribe, unsubscribe } = diffSubscriptions(this.active.values(), this.desired);
    for (const id of unsubscribe) {
      link.unsubscribe(id);
      this.active.delete(id);
    }
    for (const sub of subscribe) {
      link.subscribe(sub);
      this.active.set(sub.id, sub);
    }
  }

  private watch(generation: number) {
    this.watchTimer = this.deps.setTimer(() => {
      this.watchTimer = null;
      if (generation !== this.generation) return;
      const now = this.deps.now();
      const connected = streaming(this.status);
      if (connected && now - this.lastActivity >= this.timing.silenceMs)
        return this.failed(
          i18n.t('workerError.streamSilent', { seconds: String(Math.round(this.timing.silenceMs / 1000)) }),
        );
      if (!connected && now - this.statusSince >= this.timing.stuckMs)
        return this.failed(i18n.t('workerError.streamNotConnecting'));
      this.watch(generation);
    }, this.timing.checkEveryMs);
  }

  private failed(reason: string) {
    this.teardown();
    this.failures++;
    if (this.failures >= MAX_FAILURES || this.retrying) return this.fallBack(reason, RETRY_STREAM_MS);
    this.setState({ mode: 'reconnecting', reason });
    this.retryTimer = this.deps.setTimer(() => {
      this.retryTimer = null;
      this.connect({ reason });
    }, reconnectDelayMs(this.failures));
  }

  private fallBack(reason: string, retryInMs: number) {
    this.teardown();
    this.clearRetry();
    this.failures = 0;
    this.reloggedIn = false;
    this.setState({ mode: 'polling', reason, retryAt: this.deps.now() + retryInMs });
    this.retryTimer = this.deps.setTimer(() => {
      this.retryTimer = null;
      this.connect('polling');
    }, retryInMs);
  }
}
