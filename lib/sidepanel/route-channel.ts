// How a route reaches the side panel: stored in storage.session for its next opening, and posted on a channel
// to an open panel, which follows the channel instead of watching storage.session (a storage listener is
// handed every change of the whole area, old and new value: the worker's first-paint snapshot, ~0.5 MB for a
// 200-market list, once a second while prices stream). The channel reaches every page of the extension and
// its worker (Chrome) or event page (Firefox) that listens. No parser here (route.ts reads the stored value
// through one), so that the popup does not load the validation library for one write.
import { storage } from 'wxt/utils/storage';
import { lazyItem } from '../settings/registry';
import { SIDEPANEL_ROUTE_KEY } from '../settings/stored-items';

export type SidepanelView = 'watchlists' | 'market' | 'browse' | 'positions' | 'alerts' | 'history';

export type SidepanelRoute =
  | { view: 'watchlists'; at?: number }
  | { view: 'market'; epic: string; at?: number }
  | { view: 'browse'; at?: number }
  | { view: 'positions'; at?: number }
  | { view: 'alerts'; at?: number }
  /** The account's history; with an epic, that market's (opened from its detail view). */
  | { view: 'history'; epic?: string; period?: 'today' | 'week' | 'month' | 'year'; at?: number };

export const ROUTE_CHANNEL = 'marketside:sidepanel-route';

/** The route the panel shows when it opens, kept for this browser session. */
export const storedRoute = lazyItem(() =>
  storage.defineItem<unknown>(`session:${SIDEPANEL_ROUTE_KEY}`, { fallback: null }),
);

/** Tells an open side panel to show `route` (its writer also stores it for the panel's next opening). */
export function postRoute(route: object): void {
  if (typeof BroadcastChannel !== 'function') return;
  const channel = new BroadcastChannel(ROUTE_CHANNEL);
  channel.postMessage(route);
  channel.close();
}

/**
 * Shows `route` in the side panel: posted to an open one, stored for the next opening. Stamped with `at` (epoch
 * ms) so that asking twice for the same market still reads as a change. The post goes before this returns.
 */
export function sendRoute(route: SidepanelRoute): Promise<void> {
  const stamped = { ...route, at: Date.now() };
  postRoute(stamped);
  return storedRoute.setValue(stamped);
}

/** Calls back with each route posted by any other page or the worker; returns the stop. */
export function listenRoutes(callback: (value: unknown) => void): () => void {
  if (typeof BroadcastChannel !== 'function') return () => undefined;
  const channel = new BroadcastChannel(ROUTE_CHANNEL);
  channel.onmessage = (event: MessageEvent) => callback(event.data);
  return () => channel.close();
}
