// The open pages' live ports: what each visible page shows (for the refresh engine), and the channel
// the background announces cache changes and status on. Announcements are gathered for a moment so a
// refresh of many markets is one message per store; streamed quotes only until the updates already
// waiting are taken (one task), so a burst is one message and none waits on a clock.
import * as v from 'valibot';
import type { CacheEntry, SnapshotEntry } from '../../cache/entry';
import { unionOfVisible, type Watch, type WatchUnion } from '../../engine/watch-set';
import { lazySchema } from '../../lazy-schema';
import {
  type CacheStoreName,
  type ChartWatch,
  LIVE_PORT,
  type LiveToPage,
  type StatusView,
  type StreamedQuote,
} from '../../messages/contract';
import { epic, marketId, resolution } from '../../messages/schemas';
import { sameQuote, sameTrail } from '../../same-quote';

export interface LivePort {
  name: string;
  sender?: { id?: string; url?: string; tab?: unknown; origin?: string };
  postMessage(message: LiveToPage): void;
  disconnect(): void;
  onMessage: { addListener(fn: (message: unknown) => void): void };
  onDisconnect: { addListener(fn: () => void): void };
}

const awakeSchema = lazySchema(() => v.strictObject({ kind: v.literal('awake') }));

const watchSchema = lazySchema(() =>
  v.object({
    kind: v.literal('watch'),
    epics: v.pipe(v.array(epic), v.maxLength(2000)),
    marketIds: v.pipe(v.array(marketId), v.maxLength(2000)),
    visible: v.boolean(),
    charts: v.optional(v.pipe(v.array(v.object({ epic, resolution })), v.maxLength(20))),
    quoted: v.optional(v.pipe(v.array(epic), v.maxLength(2000))),
  }),
);

export interface LiveHubOptions {
  /** Only the extension's own pages may connect. */
  isOwnPage(sender: LivePort['sender']): boolean;
  /** The status a page gets on connecting. */
  status(): Promise<StatusView>;
  onWatchChange(union: WatchUnion): void;
  /** How long announcements gather before they are sent. */
  gatherMs?: number;
  /** Runs `fn` once the tasks already queued have run (default: a zero-delay timer). */
  afterQueued?(fn: () => void): void;
}

export class LiveHub {
  private readonly ports = new Map<LivePort, Watch>();
  /** Ports of pages that asked for the stream. */
  private readonly awake = new Set<LivePort>();
  private pending = new Map<CacheStoreName, Set<string>>();
  /** The snapshots written since the last announcement, as written (null: a write whose entry is not known). */
  private written = new Map<string, CacheEntry<unknown> | null>();
  /** The last streamed quote each page was sent of each market it draws from quotes alone. */
  private readonly sent = new Map<LivePort, Map<string, StreamedQuote>>();
  /** Each page's watched and quoted markets as sets, made once per watch message (quotes come many times a second). */
  private readonly markets = new Map<LivePort, { shown: Set<string>; quoted: Set<string> }>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private quotes = new Map<string, StreamedQuote>();
  private quotesQueued = false;

  constructor(private readonly options: LiveHubOptions) {}

  accept(port: LivePort): boolean {
    if (port.name !== LIVE_PORT) return false;
    if (!this.options.isOwnPage(port.sender)) {
      port.disconnect();
      return false;
    }
    this.ports.set(port, { kind: 'watch', epics: [], marketIds: [], visible: false });
    port.onMessage.addListener((message) => {
      if (v.is(awakeSchema, message)) {
        if (!this.ports.has(port) || this.awake.has(port)) return;
        this.awake.add(port);
        this.options.onWatchChange(this.union());
        return;
      }
      const parsed = v.safeParse(watchSchema, message);
      if (!parsed.success || !this.ports.has(port)) return;
      this.ports.set(port, parsed.output);
      const quoted = new Set(parsed.output.quoted);
      this.markets.set(port, { shown: new Set(parsed.output.epics), quoted });
      const sent = this.sent.get(port);
      if (sent) for (const e of sent.keys()) if (!quoted.has(e)) sent.delete(e);
      this.options.onWatchChange(this.union());
    });
    port.onDisconnect.addListener(() => {
      this.ports.delete(port);
      this.awake.delete(port);
      this.sent.delete(port);
      this.markets.delete(port);
      this.options.onWatchChange(this.union());
    });
    void this.options.status().then(
      (status) => this.post(port, { kind: 'status', status }),
      () => {},
    );
    return true;
  }

