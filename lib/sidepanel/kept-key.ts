// What the side panel's kept screen (lib/early-screen/kept.ts) shows, as a key: the watchlists view with the
// chosen list, or the History view with its period and market. The early script shows the kept screen only
// when the panel opens to the same (its stored route and chosen list); other views never keep one.
import type { PeriodKind } from './account-history';

export const watchlistsScreenKey = (selectedWatchlistId: string | null) => `watchlists:${selectedWatchlistId ?? ''}`;

export const historyScreenKey = (period: PeriodKind, epic: string | undefined) => `history:${period}:${epic ?? ''}`;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The key of the screen the panel opens to from its early reads (route, prefs), or null when it keeps none. */
export function panelOpeningKey(route: unknown, prefs: unknown, online: boolean): string | null {
  if (!online) return null;
  if (route == null || (isRecord(route) && route.view === 'watchlists')) {
    const chosen = isRecord(prefs) ? prefs.selectedWatchlistId : null;
    return watchlistsScreenKey(typeof chosen === 'string' ? chosen : null);
  }
  if (isRecord(route) && route.view === 'history')
    return historyScreenKey(
      (typeof route.period === 'string' ? route.period : 'week') as PeriodKind,
      typeof route.epic === 'string' ? route.epic : undefined,
    );
  return null;
}
