// The background's one owner of the stream: decides what is subscribed (what pages show, the pinned
// market, the alert targets), merges streamed prices into the cache it alone writes (the cache's
// change callback announces them to the pages), runs the alert and badge hooks on streamed prices, and
// says how the stream is doing. While the stream is live the refresh engine leaves its markets alone.
// A streamed price of a market already written once is announced with its values the moment it arrives,
// merged into the entry last written, while the write to the cache follows: a page paints it without
// waiting for IndexedDB. Writes start at most one every WRITE_GAP_MS, each taking all that arrived since the
// last: a list streaming all day is not a disk write per tick. A failed write is tried again with the next
// one, and until a write succeeds nothing more is announced ahead of the cache.
import type { SnapshotEntry } from '../../cache/entry';
import type { CacheWriterImpl } from '../../cache/writer';
import type { WatchUnion } from '../../engine/watch-set';
import type { StreamedQuote } from '../../messages/contract';
import type { Fresh, MarketQuote } from '../../model';
import type { ChartKey } from '../../stream/chart-bars';
import {
  ACCOUNT_FIELDS,
  accountItem,
  epicOfPriceItem,
  HEARTBEAT_FIELDS,
  HEARTBEAT_ITEM,
  MAX_SUBSCRIPTIONS,
  PRICE_ADAPTER,
  PRICE_FIELDS,
  priceItem,
  TRADE_FIELDS,
  tradeItem,
} from '../../stream/items';
import type { StreamLink, StreamSubscription, StreamUpdate } from '../../stream/link';
import { type PriceGroup, packPrices } from '../../stream/plan';
import { mergePrice } from '../../stream/price-merge';
import { type StreamCredentials, type StreamState, StreamSupervisor } from '../../stream/supervisor';
import { nextSnapshot } from '../sources/quote-source';
import { type BarMessage, ChartFeed, MAX_CHARTS } from './chart-feed';

/** Subscriptions kept for other items than prices (heartbeat, trade, account, and the charts). */
const RESERVED = 3 + MAX_CHARTS;
const GROUP_SIZE = 50;
/**
 * The least time between the starts of two cache writes of streamed prices. Writing every tick kept a write
 * running all the time (a 20-market sidebar in Firefox: 15 % of its CPU, a transaction after a transaction);
 * the pages paint from the announced values, so only the alerts, the badge and the cache wait up to this.
 */
export const WRITE_GAP_MS = 250;

export interface StreamView {
  mode: StreamState['mode'];
  reason: string | null;
}

export interface LiveStreamDeps {
  createLink(): Promise<StreamLink>;
  credentials(relogin: boolean): Promise<StreamCredentials>;
  cache: CacheWriterImpl;
  /** What the stream should carry now (pages, pinned market, alert targets). */
  targets(): Promise<WatchUnion>;
  /** Whether the stream may run with no page open (Chrome: yes; Firefox: its event page would stop). */
  withoutPages: boolean;
  /** Streamed quotes after they reached the cache (badge, alerts). */
  afterStreamed(quotes: Fresh<MarketQuote>[]): Promise<void>;
  /** Streamed quotes as merged, before they reach the cache: the pages paint them at once. */
  announceQuotes(quotes: StreamedQuote[]): void;
  /** A TRADE update: its item (`TRADE:{accountId}`) and changed fields (OPU, WOU, CONFIRMS as JSON strings). */
  onTrade?(item: string, changed: Record<string, string | null>): void;
  /** The charts pages show; their last bars are streamed where the stream has the resolution. */
  charts?(): ChartKey[];
  /** A streamed chart bar, for the pages. */
  onBar?(message: BarMessage): void;
  /** An ACCOUNT update (its item and changed fields: PNL, FUNDS, MARGIN, …). */
  onAccount?(item: string, changed: Record<string, string | null>): void;
  stateChanged(view: StreamView): void;
  now(): number;
  setTimer?(fn: () => void, ms: number): unknown;
  clearTimer?(handle: unknown): void;
}

