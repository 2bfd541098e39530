// Which view the side panel shows. Kept in storage.session so that the popup and the omnibox can
// open a market here (write the route, then open the panel) and so that reopening the panel in the
// same browser session comes back to where the user was; an open panel hears it on a channel.
import * as v from 'valibot';
import { epic } from '../messages/schemas';
import { orMiss } from '../or-miss';
import { SIDEPANEL_ROUTE_KEY } from '../settings/stored-items';
import { listenRoutes, type SidepanelRoute, type SidepanelView, sendRoute, storedRoute } from './route-channel';

export type { SidepanelRoute, SidepanelView };

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

/** The wanted route as stored, read through parseRoute. */
export const sidepanelRoute = storedRoute;

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
export function openRoute(route: SidepanelRoute): Promise<void> {
  return sendRoute(route);
}

/** The route stored for the panel's next opening; the watchlists when storage is refused. */
export function readRoute(): Promise<SidepanelRoute> {
  return orMiss(async () => parseRoute(await sidepanelRoute.getValue()), { view: 'watchlists' });
}

/** Calls back with each route opened by anyone (this panel, the popup, the omnibox, a notification). */
export function watchRoute(callback: (route: SidepanelRoute) => void): () => void {
  return listenRoutes((value) => callback(parseRoute(value)));
}
