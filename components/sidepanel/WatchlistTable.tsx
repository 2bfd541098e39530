// The rows of a watchlist: sortable, virtualised (a 500-market list keeps a few dozen rows in the DOM),
// each row flashing briefly when its price moves. It reports the rows on screen so that only those
// (plus a margin) are kept live.

import { useEffect, useMemo, useRef } from 'preact/hooks';
import { i18n } from '#i18n';
import { trendOf } from '../../lib/format';
import type { MarketQuote } from '../../lib/model';
import { columnWidths, rowNumbers, splitDecimal } from '../../lib/sidepanel/number-columns';
import { type Flash, nextSort, priceMoves, type RowModel, type SortChoice, sortRows } from '../../lib/sidepanel/rows';
import { arrowOf, columns, HEAD_HEIGHT, OVERSCAN, rowHeightFor, sortName } from '../../lib/sidepanel/table-layout';
import { MarketStatusTag } from '../MarketStatusTag';
import { SentimentBar } from '../SentimentBar';
import { Sparkline } from '../Sparkline';
import { StaleMark } from '../StaleMark';
import { useVirtualRows } from './useVirtualRows';

const FLASH_MS = 1500;

interface Props {
  rows: RowModel[];
  listName: string;
  sort: SortChoice;
  onSort(next: SortChoice): void;
  sparklines: boolean;
  sparks: Map<string, (number | null)[]>;
  onOpen(epic: string): void;
  /** Absent when the list cannot be edited (system lists). */
  onRemove?: (row: RowModel) => void;
  /** The epic whose removal is under way. */
  busyEpic?: string | null;
  /** The rows on screen, in display order, whenever they change. */
  onVisible?: (sorted: RowModel[], range: { startIndex: number; endIndex: number } | null) => void;
}

/** A price or change split at its point: the points of a column line up (CSS .dec). */
function Decimal({ text }: { text: string }) {
  const [whole, fraction] = splitDecimal(text);
  return (
    <>
      {whole}
      <span class="dec">{fraction}</span>
    </>
  );
}

interface FlashMark {
  dir: Flash;
  at: number;
  seq: number;
}

/** Remembers each row's last price and marks the rows whose price moved since the previous rows. */
function useFlashes(rows: RowModel[]): Map<string, FlashMark> {
  const state = useRef<{ rows: RowModel[] | null; quotes: Map<string, MarketQuote>; marks: Map<string, FlashMark> }>({
    rows: null,
    quotes: new Map(),
    marks: new Map(),
  });
  const s = state.current;
  if (s.rows !== rows) {
    const now = Date.now();
    for (const [epic, dir] of priceMoves(
      s.quotes,
      rows.map((r) => r.quote),
    )) {
      s.marks.set(epic, { dir, at: now, seq: (s.marks.get(epic)?.seq ?? 0) + 1 });
    }
    for (const [epic, mark] of s.marks) if (now - mark.at > FLASH_MS) s.marks.delete(epic);
    s.rows = rows;
    s.quotes = new Map(rows.map((r) => [r.epic, r.quote]));
  }
  return s.marks;
}

