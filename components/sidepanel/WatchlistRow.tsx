// One market row of a watchlist table. Preact draws it when what the table gives it changed (its row, flag,
// note, sparkline or place); its market's newer streamed quotes (lib/sidepanel/live-rows) it writes itself,
// into the cells whose values moved (live-cells.ts), with no element diffed: a frame of streamed prices
// costs the text that changed. It flashes its way (a class on the row) when its bid or offer moved since it
// last showed them.
import { Component } from 'preact';
import { i18n } from '#i18n';
import type { MarketQuote } from '../../lib/model';
import {
  FLASH_MS,
  FlashEnds,
  type FlashMark,
  flashClassOf,
  type LiveRows,
  liveTrail,
  nextFlash,
  withLive,
} from '../../lib/sidepanel/live-rows';
import { rowNumbersOf } from '../../lib/sidepanel/number-columns';
import { moveOf, type RowModel } from '../../lib/sidepanel/rows';
import type { ColumnId } from '../../lib/watchlists/columns';
import type { FlagColour } from '../../lib/watchlists/marks';
import { FlagMark } from '../FlagMark';
import { type CellInput, type CellWriter, cellWriter } from './live-cells';
import { Cell, cellClassOf, wordsOnce } from './WatchlistCells';

/** What a row does, read when it happens (the table's latest handlers, without drawing every row again). */
export interface RowActions {
  open(epic: string): void;
  key(event: KeyboardEvent, index: number, row: RowModel): void;
  remove?: (row: RowModel) => void;
}

export interface WatchlistRowProps {
  row: RowModel;
  index: number;
  /** The row's offset in the table body and its height, px. */
  top: number;
  height: number;
  flag: FlagColour | undefined;
  note: string | undefined;
  spark: (number | null)[] | undefined;
  sparklines: boolean;
  shown: ColumnId[];
  /** Tracks per line in the layout of chosen columns; null: today's two-line layout. */
  perLine: number | null;
  listName: string;
  removable: boolean;
  busy: boolean;
  actions: { current: RowActions };
  /** The stream's latest quotes, newer than `row` between the table's draws; absent: `row` alone. */
  live?: LiveRows;
}

/** Every row's flash ends on one timer. */
const flashEnds = new FlashEnds();

/** Where the i-th chosen column stands: its track and line (the name has the first line). */
export const placeAt = (i: number, perLine: number) => ({
  gridColumn: String((i % perLine) + 1),
  gridRow: String(Math.floor(i / perLine) + 2),
});

export class WatchlistRow extends Component<WatchlistRowProps> {
  private removeLabel = wordsOnce((market: string, watchlist: string) =>
    i18n.t('watchlist.remove', { market, watchlist }),
  );

  private sparkLabel = wordsOnce((market: string) => i18n.t('market.recentPrices', { market }));
  private flash: FlashMark | null = null;
  private shownQuote: MarketQuote | null = null;
  private following: { live: LiveRows; epic: string; stop: () => void } | null = null;
  private tr: HTMLTableRowElement | null = null;
  private readonly setTr = (el: HTMLTableRowElement | null) => {
    this.tr = el;
  };
  /** The streamed cells' writers, by column, and the ref that makes each one when Preact mounts its cell. */
  private readonly writers = new Map<ColumnId, CellWriter>();
  private readonly refs = new Map<ColumnId, (el: HTMLElement | null) => void>();
  /** What Preact drew of the row that a streamed quote can change (name, status): new values draw it again. */
  private drawnKey = '';
  /** What the cells Preact mounts in one draw are filled with, worked out once for them all. */
  private mounting: CellInput | null = null;
  private flashClass = '';

  shouldComponentUpdate(next: WatchlistRowProps): boolean {
    const now = this.props as unknown as Record<string, unknown>;
    const then = next as unknown as Record<string, unknown>;
    let changed = false;
    for (const key in then)
      if (now[key] !== then[key]) {
        if (key !== 'row' && key !== 'spark') return true;
        changed = true;
      }
    if (!changed) return false;
    // The view's newer row or trail (it takes the stream's quotes once a second) changes the streamed cells,
    // which the row writes itself: Preact draws it again only when what Preact drew of it changed.
    const { row } = this.shown(next);
    if (keyOf(row) !== this.drawnKey || row.sentiment !== this.props.row.sentiment) return true;
    this.write(next);
    return false;
  }

  componentDidMount() {
    this.follow();
    this.write();
  }

  componentDidUpdate() {
    this.follow();
    this.write();
  }

  componentWillUnmount() {
    flashEnds.cancel(this);
    this.following?.stop();
    this.following = null;
  }

