// The client-side rate budget: sliding one-minute windows for trading, per-account non-trading and
// per-application requests, and the weekly historical-price points. A request is sent only when
// every window it counts against has room; otherwise it waits (up to maxWaitMs) or is refused with
// a RateLimitError carrying retry-after, so the budget is never overdrawn.

import { RateLimitError } from './errors';

export interface Allowances {
  /** Per-account trading requests (create/amend positions and working orders) per minute. */
  tradingPerMinute: number;
  /** Per-account non-trading requests per minute. */
  nonTradingPerMinute: number;
  /** Per-application non-trading requests per minute. */
  appPerMinute: number;
  /** Historical price points per week. */
  historicalPointsPerWeek: number;
}

/** Live defaults (reference §5.1). */
export const LIVE_ALLOWANCES: Allowances = Object.freeze({
  tradingPerMinute: 100,
  nonTradingPerMinute: 30,
  appPerMinute: 60,
  historicalPointsPerWeek: 10_000,
});

/** Demo keys are lower (reference §5.2). */
export const DEMO_ALLOWANCES: Allowances = Object.freeze({
  tradingPerMinute: 33,
  nonTradingPerMinute: 10,
  appPerMinute: 20,
  historicalPointsPerWeek: 10_000,
});

export type RequestClass = 'trading' | 'nonTrading';

export interface WindowState {
  limit: number;
  used: number;
  remaining: number;
  /** Milliseconds until the oldest counted request leaves the window (0 when nothing is counted). */
  resetInMs: number;
}

export interface RateBudgetState {
  trading: WindowState;
  nonTrading: WindowState;
  app: WindowState;
  historical: { limit: number; used: number; remaining: number; resetAt: number | null };
  /** Requests currently waiting for room. */
  waiting: number;
  /** True while any window has used part of its allowance or a request waits. */
  inUse: boolean;
}

/** What the budget has counted (request times per one-minute window, the week's price points) and its limits. */
export interface BudgetCounts {
  trading: number[];
  nonTrading: number[];
  app: number[];
  historical: { used: number; resetAt: number | null };
  /** The allowances in force, e.g. adopted from the service's application record. */
  limits?: Allowances;
}

/** Keeps the counts where a restarted worker finds them (the background: storage.session). */
export interface BudgetStore {
  load(): Promise<BudgetCounts | null>;
  save(counts: BudgetCounts): Promise<void>;
}

export interface RateBudgetOptions {
  allowances?: Partial<Allowances>;
  now?: () => number;
  /** The longest a request may wait for room before it is refused. Default 15 s. */
  maxWaitMs?: number;
  /** Where the counts are kept; read before the first request, written before each request leaves. */
  store?: BudgetStore;
}

const MINUTE = 60_000;
const WEEK = 7 * 24 * 60 * MINUTE;

