// The user's watch preferences and their defaults, apart from the registry (which re-exports them) so the
// side panel's early script can read them without the storage library.
export type Theme = 'system' | 'light' | 'dark';

import type { ColumnId } from '../watchlists/columns';

export type SortColumn = 'name' | ColumnId;

export interface Prefs {
  /** Seconds between price refreshes while a page is visible. */
  priceRefreshSec: number;
  /** Minutes between sentiment refreshes while a page is visible. */
  sentimentRefreshMin: number;
  /** Minutes between background refreshes (badge, alerts) when no page is open; alarms run at most once a minute. */
  backgroundRefreshMin: number;
  sparklines: boolean;
  theme: Theme;
  sort: { column: SortColumn; direction: 'asc' | 'desc' };
  selectedWatchlistId: string | null;
}

export const defaultPrefs: Prefs = {
  priceRefreshSec: 5,
  sentimentRefreshMin: 5,
  backgroundRefreshMin: 5,
  sparklines: true,
  theme: 'system',
  sort: { column: 'name', direction: 'asc' },
  selectedWatchlistId: null,
};
