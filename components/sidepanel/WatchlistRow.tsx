// One market row of a watchlist table. It draws again only when what it shows changed (its row, its
// numbers, its flash, flag, note, sparkline or place): a frame of streamed prices redraws the rows that moved.
import { Component } from 'preact';
import { i18n } from '#i18n';
import type { RowNumbers } from '../../lib/sidepanel/number-columns';
import type { RowModel } from '../../lib/sidepanel/rows';
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
  n: RowNumbers;
  index: number;
  /** The row's offset in the table body and its height, px. */
  top: number;
  height: number;
  flashClass: string;
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

  shouldComponentUpdate(next: WatchlistRowProps): boolean {
    const now = this.props as unknown as Record<string, unknown>;
    const then = next as unknown as Record<string, unknown>;
    for (const key in then) if (now[key] !== then[key]) return true;
    return false;
  }

  render() {
    const { row, n, index, top, height, flashClass, flag, note, spark, sparklines, shown, perLine } = this.props;
    const { listName, removable, busy, actions } = this.props;
    const q = row.quote;
    const noteId = note ? `note-${index}` : undefined;
    return (
      <tr
        aria-rowindex={index + 2}
        class={`wl-row${flashClass}`}
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
