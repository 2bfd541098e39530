// The refresh engine. While a page is visible, the markets it shows refresh at the user's cadence
// (prices every few seconds, sentiment every few minutes), slowed down visibly when that would spend
// more than the engine's share of the rate budget, and backing off when the service says the allowance
// is used up. With no page open, an alarm keeps the pinned market's badge and the alerts current.
// Closed markets are only checked now and then. The engine keeps no state a restart would miss: what
// is fresh is decided from the cache's fetchedAt.
import { i18n } from '#i18n';

import { isApiError, RateLimitError } from '../api/errors';
import { SENTIMENT_BATCH_SIZE } from '../api/groups/sentiment';
import type { RateBudgetState } from '../api/rate-budget';
import type { MarketWatch } from '../background/sources/market-watch';
import type { BudgetView, Fresh, MarketQuote, Sentiment } from '../model';
import type { Prefs } from '../settings/registry';
import { backoffMs, type Cadence, CLOSED_CHECK_MS, cadenceFor, isClosed, roomNow } from './cadence';
import type { EngineHooks } from './hooks';
import type { WatchUnion } from './watch-set';

const BATCH = 50;
/** Refresh an entry a little before its age reaches the cadence, so timer jitter never skips a round. */
const SLACK_MS = 500;
/** After an unexpected failure (storage, not the service), try again after this long. */
const MIN_RETRY_MS = 5_000;

export interface EngineDeps {
  markets: MarketWatch;
  prefs(): Promise<Prefs>;
  /** The client's rate budget, or null before a client exists. */
  budget(): RateBudgetState | null;
  pinnedEpic(): Promise<string | null>;
  /** Show the pinned market's quote on the badge (null clears it). */
  showPinned(quote: MarketQuote | null): Promise<void>;
  throttleChanged(throttled: BudgetView['throttled']): void;
  reportError(err: unknown): void;
  hooks: EngineHooks[];
  /** Epics the stream keeps current: their prices are not polled. */
  streamed?(): ReadonlySet<string>;
  /** Until when the service is resting (failing, e.g. IG's weekend maintenance): nothing is polled before. */
  restingUntil?(): number;
  now(): number;
  setTimer?(fn: () => void, ms: number): unknown;
  clearTimer?(handle: unknown): void;
}

export interface TickResult {
  quotes: Fresh<MarketQuote>[];
  sentiment: Fresh<Sentiment>[];
  nextInMs: number;
}

function isAllowanceError(err: unknown): err is RateLimitError {
  return err instanceof RateLimitError || (isApiError(err) && /exceeded-.*allowance/.test(err.errorCode));
}

export class RefreshEngine {
  private watched: WatchUnion = { epics: [], marketIds: [] };
  private timer: unknown = null;
  private running: Promise<TickResult> | null = null;
  private failures = 0;
  private backoffUntil = 0;
  private throttled: BudgetView['throttled'] = null;

  constructor(private readonly deps: EngineDeps) {}

  get throttle(): BudgetView['throttled'] {
    return this.throttled;
  }

  get active(): boolean {
    return this.watched.epics.length > 0 || this.watched.marketIds.length > 0;
  }

  /** The pages' union changed: start, keep or stop the loop. */
  watchChanged(union: WatchUnion): void {
    const wasActive = this.active;
    this.watched = union;
    if (this.active && !wasActive) this.schedule(0);
    if (!this.active) this.cancel();
  }

  stop(): void {
    this.watched = { epics: [], marketIds: [] };
    this.cancel();
  }

  private cancel() {
    if (this.timer !== null) (this.deps.clearTimer ?? clearTimeout)(this.timer as ReturnType<typeof setTimeout>);
    this.timer = null;
  }

  private schedule(ms: number) {
    this.cancel();
    const set = this.deps.setTimer ?? ((fn: () => void, delay: number) => setTimeout(fn, delay));
    this.timer = set(() => {
      this.timer = null;
      if (!this.active) return;
      void this.tick()
        .catch((err: unknown): Pick<TickResult, 'nextInMs'> => {
          this.deps.reportError(err);
          return { nextInMs: MIN_RETRY_MS };
        })
        .then((r) => {
          if (this.active && this.timer === null) this.schedule(r.nextInMs);
        });
    }, ms);
  }

  private setThrottle(next: BudgetView['throttled']) {
    const same =
      (next === null && this.throttled === null) ||
      (next !== null && this.throttled !== null && next.reason === this.throttled.reason);
    this.throttled = next;
    if (!same) this.deps.throttleChanged(next);
  }

  /** Open and closed markets, by the status of their cached snapshot (unknown ones count as open). */
  private async split(epics: string[]) {
    const open: string[] = [];
    const closed: string[] = [];
    const cached = await this.deps.markets.quoteSource.peek(epics);
    for (const e of epics) (isClosed(cached.get(e)?.marketStatus) ? closed : open).push(e);
    return { open, closed };
  }

