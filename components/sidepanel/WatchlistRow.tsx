// One market row of a watchlist table. It draws again when what the table gives it changed (its row, flag,
// note, sparkline or place), and on its own when its market streams a newer quote (lib/sidepanel/live-rows):
// a frame of streamed prices redraws the rows that moved and nothing around them. It flashes its way when
// its bid or offer moved since it last drew.
import { Component } from 'preact';
import { i18n } from '#i18n';
import type { MarketQuote } from '../../lib/model';
import {
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
import { Cell, wordsOnce } from './WatchlistCells';

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

/** Where the i-th chosen column stands: its track and line (the name has the first line). */
export const placeAt = (i: number, perLine: number) => ({
  gridColumn: String((i % perLine) + 1),
  gridRow: String(Math.floor(i / perLine) + 2),
});

export class WatchlistRow extends Component<WatchlistRowProps> {
  private removeLabel = wordsOnce((market: string, watchlist: string) =>
    i18n.t('watchlist.remove', { market, watchlist }),
  );

  private flash: FlashMark | null = null;
  private shownQuote: MarketQuote | null = null;
  private following: { live: LiveRows; epic: string; stop: () => void } | null = null;

  shouldComponentUpdate(next: WatchlistRowProps): boolean {
    const now = this.props as unknown as Record<string, unknown>;
    const then = next as unknown as Record<string, unknown>;
    for (const key in then) if (now[key] !== then[key]) return true;
    return false;
  }

  componentDidMount() {
    this.follow();
  }

  componentDidUpdate() {
    this.follow();
  }

  componentWillUnmount() {
    this.following?.stop();
    this.following = null;
  }

  /** Listens to the row's market in the stream. */
  private follow() {
    const { live, row } = this.props;
    if (this.following?.live !== live || this.following?.epic !== row.epic) {
      this.following?.stop();
      this.following = live ? { live, epic: row.epic, stop: live.subscribe(row.epic, () => this.forceUpdate()) } : null;
    }
  }

  render() {
    const { index, top, height, flag, note, sparklines, shown, perLine, live } = this.props;
    const { listName, removable, busy, actions } = this.props;
    const entry = live?.latest(this.props.row.epic);
    const row = withLive(this.props.row, entry);
    const spark = liveTrail(this.props.row, entry, this.props.spark);
    const q = row.quote;
    const n = rowNumbersOf(q);
    const now = Date.now();
    this.flash = nextFlash(this.flash, this.shownQuote, q, now, moveOf);
    this.shownQuote = q;
    const noteId = note ? `note-${index}` : undefined;
    return (
      <tr
        aria-rowindex={index + 2}
        class={`wl-row${flashClassOf(this.flash, now)}`}
        data-testid="panel-row"
        data-epic={row.epic}
        data-flag={flag}
        style={{ transform: `translateY(${top}px)`, height: `${height}px` }}
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
            onKeyDown={(e) => actions.current.key(e, index, row)}
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
        {shown.map((id, i) => (
          <Cell
            key={id}
            id={id}
            row={row}
            n={n}
            spark={spark}
            sparklines={sparklines}
            place={perLine ? placeAt(i, perLine) : undefined}
          />
        ))}
        <td class="wl-act">
          {removable && (
            <button
              type="button"
              class="icon"
              aria-label={this.removeLabel(q.instrumentName, listName)}
              disabled={busy}
              onClick={() => actions.current.remove?.(row)}
            >
              ×
            </button>
          )}
        </td>
      </tr>
    );
  }
}
