// Which view the side panel shows. Kept in storage.session so that the popup and the omnibox can
// open a market here (write the route, then open the panel) and so that reopening the panel in the
// same browser session comes back to where the user was; an open panel hears it on a channel.
import * as v from 'valibot';
import { storage } from 'wxt/utils/storage';
import { epic } from '../messages/schemas';
import { lazyItem } from '../settings/registry';
import { SIDEPANEL_ROUTE_KEY } from '../settings/stored-items';
import { listenRoutes, postRoute } from './route-channel';

export type SidepanelView = 'watchlists' | 'market' | 'browse' | 'positions' | 'alerts' | 'history';

export type SidepanelRoute =
  | { view: 'watchlists'; at?: number }
  | { view: 'market'; epic: string; at?: number }
  | { view: 'browse'; at?: number }
  | { view: 'positions'; at?: number }
  | { view: 'alerts'; at?: number }
  /** The account's history; with an epic, that market's (opened from its detail view). */
  | { view: 'history'; epic?: string; period?: 'today' | 'week' | 'month' | 'year'; at?: number };

const at = v.optional(v.number());
const routeSchema = v.variant('view', [
  v.object({ view: v.literal('watchlists'), at }),
  v.object({ view: v.literal('market'), epic, at }),
  v.object({ view: v.literal('browse'), at }),
  v.object({ view: v.literal('positions'), at }),
  v.object({ view: v.literal('alerts'), at }),
  v.object({
    view: v.literal('history'),
    epic: v.optional(epic),
    period: v.optional(v.picklist(['today', 'week', 'month', 'year'])),
    at,
  }),
]);

export const defaultRoute: SidepanelRoute = { view: 'watchlists' };

export { SIDEPANEL_ROUTE_KEY };

/**
 * The wanted route. Writers stamp `at` (epoch ms) so that asking twice for the same market still
 * reads as a change to listeners.
 */
export const sidepanelRoute = lazyItem(() =>
  storage.defineItem<SidepanelRoute | null>(`session:${SIDEPANEL_ROUTE_KEY}`, { fallback: null }),
);

/** A stored value as a route, or the default when it is missing or not one we understand. */
export function parseRoute(value: unknown): SidepanelRoute {
  const parsed = v.safeParse(routeSchema, value);
  return parsed.success ? parsed.output : defaultRoute;
}

export function sameRoute(a: SidepanelRoute, b: SidepanelRoute): boolean {
  if (a.view !== b.view) return false;
  if (a.view === 'history') return b.view === 'history' && a.epic === b.epic;
  return a.view !== 'market' || (b.view === 'market' && a.epic === b.epic);
}

/** Ask the side panel to show a route (the popup and omnibox call this before opening the panel). */
export async function openRoute(route: SidepanelRoute): Promise<void> {
  const stamped = { ...route, at: Date.now() };
  postRoute(stamped);
  await sidepanelRoute.setValue(stamped);
}

export async function readRoute(): Promise<SidepanelRoute> {
  return parseRoute(await sidepanelRoute.getValue());
}

/** Calls back with each route opened by anyone (this panel, the popup, the omnibox, a notification). */
export function watchRoute(callback: (route: SidepanelRoute) => void): () => void {
  return listenRoutes((value) => callback(parseRoute(value)));
}