class Window {
  readonly stamps: number[] = [];
  constructor(public limit: number) {}
  restore(stamps: unknown, now: number) {
    if (!Array.isArray(stamps)) return;
    const valid = stamps.filter((t): t is number => typeof t === 'number' && t > now - MINUTE && t <= now);
    this.stamps.push(...valid);
    this.stamps.sort((a, b) => a - b);
  }
  prune(now: number) {
    while (this.stamps.length > 0 && (this.stamps[0] ?? 0) <= now - MINUTE) this.stamps.shift();
  }
  waitMs(now: number): number {
    this.prune(now);
    if (this.stamps.length < this.limit) return 0;
    const oldest = this.stamps[this.stamps.length - this.limit] ?? now;
    return Math.max(1, oldest + MINUTE - now);
  }
  state(now: number): WindowState {
    this.prune(now);
    const used = this.stamps.length;
    const first = this.stamps[0];
    return {
      limit: this.limit,
      used,
      remaining: Math.max(0, this.limit - used),
      resetInMs: first === undefined ? 0 : Math.max(0, first + MINUTE - now),
    };
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export class RateBudget {
  private readonly trading: Window;
  private readonly nonTrading: Window;
  private readonly app: Window;
  private historicalLimit: number;
  private historicalUsed = 0;
  private historicalResetAt: number | null = null;
  private waiting = 0;
  private readonly now: () => number;
  private readonly maxWaitMs: number;
  private readonly store: BudgetStore | undefined;
  private restored: Promise<void> | null = null;
  private saving: Promise<void> = Promise.resolve();
  private queued: Promise<void> | null = null;

  constructor(options: RateBudgetOptions = {}) {
    const a = { ...LIVE_ALLOWANCES, ...options.allowances };
    this.trading = new Window(a.tradingPerMinute);
    this.nonTrading = new Window(a.nonTradingPerMinute);
    this.app = new Window(a.appPerMinute);
    this.historicalLimit = a.historicalPointsPerWeek;
    this.now = options.now ?? Date.now;
    this.maxWaitMs = options.maxWaitMs ?? 15_000;
    this.store = options.store;
  }

  /** Adds what the store counted (e.g. before a worker restart) to this budget's counts, once. */
  restore(): Promise<void> {
    const store = this.store;
    if (!store) return Promise.resolve();
    this.restored ??= store
      .load()
      .then((counts) => {
        if (!counts) return;
        const now = this.now();
        if (counts.limits && typeof counts.limits === 'object') this.adopt(counts.limits);
        this.trading.restore(counts.trading, now);
        this.nonTrading.restore(counts.nonTrading, now);
        this.app.restore(counts.app, now);
        const h = counts.historical;
        if (h && typeof h.used === 'number' && typeof h.resetAt === 'number' && h.resetAt > now) {
          this.historicalUsed = Math.max(this.historicalUsed, h.used);
          this.historicalResetAt = Math.max(this.historicalResetAt ?? 0, h.resetAt);
        }
      })
      .catch(() => undefined);
    return this.restored;
  }

  /** Resolves once every count so far is in the store. */
  saved(): Promise<void> {
    return this.saving;
  }

  /**
   * Writes the counts and limits, after what the store held has been read back (so nothing is overwritten). A write
   * not yet started takes the counts as they are when it starts, so requests counted meanwhile wait for it instead
   * of each queueing a write of its own (four requests at once: two writes, not four).
   */
  private persist(): Promise<void> {
    const store = this.store;
    if (!store) return Promise.resolve();
    if (this.queued) return this.queued;
    const write = this.saving
      .then(async () => {
        this.queued = null;
        await this.restore();
        const now = this.now();
        for (const w of [this.trading, this.nonTrading, this.app]) w.prune(now);
        await store.save({
          trading: [...this.trading.stamps],
          nonTrading: [...this.nonTrading.stamps],
          app: [...this.app.stamps],
          historical: { used: this.historicalUsed, resetAt: this.historicalResetAt },
          limits: {
            tradingPerMinute: this.trading.limit,
            nonTradingPerMinute: this.nonTrading.limit,
            appPerMinute: this.app.limit,
            historicalPointsPerWeek: this.historicalLimit,
          },
        });
      })
      .catch(() => undefined);
    this.queued = write;
    this.saving = write;
    return write;
  }

  setAllowances(a: Partial<Allowances>): void {
    this.adopt(a);
    void this.persist();
  }

  private adopt(a: Partial<Allowances> | undefined): void {
    const positive = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0;
    if (positive(a?.tradingPerMinute)) this.trading.limit = a.tradingPerMinute;
    if (positive(a?.nonTradingPerMinute)) this.nonTrading.limit = a.nonTradingPerMinute;
    if (positive(a?.appPerMinute)) this.app.limit = a.appPerMinute;
    if (positive(a?.historicalPointsPerWeek)) this.historicalLimit = a.historicalPointsPerWeek;
  }

  /** Adopt the allowances of an application record from GET /operations/application. */
  applyApplication(app: {
    allowanceAccountTrading?: number | null;
    allowanceAccountOverall?: number | null;
    allowanceApplicationOverall?: number | null;
    allowanceAccountHistoricalData?: number | null;
  }): void {
    this.setAllowances({
      tradingPerMinute: app.allowanceAccountTrading ?? undefined,
      nonTradingPerMinute: app.allowanceAccountOverall ?? undefined,
      appPerMinute: app.allowanceApplicationOverall ?? undefined,
      historicalPointsPerWeek: app.allowanceAccountHistoricalData ?? undefined,
    });
  }

  private windowsFor(kind: RequestClass): Window[] {
    return kind === 'trading' ? [this.trading] : [this.nonTrading, this.app];
  }

  /** Take a slot now if every window has room; otherwise return how long to wait. */
  tryAcquire(kind: RequestClass): number {
    const now = this.now();
    const windows = this.windowsFor(kind);
    const wait = Math.max(0, ...windows.map((w) => w.waitMs(now)));
    if (wait === 0) for (const w of windows) w.stamps.push(now);
    return wait;
  }

  /** Wait for a slot; refuses with RateLimitError when the wait would exceed maxWaitMs. */
  async acquire(kind: RequestClass, signal?: AbortSignal, label?: string): Promise<void> {
    if (this.store) await this.restore();
    let waited = 0;
    for (;;) {
      const wait = this.tryAcquire(kind);
      if (wait === 0) return this.persist();
      if (waited + wait > this.maxWaitMs) {
        throw new RateLimitError(`Rate budget for ${kind} requests is used up; retry in ${Math.ceil(wait / 1000)} s`, {
          errorCode: 'client.rate-budget-exhausted',
          retryAfterMs: wait,
          label,
        });
      }
      this.waiting++;
      try {
        await sleep(wait, signal);
      } finally {
        this.waiting--;
      }
      waited += wait;
    }
  }

  private rollHistorical(now: number) {
    if (this.historicalResetAt !== null && now >= this.historicalResetAt) {
      this.historicalUsed = 0;
      this.historicalResetAt = null;
    }
  }

  /** Throws when the weekly historical allowance has nothing left. */
  checkHistorical(label?: string): void {
    const now = this.now();
    this.rollHistorical(now);
    if (this.historicalUsed >= this.historicalLimit) {
      const retryAfterMs = this.historicalResetAt === null ? WEEK : this.historicalResetAt - now;
      throw new RateLimitError('The weekly allowance of historical price points is used up', {
        errorCode: 'client.historical-allowance-exhausted',
        retryAfterMs,
        label,
      });
    }
  }

  recordHistorical(points: number): void {
    const now = this.now();
    this.rollHistorical(now);
    if (this.historicalResetAt === null) this.historicalResetAt = now + WEEK;
    this.historicalUsed += Math.max(0, points);
    void this.persist();
  }

  /** Adopt the service's own count (`allowance` / `metadata.allowance` of a prices reply). */
  syncHistorical(allowance: {
    remainingAllowance?: number | null;
    totalAllowance?: number | null;
    allowanceExpiry?: number | null;
  }): void {
    const now = this.now();
    if (typeof allowance.totalAllowance === 'number' && allowance.totalAllowance > 0) {
      this.historicalLimit = allowance.totalAllowance;
    }
    if (typeof allowance.remainingAllowance === 'number') {
      this.historicalUsed = Math.max(0, this.historicalLimit - allowance.remainingAllowance);
    }
    if (typeof allowance.allowanceExpiry === 'number') this.historicalResetAt = now + allowance.allowanceExpiry * 1000;
    void this.persist();
  }

  state(): RateBudgetState {
    const now = this.now();
    this.rollHistorical(now);
    const trading = this.trading.state(now);
    const nonTrading = this.nonTrading.state(now);
    const app = this.app.state(now);
    return {
      trading,
      nonTrading,
      app,
      historical: {
        limit: this.historicalLimit,
        used: this.historicalUsed,
        remaining: Math.max(0, this.historicalLimit - this.historicalUsed),
        resetAt: this.historicalResetAt,
      },
      waiting: this.waiting,
      inUse: this.waiting > 0 || trading.used + nonTrading.used + app.used > 0,
    };
  }
}
