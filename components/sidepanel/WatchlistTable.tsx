// The rows of a watchlist: sortable, virtualised (a 500-market list keeps a few dozen rows in the DOM),
// each row flashing briefly when its price moves, under its section when the list has sections. Today's
// columns keep the two-line layout the early screen paints; chosen columns wrap onto as many lines as the
// panel's width needs. It reports the rows on screen so that only those (plus a margin) are kept live.

import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import type { SortColumn } from '../../lib/settings/prefs';
import type { LiveRows } from '../../lib/sidepanel/live-rows';
import { columnWidths, rowNumbersOf } from '../../lib/sidepanel/number-columns';
import { nextSort, type RowModel, type SortChoice, type SortedRows, sortRowsFrom } from '../../lib/sidepanel/rows';
import {
  CUSTOM_LINE,
  customLayout,
  columns as defaultHeaders,
  defaultLayout,
  OVERSCAN,
  sortName,
} from '../../lib/sidepanel/table-layout';
import { COLUMN_DEFS, type ColumnId, DEFAULT_COLUMNS } from '../../lib/watchlists/columns';
import { displayItems, emptyLayout, type FlagColour, type ListLayout } from '../../lib/watchlists/marks';

const NONE: Record<string, never> = {};

import { useNumberMetrics } from './useNumberMetrics';
import { useVirtualRows } from './useVirtualRows';
import { placeAt, type RowActions, WatchlistRow } from './WatchlistRow';

interface Props {
  rows: RowModel[];
  /** Chosen columns; absent: today's columns in the two-line layout. */
  columns?: ColumnId[] | null;
  /** The list's sections. */
  layout?: ListLayout;
  flags?: Record<string, FlagColour>;
  notes?: Record<string, string>;
  /** Only markets of this flag are shown. */
  filter?: FlagColour | null;
  onFlag?: (row: RowModel) => void;
  onStep?: (row: RowModel, by: -1 | 1) => void;
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
  /** The stream's latest quotes, which the rows on screen show between the table's draws. */
  live?: LiveRows;
  /** The rows on screen, in display order, whenever they change. */
  onVisible?: (sorted: RowModel[], range: { startIndex: number; endIndex: number } | null) => void;
}

/** The scroller's width and the width of a digit in its cells, for the table's layout at that width. */
function useWidth(el: { current: HTMLElement | null }): { width: number; ch: number } {
  const [width, setWidth] = useState(0);
  const [ch, setCh] = useState(0);
  useEffect(() => {
    const node = el.current;
    if (!node) return;
    // The cells' `ch` (CSS .wl-row: 12px, tabular digits), which the number columns are measured in.
    const probe = document.createElement('span');
    probe.style.cssText = 'position:absolute;visibility:hidden;width:100ch;font-size:12px';
    node.appendChild(probe);
    setCh(probe.getBoundingClientRect().width / 100);
    probe.remove();
    setWidth(node.clientWidth);
    const watch = new ResizeObserver(() => setWidth(node.clientWidth));
    watch.observe(node);
    return () => watch.disconnect();
  }, [el]);
  return { width: width || (typeof window === 'undefined' ? 400 : window.innerWidth), ch };
}

/** The header row: drawn again when the columns, the sort or the layout change, not on every streamed frame. */
function Head(props: {
  headers: { id: SortColumn; label: string; short: string }[];
  columns: ColumnId[] | null;
  sort: SortChoice;
  perLine: number | null;
  onSort: { current: (next: SortChoice) => void };
}) {
  const { headers, columns, sort, perLine, onSort } = props;
  return (
    <thead class="wl-head">
      <tr aria-rowindex={1}>
        {headers.map((c, i) => {
          const active = sort.column === c.id;
          return (
            <th
              key={c.id}
              scope="col"
              class={`wl-th wl-th--${c.id}`}
              style={perLine && i > 0 ? placeAt(i - 1, perLine) : undefined}
              aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
            >
              <button
                type="button"
                class={`wl-sort${active ? ' wl-sort--active' : ''}`}
                aria-label={sortName(c)}
                onClick={() => onSort.current(nextSort(sort, c.id))}
              >
                {c.short}
                {active && <span aria-hidden="true">{sort.direction === 'asc' ? ' ▲' : ' ▼'}</span>}
              </button>
            </th>
          );
        })}
        {!columns && (
          <th scope="col" class="visually-hidden">
            {i18n.t('watchlist.recentPrices')}
          </th>
        )}
        <th scope="col" class="visually-hidden">
          {i18n.t('popup.actions')}
        </th>
      </tr>
    </thead>
  );
}