export function WatchlistTable(props: Props) {
  const { rows, listName, sort, onSort, sparklines, sparks, onOpen, onRemove, busyEpic, onVisible } = props;
  const sorted = useMemo(() => sortRows(rows, sort), [rows, sort]);
  const numbers = useMemo(() => new Map(rows.map((r) => [r.epic, rowNumbers(r.quote)])), [rows]);
  const widths = useMemo(() => columnWidths([...numbers.values()]), [numbers]);
  const flashes = useFlashes(rows);
  const scroller = useRef<HTMLDivElement>(null);
  const rowHeight = rowHeightFor(sparklines);
  const virtualizer = useVirtualRows({
    count: sorted.length,
    rowHeight,
    getScrollElement: () => scroller.current,
    overscan: OVERSCAN,
    scrollMargin: HEAD_HEIGHT,
  });

  useEffect(() => {
    virtualizer.measure();
  }, [virtualizer, rowHeight]);

  const range = virtualizer.range;
  const rangeKey = range ? `${range.startIndex}-${range.endIndex}` : 'none';
  const visibleCallback = useRef(onVisible);
  visibleCallback.current = onVisible;
  useEffect(() => {
    visibleCallback.current?.(sorted, virtualizer.range);
  }, [sorted, rangeKey, virtualizer]);

  const focusRow = (index: number) => {
    if (index < 0 || index >= sorted.length) return;
    virtualizer.scrollToIndex(index, { align: 'auto' });
    requestAnimationFrame(() => {
      scroller.current?.querySelector<HTMLElement>(`[data-open-index="${index}"]`)?.focus();
    });
  };

  const onRowKey = (event: KeyboardEvent, index: number) => {
    const step: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: 10, PageUp: -10 };
    if (event.key in step) {
      event.preventDefault();
      focusRow(Math.max(0, Math.min(sorted.length - 1, index + step[event.key]!)));
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      focusRow(event.key === 'Home' ? 0 : sorted.length - 1);
    }
  };

  const now = Date.now();
  return (
    <div
      ref={scroller}
      class={`wl-scroll${sparklines ? '' : ' wl-compact'}`}
      data-testid="panel-rows"
      style={{
        '--wl-frac': `${widths.fractionCh}ch`,
        '--wl-bid': `${widths.bidCh}ch`,
        '--wl-offer': `${widths.offerCh}ch`,
      }}
    >
      <table
        class="wl-table"
        aria-label={i18n.t('watchlist.tableLabel', { watchlist: listName })}
        aria-rowcount={sorted.length + 1}
      >
        <thead class="wl-head">
          <tr aria-rowindex={1}>
            {columns.map((c) => {
              const active = sort.column === c.id;
              return (
                <th
                  key={c.id}
                  scope="col"
                  class={`wl-th wl-th--${c.id}`}
                  aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
                >
                  <button
                    type="button"
                    class={`wl-sort${active ? ' wl-sort--active' : ''}`}
                    aria-label={sortName(c)}
                    onClick={() => onSort(nextSort(sort, c.id))}
                  >
                    {c.short}
                    {active && <span aria-hidden="true">{sort.direction === 'asc' ? ' ▲' : ' ▼'}</span>}
                  </button>
                </th>
              );
            })}
            <th scope="col" class="visually-hidden">
              {i18n.t('watchlist.recentPrices')}
            </th>
            <th scope="col" class="visually-hidden">
              {i18n.t('popup.actions')}
            </th>
          </tr>
        </thead>
        <tbody style={{ height: `${virtualizer.getTotalSize()}px` }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = sorted[item.index];
            if (!row) return null;
            const flash = flashes.get(row.epic);
            const flashClass = flash && now - flash.at < FLASH_MS ? ` flash-${flash.dir}-${flash.seq % 2}` : '';
            const q = row.quote;
            const n = numbers.get(row.epic) ?? rowNumbers(q);
            const spark = sparks.get(row.epic);
            return (
              <tr
                key={row.epic}
                aria-rowindex={item.index + 2}
                class={`wl-row${flashClass}`}
                data-testid="panel-row"
                data-epic={row.epic}
                style={{ transform: `translateY(${item.start - HEAD_HEIGHT}px)`, height: `${item.size}px` }}
              >
                <td class="wl-name">
                  <button
                    type="button"
                    class="link"
                    data-open-index={item.index}
                    onClick={() => onOpen(row.epic)}
                    onKeyDown={(e) => onRowKey(e, item.index)}
                  >
                    {q.instrumentName}
                  </button>
                  <span class="wl-epic muted">{row.epic}</span>
                </td>
                <td class="wl-bid num">
                  <Decimal text={n.bid} />
                </td>
                <td class="wl-offer num">
                  <Decimal text={n.offer} />
                </td>
                <td class="wl-chg num">
                  <span class={trendOf(q.netChange)}>
                    <Decimal text={n.change} />
                  </span>
                </td>
                <td class="wl-pct num">
                  <span class={trendOf(q.percentageChange)}>
                    <span aria-hidden="true">{arrowOf(q.percentageChange)}</span>
                    {n.pct}
                  </span>
                </td>
                <td class="wl-sent">
                  {row.sentiment ? (
                    <SentimentBar
                      long={row.sentiment.longPositionPercentage}
                      short={row.sentiment.shortPositionPercentage}
                      compact
                    />
                  ) : (
                    <span class="muted" title={i18n.t('watchlist.noSentiment')}>
                      –
                    </span>
                  )}
                </td>
                <td class="wl-stat">
                  <MarketStatusTag status={q.marketStatus} />
                  <StaleMark stale={row.stale} fetchedAt={row.fetchedAt} />
                </td>
                <td class="wl-spark">
                  {sparklines && (
                    <Sparkline
                      values={spark ?? []}
                      width={64}
                      height={18}
                      label={i18n.t('market.recentPrices', { market: q.instrumentName })}
                    />
                  )}
                </td>
                <td class="wl-act">
                  {onRemove && (
                    <button
                      type="button"
                      class="icon"
                      aria-label={i18n.t('watchlist.remove', { market: q.instrumentName, watchlist: listName })}
                      disabled={busyEpic === row.epic}
                      onClick={() => onRemove(row)}
                    >
                      ×
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
