// The watchlist table's layout and header (components/sidepanel/WatchlistTable.tsx): pure, tested without a browser.
import { trendOf } from '../format';
import type { SortColumn } from '../settings/prefs';

export const ROW_HEIGHT = 48;
export const COMPACT_ROW_HEIGHT = 40;
/** The sticky header's height (CSS .wl-head, two lines like the rows): rows start below it in the scroller. */
export const HEAD_HEIGHT = 36;
/** Rows rendered past the last one on screen. */
export const OVERSCAN = 6;

export const rowHeightFor = (sparklines: boolean) => (sparklines ? ROW_HEIGHT : COMPACT_ROW_HEIGHT);

export const columns: { id: SortColumn; label: string; short: string }[] = [
  { id: 'name', label: 'Market', short: 'Market' },
  { id: 'bid', label: 'Bid', short: 'Bid' },
  { id: 'offer', label: 'Offer', short: 'Offer' },
  { id: 'change', label: 'Change', short: 'Chg' },
  { id: 'changePct', label: 'Change %', short: 'Chg %' },
  { id: 'sentiment', label: 'Client sentiment', short: 'Sentiment' },
  { id: 'status', label: 'Market status', short: 'Status' },
];

/** A sort button's name holds the header's visible text, so that speech users can say what they see. */
export function sortName(c: { label: string; short: string }): string {
  return c.label.toLowerCase().includes(c.short.toLowerCase())
    ? `Sort by ${c.label}`
    : `${c.short}: sort by ${c.label}`;
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