  union(): WatchUnion {
    return unionOfVisible(this.ports.values());
  }

  /** The charts the visible pages show, each once, in the order the pages connected. */
  charts(): ChartWatch[] {
    const seen = new Map<string, ChartWatch>();
    for (const w of this.ports.values()) {
      if (!w.visible) continue;
      for (const c of w.charts ?? []) seen.set(`${c.epic}|${c.resolution}`, { epic: c.epic, resolution: c.resolution });
    }
    return [...seen.values()];
  }

  get connected(): number {
    return this.ports.size;
  }

  /** Open pages that asked for the stream (Firefox's pages that show prices). */
  get streaming(): number {
    return this.awake.size;
  }

  /** The cache wrote these keys (`entries`: what it wrote, when known); told to the pages after a moment. */
  announce(store: CacheStoreName, keys: string[], entries?: ReadonlyMap<string, CacheEntry<unknown>>): void {
    if (this.ports.size === 0 || keys.length === 0) return;
    let set = this.pending.get(store);
    if (!set) {
      set = new Set();
      this.pending.set(store, set);
    }
    for (const k of keys) {
      set.add(k);
      if (store === 'snapshots') this.written.set(k, this.written.get(k) === null ? null : (entries?.get(k) ?? null));
    }
    if (!this.timer) this.timer = setTimeout(() => this.flush(), this.options.gatherMs ?? 30);
  }

  /** Streamed quotes, newest per market, to each page that shows them (values: no cache read before the paint). */
  announceQuotes(quotes: StreamedQuote[]): void {
    if (this.ports.size === 0 || quotes.length === 0) return;
    for (const q of quotes) this.quotes.set(q.quote.epic, q);
    if (this.quotesQueued) return;
    this.quotesQueued = true;
    (this.options.afterQueued ?? ((fn) => setTimeout(fn, 0)))(() => {
      this.quotesQueued = false;
      const all = [...this.quotes.values()];
      this.quotes = new Map();
      for (const [port, watch] of this.ports) {
        const markets = this.markets.get(port);
        if (!watch.visible || !markets) continue;
        const quotes = all.filter((q) => markets.shown.has(q.quote.epic));
        if (quotes.length === 0) continue;
        this.post(port, { kind: 'quotes', quotes });
        const { quoted } = markets;
        if (quoted.size === 0 || !this.ports.has(port)) continue;
        const sent = this.sent.get(port) ?? new Map<string, StreamedQuote>();
        this.sent.set(port, sent);
        for (const q of quotes) if (quoted.has(q.quote.epic)) sent.set(q.quote.epic, q);
      }
    });
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const pending = this.pending;
    const written = this.written;
    this.pending = new Map();
    this.written = new Map();
    for (const [store, keys] of pending)
      for (const port of [...this.ports.keys()]) {
        // A page that draws a market from the stream alone and was sent just what the cache now holds would
        // only read it back to find what it shows.
        const sent = store === 'snapshots' ? this.sent.get(port) : undefined;
        const told = sent ? [...keys].filter((k) => !holds(sent.get(k), written.get(k))) : [...keys];
        if (told.length) this.post(port, { kind: 'changed', store, keys: told });
        // Told, the page may read what it holds from the cache: the quote it was sent is no longer all it knows.
        if (sent) for (const k of told) sent.delete(k);
      }
  }

  /** A chart's bar, to the pages that show that chart. */
  toCharts(message: Extract<LiveToPage, { kind: 'bar' }>): void {
    for (const [port, w] of this.ports) {
      if (w.charts?.some((c) => c.epic === message.epic && c.resolution === message.resolution))
        this.post(port, message);
    }
  }

  broadcast(message: LiveToPage): void {
    for (const port of this.ports.keys()) this.post(port, message);
  }

  private post(port: LivePort, message: LiveToPage) {
    try {
      port.postMessage(message);
    } catch {
      // The page went away between our check and the post.
      this.ports.delete(port);
      this.awake.delete(port);
      this.sent.delete(port);
      this.markets.delete(port);
    }
  }
}

/** Whether a page sent `quote` already shows the snapshot `entry` holds: the same quote and sparkline. */
function holds(quote: StreamedQuote | undefined, entry: CacheEntry<unknown> | null | undefined): boolean {
  if (!quote || !entry) return false;
  const { value, trail } = entry as SnapshotEntry;
  return sameQuote(quote.quote, value) && Array.isArray(trail) && sameTrail(quote.trail, trail);
}