export function WatchlistTable(props: Props) {
  const { rows: all, columns = null, layout = emptyLayout, flags = NONE, notes = NONE, filter = null } = props;
  const { onFlag, onStep, listName, sort, onSort, sparklines, sparks, onOpen, onRemove, busyEpic, onVisible, live } =
    props;
  // A frame of prices sorts again only the rows whose sort key moved (by name: none).
  const lastSort = useRef<SortedRows | null>(null);
  const sorted = useMemo(() => {
    lastSort.current = sortRowsFrom(lastSort.current, all, sort);
    return lastSort.current.sorted;
  }, [all, sort]);
  const items = useMemo(() => displayItems(sorted, layout, flags, filter), [sorted, layout, flags, filter]);
  const rows = useMemo(() => items.flatMap((i) => (i.kind === 'row' ? [i.row] : [])), [items]);
  const sectioned = layout.sections.length > 0;
  const numbers = useMemo(() => new Map(rows.map((r) => [r.epic, rowNumbersOf(r.quote)])), [rows]);
  const widths = useMemo(() => columnWidths([...numbers.values()]), [numbers]);
  const scroller = useRef<HTMLDivElement>(null);
  const { width, ch } = useWidth(scroller);
  const metrics = useNumberMetrics(scroller);
  const custom = columns ? customLayout(columns.length, width, Math.max(widths.bidCh, widths.offerCh) * ch) : null;
  const today = custom ? null : defaultLayout(width, sparklines);
  const rowHeight = custom ? custom.rowHeight : (today?.rowHeight ?? 0);
  const headHeight = custom ? custom.headHeight : (today?.headHeight ?? 0);
  const virtualizer = useVirtualRows({
    count: items.length,
    rowHeight,
    getScrollElement: () => scroller.current,
    overscan: OVERSCAN,
    scrollMargin: headHeight,
  });

  useEffect(() => {
    virtualizer.measure();
  }, [virtualizer, rowHeight]);

  // The range in rows (sections left out) for the rows kept live.
  const range = virtualizer.range;
  const rangeKey = range ? `${range.startIndex}-${range.endIndex}` : 'none';
  const visibleCallback = useRef(onVisible);
  visibleCallback.current = onVisible;
  useEffect(() => {
    const r = virtualizer.range;
    const before = (i: number) => items.slice(0, i).filter((x) => x.kind === 'row').length;
    const inRows = r && { startIndex: before(r.startIndex), endIndex: Math.max(0, before(r.endIndex + 1) - 1) };
    visibleCallback.current?.(rows, inRows);
  }, [rows, items, rangeKey, virtualizer]);

  const focusRow = (index: number) => {
    if (index < 0 || index >= items.length) return;
    const target = () => scroller.current?.querySelector<HTMLElement>(`[data-open-index="${index}"]`);
    virtualizer.scrollToIndex(index, { align: 'auto' });
    // A row already drawn (the next one almost always is) takes the focus at once, so a key pressed again
    // before the next frame (auto-repeat on a busy, streaming page) moves on from it; a row further off is
    // drawn by the scroll first.
    const drawn = target();
    if (drawn) drawn.focus({ preventScroll: true });
    else requestAnimationFrame(() => target()?.focus());
  };
  /** The nearest market row from `index` going `by`, skipping section separators. */
  const rowFrom = (index: number, by: number) => {
    let i = Math.max(0, Math.min(items.length - 1, index));
    while (items[i]?.kind === 'section' && i + Math.sign(by || 1) >= 0 && i + Math.sign(by || 1) < items.length)
      i += Math.sign(by || 1);
    return items[i]?.kind === 'row' ? i : index;
  };

  const onRowKey = (event: KeyboardEvent, index: number, row: RowModel) => {
    const step: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: 10, PageUp: -10 };
    if (event.key in step) {
      event.preventDefault();
      focusRow(rowFrom(index + step[event.key]!, step[event.key]!));
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      focusRow(event.key === 'Home' ? rowFrom(0, 1) : rowFrom(items.length - 1, -1));
    } else if ((event.key === 'f' || event.key === 'F') && onFlag && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      onFlag(row);
    } else if ((event.key === '[' || event.key === ']') && sectioned && onStep) {
      event.preventDefault();
      onStep(row, event.key === '[' ? -1 : 1);
      // The row moves; keep the focus on it once the table is drawn again.
      requestAnimationFrame(() =>
        scroller.current?.querySelector<HTMLElement>(`[data-epic="${CSS.escape(row.epic)}"] .wl-name .link`)?.focus(),
      );
    }
  };

  const actions = useRef<RowActions>({ open: onOpen, key: onRowKey, remove: onRemove });
  actions.current = { open: onOpen, key: onRowKey, remove: onRemove };

  const shown = columns ?? DEFAULT_COLUMNS;
  const gridStyle = custom
    ? {
        '--wl-per': String(custom.perLine),
        '--wl-lines': String(custom.lines),
        '--wl-line': `${CUSTOM_LINE}px`,
        '--wl-head': `${headHeight}px`,
      }
    : {};
  // The header draws again only when the columns, the sort or the layout change, not on every streamed frame.
  const sortCallback = useRef(onSort);
  sortCallback.current = onSort;
  const perLine = custom?.perLine ?? null;
  const headers = useMemo(
    () => (columns ? [defaultHeaders[0]!, ...columns.map((c) => COLUMN_DEFS[c])] : defaultHeaders),
    [columns],
  );
  const head = useMemo(
    () => <Head headers={headers} columns={columns} sort={sort} perLine={perLine} onSort={sortCallback} />,
    // headers follow from columns.
    [columns, sort, perLine],
  );
  const tableLabel = useMemo(() => i18n.t('watchlist.tableLabel', { watchlist: listName }), [listName]);
  return (
    <div
      ref={scroller}
      class={`wl-scroll${sparklines ? '' : ' wl-compact'}${custom ? ' wl-custom' : ''}${today?.narrow ? ' wl-narrow' : ''}`}
      data-testid="panel-rows"
      style={{
        '--wl-frac': `${widths.fractionCh}ch`,
        '--wl-bid': `${widths.bidCh}ch`,
        '--wl-offer': `${widths.offerCh}ch`,
        ...metrics,
        ...gridStyle,
      }}
    >
      <table class="wl-table" aria-label={tableLabel} aria-rowcount={items.length + 1}>
        {head}
        <tbody style={{ height: `${virtualizer.getTotalSize()}px` }}>
          {virtualizer.getVirtualItems().map((item) => {
            const entry = items[item.index];
            if (!entry) return null;
            const place = { top: `${item.start - headHeight}px`, height: `${item.size}px` };
            if (entry.kind === 'section')
              return (
                <tr
                  key={`s:${entry.section.id}`}
                  aria-rowindex={item.index + 2}
                  class="wl-row wl-section"
                  style={place}
                >
                  <th scope="rowgroup" colSpan={shown.length + 2}>
                    {entry.section.name} <span class="muted">({entry.count})</span>
                  </th>
                </tr>
              );
            const row = entry.row;
            return (
              <WatchlistRow
                key={row.epic}
                row={row}
                index={item.index}
                top={item.start - headHeight}
                height={item.size}
                flag={flags[row.epic]}
                note={notes[row.epic]}
                spark={sparks.get(row.epic)}
                sparklines={sparklines}
                shown={shown}
                perLine={custom ? custom.perLine : null}
                listName={listName}
                removable={!!onRemove}
                busy={busyEpic === row.epic}
                actions={actions}
                live={live}
              />
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
