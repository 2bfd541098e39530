// Which stored rows a page reads back when the background says the cache changed, and when. While a list
// streams the background writes each market many times a second; it does not say so when the write holds just
// the quote it sent the page (lib/background/stream/live-hub.ts), but says so when the write holds more (a
// refresh, a quote the page was not sent). Of what it says, a market written is read back only when
// no streamed quote of it arrived after the write was announced (waiting up to one interval for one, when it
// streamed lately), and all the reads due are one read, at most one an interval: a market the stream does
// not carry (polled, edited elsewhere) is read at once when no read happened in the last interval.
import { browserTimeouts, type Timeouts } from '../timeouts';

export const CHANGED_READ_INTERVAL_MS = 1000;

export interface ChangedReadsOptions {
  /** Reads these markets from the cache and shows them (one read). */
  read(epics: string[]): void;
  now?: () => number;
  timers?: Timeouts;
  intervalMs?: number;
}

export class ChangedReads {
  /** When each market's latest streamed quote arrived. */
  private readonly streamedAt = new Map<string, number>();
  /** Markets announced written and not read since, with when the announcement arrived. */
  private readonly pending = new Map<string, number>();
  private lastRead = Number.NEGATIVE_INFINITY;
  private timer: unknown = null;
  private timerAt = 0;
  private readonly now: () => number;
  private readonly timers: Timeouts;
  private readonly interval: number;

  constructor(private readonly options: ChangedReadsOptions) {
    this.now = options.now ?? (() => performance.now());
    this.timers = options.timers ?? browserTimeouts;
    this.interval = options.intervalMs ?? CHANGED_READ_INTERVAL_MS;
  }

  /** A streamed quote of `epic` arrived (its values are shown from the message). */
  streamed(epic: string, at = this.now()): void {
    this.streamedAt.set(epic, at);
  }

  /** The background wrote these markets (the caller keeps those it shows). */
  changed(epics: readonly string[]): void {
    if (epics.length === 0) return;
    const at = this.now();
    let uncovered = false;
    for (const e of epics) {
      this.pending.set(e, at);
      const streamed = this.streamedAt.get(e);
      if (streamed === undefined || at - streamed > this.interval) uncovered = true;
    }
    // A market the stream does not carry now is read as soon as the last read allows; one it carries waits
    // for its next quote, which makes the read needless.
    const due = uncovered ? Math.max(at, this.lastRead + this.interval) : at + this.interval;
    this.schedule(due);
  }

  /** Nothing more is read (the view went away or shows another list). */
  clear(): void {
    this.pending.clear();
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
  }

  private schedule(due: number): void {
    if (this.timer !== null) {
      if (this.timerAt <= due) return;
      this.timers.clear(this.timer);
    }
    this.timerAt = due;
    this.timer = this.timers.set(() => this.flush(), Math.max(0, due - this.now()));
  }

  private flush(): void {
    this.timer = null;
    const now = this.now();
    const epics: string[] = [];
    let waiting = Number.POSITIVE_INFINITY;
    for (const [epic, at] of this.pending) {
      const streamed = this.streamedAt.get(epic) ?? Number.NEGATIVE_INFINITY;
      // Shown since by the stream: nothing to read.
      if (streamed > at) this.pending.delete(epic);
      // Streamed lately: its next quote is awaited for up to an interval.
      else if (at - streamed <= this.interval && now - at < this.interval) waiting = Math.min(waiting, at);
      else {
        epics.push(epic);
        this.pending.delete(epic);
      }
    }
    if (waiting !== Number.POSITIVE_INFINITY) this.schedule(Math.max(waiting, this.lastRead) + this.interval);
    if (epics.length === 0) return;
    this.lastRead = now;
    this.options.read(epics);
  }
}
