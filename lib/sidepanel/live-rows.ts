// Streamed prices straight to the rows on screen. The watchlist's view (its order, sections, column widths)
// takes the stream's quotes only now and then; between times each row on screen reads its market's latest
// streamed quote here and draws itself again, alone: a frame of prices costs the rows that moved, not the
// table. Rows still draw through their components, so the markup has one source.
import type { StreamedQuote } from '../messages/live';
import type { Fresh, MarketQuote } from '../model';
import { sameQuote, sameTrail } from '../same-quote';
import type { Flash, RowModel } from './rows';

export interface LiveEntry {
  fresh: Fresh<MarketQuote>;
  /** The market's recent prices (its sparkline), when the stream sent them. */
  trail?: (number | null)[];
}

export class LiveRows {
  private readonly entries = new Map<string, LiveEntry>();
  private readonly listeners = new Map<string, Set<() => void>>();

  /**
   * Takes a frame of streamed quotes and tells each market's row, once, that it has a newer one. A quote
   * older than the one held is not taken; a trail with the same points keeps the array held, so a sparkline
   * draws again only when its points changed.
   */
  publish(incoming: Iterable<{ epic: string; fresh: Fresh<MarketQuote>; trail?: (number | null)[] }>): void {
    const told = new Set<string>();
    for (const { epic, fresh, trail } of incoming) {
      const held = this.entries.get(epic);
      if (held && held.fresh.fetchedAt > fresh.fetchedAt) continue;
      const keptTrail = held?.trail && trail && sameTrail(held.trail, trail) ? held.trail : (trail ?? held?.trail);
      if (
        held &&
        held.fresh.stale === fresh.stale &&
        sameQuote(held.fresh.value, fresh.value) &&
        keptTrail === held.trail
      )
        continue;
      this.entries.set(epic, keptTrail ? { fresh, trail: keptTrail } : { fresh });
      told.add(epic);
    }
    for (const epic of told) for (const listener of this.listeners.get(epic) ?? []) listener();
  }

  latest(epic: string): LiveEntry | undefined {
    return this.entries.get(epic);
  }

  /** Calls back when `epic` has a newer streamed quote. */
  subscribe(epic: string, listener: () => void): () => void {
    const set = this.listeners.get(epic) ?? new Set<() => void>();
    this.listeners.set(epic, set);
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(epic) === set) this.listeners.delete(epic);
    };
  }
}

/** What LiveRows.publish takes of a streamed quote (its trail only when sparklines are shown). */
export const liveOf =
  (sparklines: boolean) =>
  (s: StreamedQuote): { epic: string; fresh: Fresh<MarketQuote>; trail?: (number | null)[] } => ({
    epic: s.quote.epic,
    fresh: { value: s.quote, fetchedAt: s.fetchedAt, stale: false },
    ...(sparklines ? { trail: s.trail } : {}),
  });

const merged = new WeakMap<RowModel, { fresh: Fresh<MarketQuote>; row: RowModel }>();

/**
 * The row as its latest streamed quote shows it, or the row itself when the stream has nothing newer than it.
 * IG's precision and market id come with a market's details: a streamed quote without them keeps the row's.
 * The same row and quote give back the same object.
 */
export function withLive(row: RowModel, entry: LiveEntry | undefined): RowModel {
  const fresh = entry?.fresh;
  if (!fresh || fresh.fetchedAt < row.fetchedAt) return row;
  if (fresh.fetchedAt === row.fetchedAt && fresh.stale === row.stale && sameQuote(fresh.value, row.quote)) return row;
  const held = merged.get(row);
  if (held?.fresh === fresh) return held.row;
  const q = fresh.value;
  const quote = {
    ...q,
    marketId: q.marketId ?? row.quote.marketId,
    decimalPlacesFactor: q.decimalPlacesFactor ?? row.quote.decimalPlacesFactor,
  };
  const live = { ...row, quote, fetchedAt: fresh.fetchedAt, stale: fresh.stale };
  merged.set(row, { fresh, row: live });
  return live;
}

/** The row's sparkline: the streamed trail when the stream's quote is what the row shows, else the view's. */
export function liveTrail(
  row: RowModel,
  entry: LiveEntry | undefined,
  spark: (number | null)[] | undefined,
): (number | null)[] | undefined {
  return entry?.trail && entry.fresh.fetchedAt >= row.fetchedAt ? entry.trail : spark;
}

export interface FlashMark {
  dir: Flash;
  at: number;
  seq: number;
}

/** How long a row shows its flash (a class on the row, watchlist-rows.css, taken off by FlashEnds). */
export const FLASH_MS = 1200;

/** Rows whose flash ends within this of each other end it in the same task (one restyle, not many). */
const FLASH_GRAIN_MS = 50;

/**
 * One timer for every row's flash: each row's `end` is called once its time has come (a little after, so that
 * flashes ending close together end in one task). A row that flashes again is given its new time; a row taken
 * off the page is forgotten. A CSS animation would do the same with no timer, but a running animation restyles
 * its row on every frame, and a stream keeps dozens of rows flashing.
 */
export class FlashEnds {
  private readonly ends = new Map<object, { at: number; end: () => void }>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private timerAt = Infinity;

  constructor(private readonly now: () => number = () => Date.now()) {}

  at(key: object, at: number, end: () => void): void {
    this.ends.set(key, { at, end });
    if (at < this.timerAt) this.arm(at);
  }

  cancel(key: object): void {
    this.ends.delete(key);
    if (this.ends.size === 0 && this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
      this.timerAt = Infinity;
    }
  }

  private arm(at: number) {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(() => this.fire(), Math.max(0, at - this.now()) + FLASH_GRAIN_MS);
  }

  private fire() {
    this.timer = null;
    this.timerAt = Infinity;
    const now = this.now();
    let next = Infinity;
    for (const [key, { at, end }] of [...this.ends]) {
      if (at <= now) {
        this.ends.delete(key);
        end();
      } else next = Math.min(next, at);
    }
    if (next < Infinity && next < this.timerAt) this.arm(next);
  }
}

/**
 * A row's flash after it showed `before` and now shows `after`: a new mark (its way, its own sequence number,
 * so a second move starts the flash again) when bid or offer moved, else the mark it had.
 */
export function nextFlash(
  mark: FlashMark | null,
  before: MarketQuote | null,
  after: MarketQuote,
  now: number,
  moveOf: (a: MarketQuote, b: MarketQuote) => Flash | null,
): FlashMark | null {
  const dir = before && before !== after ? moveOf(before, after) : null;
  if (dir) return { dir, at: now, seq: (mark?.seq ?? 0) + 1 };
  return mark && now - mark.at < FLASH_MS ? mark : null;
}

/** The row's class for its flash, '' once it is over. */
export const flashClassOf = (mark: FlashMark | null, now: number) =>
  mark && now - mark.at < FLASH_MS ? ` flash-${mark.dir}-${mark.seq % 2}` : '';