export class LiveStream {
  private readonly supervisor: StreamSupervisor;
  private groups: PriceGroup[] = [];
  private accountId: string | null = null;
  private pending = new Map<string, Record<string, string | null>>();
  /** Each streamed market's entry as last written, with what arrived since merged in; none until written once. */
  private readonly known = new Map<string, SnapshotEntry>();
  private writing: Promise<void> | null = null;
  /** When the last write started. */
  private lastWriteAt = Number.NEGATIVE_INFINITY;
  private hooks: Promise<void> = Promise.resolve();
  private nextId = 1;
  private pagesOpen = false;
  /** Epics whose subscription the service refused: they stay polled. */
  private readonly refused = new Set<string>();
  readonly charts: ChartFeed;
  /** The timers given, or the browser's. */
  private readonly setTimer: (fn: () => void, ms: number) => unknown;

  constructor(private readonly deps: LiveStreamDeps) {
    this.setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.charts = new ChartFeed({ cache: deps.cache, send: (m) => deps.onBar?.(m) });
    this.supervisor = new StreamSupervisor({
      createLink: deps.createLink,
      credentials: async (relogin) => {
        const creds = await deps.credentials(relogin);
        if (creds.user !== this.accountId) {
          // Another account: its items are other items.
          this.accountId = creds.user;
          this.groups = [];
        }
        this.supervisor.want(this.subscriptions());
        return creds;
      },
      onState: (s) => deps.stateChanged(this.view(s)),
      onUpdate: (u) => this.received(u),
      onRefused: (sub) => {
        this.charts.refuse(sub);
        for (const item of sub.items) {
          const epic = epicOfPriceItem(item);
          if (epic) this.refused.add(epic);
        }
      },
      now: deps.now,
      setTimer: this.setTimer,
      clearTimer: deps.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>)),
    });
  }

  get state(): StreamView {
    return this.view(this.supervisor.current);
  }

  private view(s: StreamState): StreamView {
    return { mode: s.mode, reason: 'reason' in s ? s.reason : null };
  }

  /** The account the stream's items are for (that of its last sign-in), or null before the first. */
  get account(): string | null {
    return this.accountId;
  }

  /** Epics whose prices come from the stream now; the engine does not poll them. */
  streamed(): ReadonlySet<string> {
    if (this.supervisor.current.mode !== 'live') return new Set();
    return new Set(this.groups.flatMap((g) => g.epics).filter((e) => !this.refused.has(e)));
  }

  /** Pages opened or closed, or what they show changed: subscribe accordingly (or stop). */
  async update(pagesOpen = this.pagesOpen): Promise<void> {
    this.pagesOpen = pagesOpen;
    const targets = await this.deps.targets();
    // An open page streams (its prices, and positions and orders through TRADE) even with no market shown;
    // with no page open only the pinned market and the alert targets are worth a connection.
    const run = pagesOpen || (this.deps.withoutPages && targets.epics.length > 0);
    // What is known of markets no longer streamed is dropped (kept, it would only grow).
    const wanted = new Set(run ? targets.epics : []);
    for (const epic of this.known.keys()) if (!wanted.has(epic)) this.known.delete(epic);
    if (!run) {
      this.supervisor.stop();
      this.groups = [];
      this.charts.want([]);
      return;
    }
    const before = this.streamed().size;
    this.pack(targets.epics);
    this.charts.want(this.deps.charts?.() ?? []);
    this.supervisor.want(this.subscriptions());
    this.supervisor.start();
    // What the stream saves changed with what it carries: the status says so.
    if (this.streamed().size !== before) this.deps.stateChanged(this.state);
  }

  stop(): void {
    this.supervisor.stop();
  }

  private wanted: string[] = [];

  private pack(epics: string[]) {
    this.wanted = epics;
    this.groups = packPrices(this.groups, epics, {
      maxGroups: MAX_SUBSCRIPTIONS - RESERVED,
      groupSize: GROUP_SIZE,
      newId: () => `p${this.nextId++}`,
    }).groups;
  }

  private subscriptions(): StreamSubscription[] {
    const account = this.accountId;
    if (!account) return [];
    if (this.groups.length === 0 && this.wanted.length) this.pack(this.wanted);
    return [
      { id: 'hb', mode: 'MERGE', items: [HEARTBEAT_ITEM], fields: HEARTBEAT_FIELDS },
      { id: 'trade', mode: 'DISTINCT', items: [tradeItem(account)], fields: TRADE_FIELDS, snapshot: false },
      { id: 'account', mode: 'MERGE', items: [accountItem(account)], fields: ACCOUNT_FIELDS },
      ...this.groups.map(
        (g): StreamSubscription => ({
          id: g.id,
          mode: 'MERGE',
          items: g.epics.map((e) => priceItem(account, e)),
          fields: [...PRICE_FIELDS],
          adapter: PRICE_ADAPTER,
        }),
      ),
      ...this.charts.subscriptions(),
    ];
  }

  private received(u: StreamUpdate) {
    if (u.subId === 'trade') return this.deps.onTrade?.(u.item, u.changed);
    if (this.charts.owns(u.subId)) return this.charts.received(u);
    if (u.subId === 'account') return this.deps.onAccount?.(u.item, u.changed);
    const epic = epicOfPriceItem(u.item);
    if (!epic) return;
    this.pending.set(epic, { ...this.pending.get(epic), ...u.changed });
    const entry = this.known.get(epic);
    if (entry) {
      const next = advance(entry, u.changed, this.deps.now());
      if (next) {
        this.known.set(epic, next);
        this.deps.announceQuotes([{ quote: next.value, fetchedAt: next.fetchedAt, trail: next.trail }]);
      }
    }
    this.writeSoon();
  }

  /** Starts a write of what is pending now, or once WRITE_GAP_MS has passed since the last one started. */
  private writeSoon(): void {
    if (this.writing || this.pending.size === 0) return;
    const wait = this.lastWriteAt + WRITE_GAP_MS - this.deps.now();
    const due = wait > 0 ? new Promise<void>((r) => this.setTimer(r, wait)) : Promise.resolve();
    this.writing = due
      .then(() => {
        this.lastWriteAt = this.deps.now();
        return this.write();
      })
      .catch(() => false)
      .then((ok) => {
        this.writing = null;
        // What arrived during the write goes in the next one; after a failed write, with the next arrival.
        if (ok) this.writeSoon();
      });
  }

  /** The cache changed these snapshots (any writer): what was known of them is no longer the truth. */
  cacheChanged(epics: string[]): void {
    for (const e of epics) this.known.delete(e);
  }

  /** Writes what arrived, in one transaction (false if it failed); what arrives meanwhile goes in the next one. */
  private async write(): Promise<boolean> {
    const batch = this.pending;
    this.pending = new Map();
    const now = this.deps.now();
    const written: Fresh<MarketQuote>[] = [];
    const stored = new Map<string, SnapshotEntry>();
    try {
      await this.deps.cache.update<MarketQuote, SnapshotEntry>('snapshots', [...batch.keys()], (epic, current) => {
        if (!current) return undefined;
        const next = mergePrice(current.value, batch.get(epic) ?? {});
        if (!next) {
          stored.set(epic, current);
          return undefined;
        }
        written.push({ value: next, fetchedAt: now, stale: false });
        const entry = nextSnapshot(current, next, now, now);
        stored.set(epic, entry);
        return entry;
      });
    } catch {
      // Nothing of the batch reached the cache: it goes again with the next write, under what came
      // since, and its markets are announced only once written.
      for (const [epic, changed] of batch) {
        this.pending.set(epic, { ...changed, ...this.pending.get(epic) });
        this.known.delete(epic);
      }
      return false;
    }
    // What is known from here on: the entry as stored, with what arrived during the write merged in.
    for (const [epic, entry] of stored) {
      const since = this.pending.get(epic);
      this.known.set(epic, (since && advance(entry, since, this.deps.now())) || entry);
    }
    // The badge and alerts run one batch at a time, beside the writes, never holding the next write up.
    if (written.length) this.hooks = this.hooks.then(() => this.deps.afterStreamed(written)).catch(() => undefined);
    return true;
  }
}

/** The entry after a streamed update, or null when the update changes nothing the quote shows. */
function advance(entry: SnapshotEntry, changed: Record<string, string | null>, now: number): SnapshotEntry | null {
  const next = mergePrice(entry.value, changed);
  return next ? nextSnapshot(entry, next, now, now) : null;
}