  /** Listens to the row's market in the stream. */
  private follow() {
    const { live, row } = this.props;
    if (this.following?.live !== live || this.following?.epic !== row.epic) {
      this.following?.stop();
      this.following = live ? { live, epic: row.epic, stop: live.subscribe(row.epic, () => this.write()) } : null;
    }
  }

  /**
   * The ref that makes a streamed cell's writer when Preact mounts the cell, and fills the cell at once: refs
   * are set before any effect runs, so the page's first screen (kept for its next opening) has its prices.
   */
  private refOf(id: ColumnId) {
    let ref = this.refs.get(id);
    if (!ref) {
      ref = (el) => {
        if (!el) {
          this.writers.delete(id);
          return;
        }
        const write = cellWriter(id, el);
        this.writers.set(id, write);
        this.mounting ??= this.inputOf(this.shown());
        write(this.mounting);
      };
      this.refs.set(id, ref);
    }
    return ref;
  }

  private inputOf({ row, spark }: ReturnType<WatchlistRow['shown']>, props = this.props) {
    return { row, n: rowNumbersOf(row.quote), spark, sparklines: props.sparklines, sparkLabel: this.sparkLabel };
  }

  /** The row as it stands: the table's, or its market's newer streamed quote. */
  private shown(props = this.props) {
    const entry = props.live?.latest(props.row.epic);
    return { row: withLive(props.row, entry), spark: liveTrail(props.row, entry, props.spark) };
  }

  /**
   * Writes what the row shows now into its streamed cells and its flash into its class. A quote that changes
   * what Preact drew (the market's name or status) draws the row again instead, which writes after.
   */
  private write(props = this.props) {
    const shown = this.shown(props);
    const { row } = shown;
    if (keyOf(row) !== this.drawnKey) {
      this.forceUpdate();
      return;
    }
    const q = row.quote;
    const now = Date.now();
    const was = this.flash;
    this.flash = nextFlash(this.flash, this.shownQuote, q, now, moveOf);
    this.shownQuote = q;
    if (this.flash && this.flash !== was) flashEnds.at(this, this.flash.at + FLASH_MS, () => this.write());
    // The row's own class (wl-row) is Preact's; its flash is a class of its own, written here.
    const cls = flashClassOf(this.flash, now).trim();
    if (this.tr && cls !== this.flashClass) {
      if (this.flashClass) this.tr.classList.remove(this.flashClass);
      if (cls) this.tr.classList.add(cls);
      this.flashClass = cls;
    }
    if (this.writers.size === 0) return;
    const input = this.inputOf(shown, props);
    for (const write of this.writers.values()) write(input);
  }

  render() {
    const { index, top, height, flag, note, shown, perLine } = this.props;
    const { listName, removable, busy, actions } = this.props;
    const { row } = this.shown();
    this.drawnKey = keyOf(row);
    this.mounting = null;
    const q = row.quote;
    const noteId = note ? `note-${index}` : undefined;
    return (
      <tr
        ref={this.setTr}
        aria-rowindex={index + 2}
        class="wl-row"
        data-testid="panel-row"
        data-epic={row.epic}
        data-flag={flag}
        style={{ top: `${top}px`, height: `${height}px` }}
      >
        <td class="wl-name">
          {flag && <FlagMark flag={flag} />}
          <button
            type="button"
            class="link"
            title={q.instrumentName}
            data-open-index={index}
            aria-describedby={noteId}
            onClick={() => actions.current.open(row.epic)}
            onKeyDown={(e) => actions.current.key(e, index, this.props.row)}
          >
            {q.instrumentName}
          </button>
          <span class="wl-epic muted">{row.epic}</span>
          {note && (
            <>
              <span class="wl-note-mark" aria-hidden="true" title={note}>
                ✎
              </span>
              <span id={noteId} class="wl-note" role="tooltip">
                {note}
              </span>
            </>
          )}
        </td>
        {shown.map((id, i) => {
          const place = perLine ? placeAt(i, perLine) : undefined;
          if (id === 'sentiment' || id === 'status') return <Cell key={id} id={id} row={row} place={place} />;
          // Its content is the row's to write (live-cells.ts), never Preact's.
          return <td key={id} class={cellClassOf(id)} style={place} ref={this.refOf(id)} />;
        })}
        <td class="wl-act">
          {removable && (
            <button
              type="button"
              class="icon"
              aria-label={this.removeLabel(q.instrumentName, listName)}
              disabled={busy}
              onClick={() => actions.current.remove?.(this.props.row)}
            >
              ×
            </button>
          )}
        </td>
      </tr>
    );
  }
}

/** What Preact draws of a row that a streamed quote can change: its market's name and status. */
const keyOf = (row: RowModel) =>
  `${row.quote.instrumentName}\u0000${row.quote.marketStatus}\u0000${row.stale ? row.fetchedAt : ''}`;
