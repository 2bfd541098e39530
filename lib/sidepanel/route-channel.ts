// The side panel follows routes posted on this channel instead of watching storage.session: a storage
// listener is handed every change of the whole area, old and new value (the worker's first-paint
// snapshot, ~0.5 MB for a 200-market list, once a second while prices stream). The channel reaches
// every page of the extension and its worker (Chrome) or event page (Firefox) that listens.

export const ROUTE_CHANNEL = 'marketside:sidepanel-route';

/** Tells an open side panel to show `route` (its writer also stores it for the panel's next opening). */
export function postRoute(route: object): void {
  if (typeof BroadcastChannel !== 'function') return;
  const channel = new BroadcastChannel(ROUTE_CHANNEL);
  channel.postMessage(route);
  channel.close();
}

/** Calls back with each route posted by any other page or the worker; returns the stop. */
export function listenRoutes(callback: (value: unknown) => void): () => void {
  if (typeof BroadcastChannel !== 'function') return () => undefined;
  const channel = new BroadcastChannel(ROUTE_CHANNEL);
  channel.onmessage = (event: MessageEvent) => callback(event.data);
  return () => channel.close();
}
