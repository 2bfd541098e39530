// One cell of a watchlist row for each column a list can show (lib/watchlists/columns.ts). The class of
// each cell is its header's (`wl-th--<id>`) counterpart, so that header and values share a grid area.
import { Component } from 'preact';
import { i18n } from '#i18n';
import { formatLocale, formatPrice, marketDecimals, midOf, spreadOf, trendOf } from '../../lib/format';
import { type RowNumbers, splitDecimal } from '../../lib/sidepanel/number-columns';
import type { RowModel } from '../../lib/sidepanel/rows';
import { arrowOf } from '../../lib/sidepanel/table-layout';
import { type ColumnId, rangePosition } from '../../lib/watchlists/columns';
import { MarketStatusTag } from '../MarketStatusTag';
import { SentimentBar } from '../SentimentBar';
import { Sparkline } from '../Sparkline';
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

const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** A price or change split at its point: the points of a column line up (CSS .dec). */
export function Decimal({ text }: { text: string }) {
  const [whole, fraction] = splitDecimal(text);
  return (
    <>
      {whole}
      <span class="dec">{fraction}</span>
    </>
  );
}

function RangeBar({ row }: { row: RowModel }) {
  const at = rangePosition(row.quote);
  if (at === null) return <span class="muted">–</span>;
  const pct = Math.round(at * 100);
  return (
    <span class="range-bar" role="img" aria-label={`${pct}% of the day's range`}>
      <span class="range-bar__mark" style={{ left: `${pct}%` }} />
    </span>
  );
}

interface CellProps {
  id: ColumnId;
  row: RowModel;
  n: RowNumbers;
  spark: (number | null)[] | undefined;
  sparklines: boolean;
  /** The cell's track and line in the layout of chosen columns. */
  place?: { gridColumn: string; gridRow: string };
}

function content({ id, row, n, spark, sparklines }: CellProps, sparkLabel: (market: string) => string) {
  const q = row.quote;
  const price = (v: number | null) => <Decimal text={formatPrice(v, marketDecimals(q))} />;
  switch (id) {
    case 'bid':
      return <Decimal text={n.bid} />;
    case 'offer':
      return <Decimal text={n.offer} />;
    case 'mid':
      return price(midOf(q.bid, q.offer));
    case 'high':
      return price(q.high);
    case 'low':
      return price(q.low);
    case 'spread':
      return price(spreadOf(q.bid, q.offer));
    case 'change':
      return (
        <span class={trendOf(q.netChange)}>
          <Decimal text={n.change} />
        </span>
      );
    case 'changePct':
      return (
        <span class={trendOf(q.percentageChange)}>
          <span aria-hidden="true">{arrowOf(q.percentageChange)}</span>
          {n.pct}
        </span>
      );
    case 'range':
      return <RangeBar row={row} />;
    case 'sentiment':
      return row.sentiment ? (
        <SentimentBar
          long={row.sentiment.longPositionPercentage}
          short={row.sentiment.shortPositionPercentage}
          compact
        />
      ) : (
        <span class="muted" title={i18n.t('watchlist.noSentiment')}>
          –
        </span>
      );
    case 'status':
      return (
        <>
          <MarketStatusTag status={q.marketStatus} />
          <StaleMark stale={row.stale} fetchedAt={row.fetchedAt} />
        </>
      );
    case 'updated':
      return q.updatedAt ? clock.format(q.updatedAt) : <span class="muted">–</span>;
    case 'spark':
      return (
        sparklines && <Sparkline values={spark ?? []} width={64} height={18} label={sparkLabel(q.instrumentName)} />
      );
  }
}

const NUMERIC = new Set<ColumnId>(['bid', 'offer', 'mid', 'change', 'changePct', 'high', 'low', 'spread', 'updated']);

/** What a cell shows depends on: a streamed tick draws again only the cells whose values moved. */
function inputsOf({ id, row, n, spark, sparklines, place }: CellProps): unknown[] {
  const q = row.quote;
  const at = [place?.gridColumn, place?.gridRow, formatLocale()];
  switch (id) {
    case 'bid':
      return [...at, n.bid];
    case 'offer':
      return [...at, n.offer];
    case 'change':
      return [...at, n.change, q.netChange];
    case 'changePct':
      return [...at, n.pct, q.percentageChange];
    case 'mid':
    case 'spread':
      return [...at, q.bid, q.offer, marketDecimals(q)];
    case 'high':
      return [...at, q.high, marketDecimals(q)];
    case 'low':
      return [...at, q.low, marketDecimals(q)];
    case 'range':
      return [...at, q.bid, q.offer, q.high, q.low];
    case 'sentiment':
      return [...at, row.sentiment];
    case 'status':
      return [...at, q.marketStatus, row.stale, row.stale && row.fetchedAt];
    case 'updated':
      return [...at, q.updatedAt];
    case 'spark':
      return [...at, spark, sparklines, q.instrumentName];
  }
}

export class Cell extends Component<CellProps> {
  private sparkLabel = wordsOnce((market: string) => i18n.t('market.recentPrices', { market }));

  shouldComponentUpdate(next: CellProps): boolean {
    if (next.id !== this.props.id) return true;
    const was = inputsOf(this.props);
    const now = inputsOf(next);
    return now.some((v, i) => v !== was[i]);
  }

  render() {
    const props = this.props;
    return (
      <td class={`${CELL_CLASS[props.id]}${NUMERIC.has(props.id) ? ' num' : ''}`} style={props.place}>
        {content(props, this.sparkLabel)}
      </td>
    );
  }
}
