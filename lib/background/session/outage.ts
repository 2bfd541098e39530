// When the trading service cannot be logged in to (IG's weekend maintenance kills every token, then answers
// logins with a server error), requests are held back for a growing pause instead of being repeated into a
// wall of errors: the first 2xx ends it. Only logins count: a read's server error is the transport's to
// retry, and without a login nothing works anyway. A held-back request never leaves: it is answered here,
// as a 503 with its own code, so every caller sees an ordinary service error. Times follow the background's
// clock.
import { i18n } from '#i18n';

export const RESTING_CODE = 'client.service-resting';
/** Failed logins in a row before requests are held back (one is a blip). */
export const FAILURES_BEFORE_PAUSE = 2;
/** A login (v2/v3), a token refresh or the login's encryption key. */
const LOGIN = /\/session(\/refresh-token|\/encryptionKey)?$/;

function isLogin(input: RequestInfo | URL, init: RequestInit | undefined): boolean {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const method = (
    init?.method ?? (typeof input === 'object' && 'method' in input ? input.method : 'GET')
  ).toUpperCase();
  const path = new URL(url).pathname;
  return LOGIN.test(path) && (method === 'POST' || path.endsWith('/encryptionKey'));
}
export const FIRST_PAUSE_MS = 15_000;
/** The longest pause: a service back after maintenance is found within this. */
export const MAX_PAUSE_MS = 15 * 60_000;

export function pauseMs(failures: number): number {
  if (failures < FAILURES_BEFORE_PAUSE) return 0;
  return Math.min(MAX_PAUSE_MS, FIRST_PAUSE_MS * 2 ** (failures - FAILURES_BEFORE_PAUSE));
}

/** IG's weekend, generously (UTC): from Friday 20:00, when its markets close, to Sunday 23:00, after they reopen. */
export function isIgWeekend(ms: number): boolean {
  const d = new Date(ms);
  const day = d.getUTCDay();
  const hour = d.getUTCHours();
  return (day === 5 && hour >= 20) || day === 6 || (day === 0 && hour < 23);
}

/** What the user reads while IG is down for its weekend maintenance. */
export const weekendReason = () => i18n.t('workerError.weekend');
/** What the user reads while IG does not answer at another time. */
export const downReason = () => i18n.t('workerError.down');

export class ServiceOutage {
  private failures = 0;
  private until = 0;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly now: () => number) {}

  /** Whether the service is failing now (a reason to show), whether or not a request may go. */
  get failing(): boolean {
    return this.failures >= FAILURES_BEFORE_PAUSE;
  }

  /** Until when requests are held back (0 or past: they may go). */
  restingUntil(): number {
    return this.until;
  }

  resting(): boolean {
    return this.now() < this.until;
  }

  /** What the user reads while the service is failing, or null when it is not. */
  reason(): string | null {
    if (!this.failing) return null;
    return isIgWeekend(this.now()) ? weekendReason() : downReason();
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A fetch that holds requests back while resting and learns from every reply. */
  wrap(inner: typeof fetch): typeof fetch {
    return async (input, init) => {
      if (this.resting()) {
        return new Response(JSON.stringify({ errorCode: RESTING_CODE }), {
          status: 503,
          headers: { 'Content-Type': 'application/json; charset=UTF-8' },
        });
      }
      const reply = await inner(input, init);
      if (reply.status >= 500 && isLogin(input, init)) this.failed();
      else if (reply.ok) this.recovered();
      return reply;
    };
  }

  private failed() {
    const was = this.failing;
    this.failures++;
    this.until = this.now() + pauseMs(this.failures);
    if (this.failing !== was) this.changed();
  }

  private recovered() {
    if (this.failures === 0) return;
    const was = this.failing;
    this.failures = 0;
    this.until = 0;
    if (was) this.changed();
  }

  private changed() {
    for (const l of this.listeners) l();
  }
}