  /** One refresh of what the pages show (and the extra targets); returns when to run the next one. */
  tick(): Promise<TickResult> {
    if (this.running) return this.running;
    this.running = this.runTick().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** What to keep current: the pages' union, the hooks' extra targets and the pinned market. */
  async targets(base: WatchUnion = this.watched): Promise<WatchUnion> {
    const epics = new Set(base.epics);
    const ids = new Set(base.marketIds);
    for (const hook of this.deps.hooks) {
      if (!hook.extraTargets) continue;
      const extra = await hook.extraTargets().catch(() => ({ epics: [], marketIds: [] }));
      for (const e of extra.epics) epics.add(e);
      for (const id of extra.marketIds) ids.add(id);
    }
    const pinned = await this.deps.pinnedEpic();
    if (pinned) epics.add(pinned);
    return { epics: [...epics], marketIds: [...ids] };
  }

  private async runTick(): Promise<TickResult> {
    const prefs = await this.deps.prefs();
    const wanted = { priceEveryMs: prefs.priceRefreshSec * 1000, sentimentEveryMs: prefs.sentimentRefreshMin * 60_000 };
    return this.refresh(await this.targets(this.watched), wanted);
  }

  /** The alarm's refresh with no page open: the pinned market and the extra targets, at the slow cadence. */
  async backgroundTick(): Promise<TickResult | null> {
    if (this.active) return null;
    const prefs = await this.deps.prefs();
    const every = Math.max(1, prefs.backgroundRefreshMin) * 60_000;
    const targets = await this.targets({ epics: [], marketIds: [] });
    if (targets.epics.length === 0 && targets.marketIds.length === 0) {
      await this.deps.showPinned(null);
      return null;
    }
    return this.refresh(targets, { priceEveryMs: every - 5_000, sentimentEveryMs: every - 5_000 });
  }

  private async refresh(targets: WatchUnion, wanted: Cadence | Omit<Cadence, 'throttledReason'>): Promise<TickResult> {
    const now = this.deps.now();
    const empty: TickResult = { quotes: [], sentiment: [], nextInMs: wanted.priceEveryMs };
    if (now < this.backoffUntil) return { ...empty, nextInMs: this.backoffUntil - now };
    const resting = this.deps.restingUntil?.() ?? 0;
    if (now < resting) return { ...empty, nextInMs: resting - now };

    // Streamed markets cost no request (the cache serves them as fresh) but still reach the hooks (alerts).
    const streamed = this.deps.streamed?.() ?? new Set<string>();
    const { open, closed } = await this.split(targets.epics);
    const known = await this.deps.markets.marketIds(targets.epics);
    const ids = new Set([...targets.marketIds, ...known.values()]);
    const budget = this.deps.budget();
    const cost = {
      priceRequests: Math.ceil(open.filter((e) => !streamed.has(e)).length / BATCH),
      sentimentRequests: Math.ceil(ids.size / SENTIMENT_BATCH_SIZE),
    };
    const cadence = budget ? cadenceFor(cost, wanted, budget) : { ...wanted, throttledReason: null };

    if (budget && roomNow(budget) < cost.priceRequests) {
      const wait = Math.max(1_000, budget.nonTrading.resetInMs, budget.app.resetInMs);
      this.setThrottle({ reason: i18n.t('workerError.throttleWaiting'), until: now + wait });
      return { ...empty, nextInMs: wait };
    }

    try {
      const [openQuotes, closedQuotes] = await Promise.all([
        this.deps.markets.quotes(open, { maxAgeMs: Math.max(0, cadence.priceEveryMs - SLACK_MS) }),
        this.deps.markets.quotes(closed, { maxAgeMs: CLOSED_CHECK_MS }),
      ]);
      // A cold start learns the markets' sentiment ids from the quotes it just fetched.
      for (const q of [...openQuotes, ...closedQuotes]) if (q.value.marketId) ids.add(q.value.marketId);
      const sentiment = ids.size
        ? await this.deps.markets.sentiment([...ids], { maxAgeMs: Math.max(0, cadence.sentimentEveryMs - SLACK_MS) })
        : [];
      const quotes = [...openQuotes, ...closedQuotes];
      this.failures = 0;
      this.setThrottle(
        cadence.throttledReason ? { reason: cadence.throttledReason, until: now + cadence.priceEveryMs } : null,
      );
      await this.afterRefresh(quotes, sentiment, known);
      return { quotes, sentiment, nextInMs: cadence.priceEveryMs };
    } catch (err) {
      if (isAllowanceError(err)) {
        this.failures++;
        const wait = backoffMs(this.failures, err instanceof RateLimitError ? err.retryAfterMs : undefined);
        this.backoffUntil = now + wait;
        this.setThrottle({ reason: i18n.t('workerError.throttleUsedUp'), until: now + wait });
        return { ...empty, nextInMs: wait };
      }
      this.deps.reportError(err);
      return empty;
    }
  }

  /** The badge and the hooks (alerts) see new prices: polled here, or streamed. */
  async afterRefresh(
    quotes: Fresh<MarketQuote>[],
    sentiment: Fresh<Sentiment>[],
    marketIds?: ReadonlyMap<string, string>,
  ) {
    const pinned = await this.deps.pinnedEpic();
    const pinnedQuote = pinned ? (quotes.find((q) => q.value.epic === pinned)?.value ?? null) : null;
    if (pinnedQuote) await this.deps.showPinned(pinnedQuote).catch(() => {});
    const now = this.deps.now();
    for (const hook of this.deps.hooks) {
      await hook.afterRefresh?.({ quotes, sentiment, now, marketIds }).catch((err) => this.deps.reportError(err));
    }
  }
}
