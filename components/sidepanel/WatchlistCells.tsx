// The cells of a watchlist row that Preact draws: the market's status and its client sentiment (the cells a
// streamed quote changes are written by their rows, live-cells.ts), and the class of every column's cell, its
// header's (`wl-th--<id>`) counterpart, so that header and values share a grid area.
import { Component } from 'preact';
import { i18n } from '#i18n';
import type { RowModel } from '../../lib/sidepanel/rows';
import type { ColumnId } from '../../lib/watchlists/columns';
import { MarketStatusTag } from '../MarketStatusTag';
import { SentimentBar } from '../SentimentBar';
import { StaleMark } from '../StaleMark';

/** Cell classes of today's columns, which the two-line layout and the early screen place by name. */
export const CELL_CLASS: Record<ColumnId, string> = {
  bid: 'wl-bid',
  offer: 'wl-offer',
  mid: 'wl-mid',
  change: 'wl-chg',
  changePct: 'wl-pct',
  high: 'wl-high',
  low: 'wl-low',
  range: 'wl-range',
  spread: 'wl-spread',
  sentiment: 'wl-sent',
  status: 'wl-stat',
  updated: 'wl-upd',
  spark: 'wl-spark',
};

/**
 * A catalogue message asked for again only when its inputs change. The browser's getMessage costs a tenth of a
 * millisecond or more a call, and a row draws again on every tick of its prices: its words seldom change.
 */
export function wordsOnce<A extends unknown[]>(words: (...args: A) => string): (...args: A) => string {
  let last: A | null = null;
  let text = '';
  return (...args: A) => {
    if (!last || args.some((a, i) => a !== last![i])) {
      last = args;
      text = words(...args);
    }
    return text;
  };
}

interface CellProps {
  id: 'sentiment' | 'status';
  row: RowModel;
  /** The cell's track and line in the layout of chosen columns. */
  place?: { gridColumn: string; gridRow: string };
}

function content({ id, row }: CellProps) {
  if (id === 'status')
    return (
      <>
        <MarketStatusTag status={row.quote.marketStatus} />
        <StaleMark stale={row.stale} fetchedAt={row.fetchedAt} />
      </>
    );
  return row.sentiment ? (
    <SentimentBar long={row.sentiment.longPositionPercentage} short={row.sentiment.shortPositionPercentage} compact />
  ) : (
    <span class="muted" title={i18n.t('watchlist.noSentiment')}>
      –
    </span>
  );
}

const NUMERIC = new Set<ColumnId>(['bid', 'offer', 'mid', 'change', 'changePct', 'high', 'low', 'spread', 'updated']);

/** A cell's class: its column's and, for numbers, tabular digits aligned right. */
export const cellClassOf = (id: ColumnId) => `${CELL_CLASS[id]}${NUMERIC.has(id) ? ' num' : ''}`;

/** What the market's status or sentiment cell shows depends on. */
export function inputsOf({ id, row, place }: CellProps): unknown[] {
  const at = [place?.gridColumn, place?.gridRow];
  return id === 'status'
    ? [...at, row.quote.marketStatus, row.stale, row.stale && row.fetchedAt]
    : [...at, row.sentiment];
}

/**
 * The market's status or its client sentiment, drawn by Preact, again only when what it shows changed. The
 * other cells, which a streamed quote changes, are written by their rows (live-cells.ts).
 */
export class Cell extends Component<CellProps> {
  shouldComponentUpdate(next: CellProps): boolean {
    if (next.id !== this.props.id) return true;
    const was = inputsOf(this.props);
    const now = inputsOf(next);
    return now.some((v, i) => v !== was[i]);
  }

  render() {
    const props = this.props;
    return (
      <td class={cellClassOf(props.id)} style={props.place}>
        {content(props)}
      </td>
    );
  }
}
