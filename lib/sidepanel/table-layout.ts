// The watchlist table's layout and header (components/sidepanel/WatchlistTable.tsx), kept apart so the side
// panel's early screen (lib/sidepanel/first-screen.ts) lays out the same rows without the component.
import { i18n } from '#i18n';
import { trendOf } from '../format';
import type { SortColumn } from '../settings/prefs';

export const ROW_HEIGHT = 48;
export const COMPACT_ROW_HEIGHT = 40;
/** The sticky header's height (CSS .wl-head, two lines like the rows): rows start below it in the scroller. */
export const HEAD_HEIGHT = 36;
/** Rows rendered past the last one on screen. */
export const OVERSCAN = 6;

export const rowHeightFor = (sparklines: boolean) => (sparklines ? ROW_HEIGHT : COMPACT_ROW_HEIGHT);

/** A column's header: its full name and the short one shown, in the UI's language when read. */
function column(id: SortColumn, label: () => string, short: () => string) {
  return {
    id,
    get label() {
      return label();
    },
    get short() {
      return short();
    },
  };
}

export const columns: { id: SortColumn; readonly label: string; readonly short: string }[] = [
  column(
    'name',
    () => i18n.t('column.market'),
    () => i18n.t('column.market'),
  ),
  column(
    'bid',
    () => i18n.t('term.bid'),
    () => i18n.t('term.bid'),
  ),
  column(
    'offer',
    () => i18n.t('term.offer'),
    () => i18n.t('term.offer'),
  ),
  column(
    'change',
    () => i18n.t('term.change'),
    () => i18n.t('column.changeShort'),
  ),
  column(
    'changePct',
    () => i18n.t('column.changePct'),
    () => i18n.t('column.changePctShort'),
  ),
  column(
    'sentiment',
    () => i18n.t('term.clientSentiment'),
    () => i18n.t('column.sentimentShort'),
  ),
  column(
    'status',
    () => i18n.t('column.status'),
    () => i18n.t('column.statusShort'),
  ),
];

/** A sort button's name holds the header's visible text, so that speech users can say what they see. */
export function sortName(c: { label: string; short: string }): string {
  // Whole words: axe wants the visible text as a word of the name ("Stimmung" is not one in "Kundenstimmung").
  return ` ${c.label.toLowerCase()} `.includes(` ${c.short.toLowerCase()} `)
    ? i18n.t('column.sortBy', { label: c.label })
    : i18n.t('column.shortSortBy', { short: c.short, label: c.label });
}

/** The arrow before a percentage change. */
export function arrowOf(value: number | null): string {
  const trend = trendOf(value);
  return trend === 'up' ? '▲ ' : trend === 'down' ? '▼ ' : '';
}

/**
 * How many rows the table's first render holds: @tanstack/virtual-core's first range with the list at the
 * top of a `viewportHeight` scroller (the rows up to the first reaching its bottom) plus the overscan.
 */
export function firstRenderRows(count: number, rowHeight: number, viewportHeight: number): number {
  if (count <= 0 || viewportHeight <= 0) return 0;
  let end = 0;
  while (end < count - 1 && HEAD_HEIGHT + (end + 1) * rowHeight < viewportHeight) end++;
  return Math.min(end + OVERSCAN, count - 1) + 1;
}

/** The height the table assumes until it is measured (useVirtualRows' initial rect). */
export function assumedViewportHeight(): number {
  return (typeof window === 'undefined' ? 0 : window.innerHeight) || 600;
}
