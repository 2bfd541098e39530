// The watchlist table's layout and header (components/sidepanel/WatchlistTable.tsx): pure, tested without a browser.
import { i18n } from '#i18n';
import { trendOf } from '../format';
import type { SortColumn } from '../settings/prefs';
import { COLUMN_DEFS } from '../watchlists/columns';

export const ROW_HEIGHT = 48;
export const COMPACT_ROW_HEIGHT = 40;
/** The sticky header's height (CSS .wl-head, two lines like the rows): rows start below it in the scroller. */
export const HEAD_HEIGHT = 36;
/** Rows rendered past the last one on screen. */
export const OVERSCAN = 6;

export const rowHeightFor = (sparklines: boolean) => (sparklines ? ROW_HEIGHT : COMPACT_ROW_HEIGHT);

/**
 * Today's columns below this table width (a 320 px side panel less its padding; Firefox's sidebar opens at
 * 240 px) take three lines (CSS .wl-narrow): two whole prices, decimal points aligned, leave no room on their
 * line for the market's name, nor for status, sentiment and changes on another.
 */
export const NARROW_BELOW = 304;
export const NARROW_ROW_HEIGHT = 56;
export const NARROW_HEAD_HEIGHT = 54;

/** Today's columns at a table width: two lines, or three when narrow (the sparkline is hidden then). */
export function defaultLayout(width: number, sparklines: boolean) {
  const narrow = width > 0 && width < NARROW_BELOW;
  return narrow
    ? { narrow, rowHeight: NARROW_ROW_HEIGHT, headHeight: NARROW_HEAD_HEIGHT }
    : { narrow, rowHeight: rowHeightFor(sparklines), headHeight: HEAD_HEIGHT };
}

/** The default layout's headers: the market's name, then the chosen columns' own definitions. */
export const columns: { id: SortColumn; readonly label: string; readonly short: string }[] = [
  {
    id: 'name',
    get label() {
      return i18n.t('column.market');
    },
    get short() {
      return i18n.t('column.market');
    },
  },
  ...(['bid', 'offer', 'change', 'changePct', 'sentiment', 'status'] as const).map((id) => COLUMN_DEFS[id]),
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

/** The height the table assumes until it is measured (useVirtualRows' initial rect). */
export function assumedViewportHeight(): number {
  return (typeof window === 'undefined' ? 0 : window.innerHeight) || 600;
}

/** A line of the layout of chosen columns (CSS .wl-custom): the name on the first, the columns below. */
export const CUSTOM_LINE = 17;
/** The narrowest a chosen column gets; the panel's width sets how many fit on a line. */
export const CUSTOM_MIN_COLUMN = 62;
/** The row's padding and the remove button's track, in px (CSS .wl-row, --wl-act). */
const CUSTOM_CHROME = 29;
/** The gap before each track (CSS .wl-row column-gap). */
const CUSTOM_GAP = 4;

/**
 * The layout of chosen columns at a width: as many columns on a line as fit at their narrowest, the market's
 * name on a line above them; header and rows share it, so each label stands over its values. A column is
 * never narrower than `numberPx`, the widest number a column holds (decimal points aligned): a number is
 * never clipped, the columns wrap onto another line instead.
 */
export function customLayout(columnCount: number, width: number, numberPx = 0) {
  const narrowest = Math.max(CUSTOM_MIN_COLUMN, Math.ceil(numberPx));
  const fit = Math.floor((Math.max(width, 200) - CUSTOM_CHROME) / (narrowest + CUSTOM_GAP));
  const perLine = Math.max(1, Math.min(columnCount, fit));
  const lines = 1 + Math.ceil(columnCount / perLine);
  return { perLine, lines, rowHeight: lines * CUSTOM_LINE + 6, headHeight: lines * CUSTOM_LINE + 4 };
}
