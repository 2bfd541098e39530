// A page's live channel to the background (side panel, settings page): a runtime Port, visible while the
// page is shown, closed when the page goes away.
import { browser } from 'wxt/browser';
import { LIVE_PORT } from '../messages/contract';
import { LiveLink } from './live';

/**
 * A Port to the background. One that could not connect (the worker was stopping) ends at once with an
 * error the link answers by connecting again; reading it marks it handled, so the browser does not log
 * "Unchecked runtime.lastError".
 */
export function connectLive() {
  const port = browser.runtime.connect({ name: LIVE_PORT });
  port.onDisconnect.addListener(() => void browser.runtime.lastError);
  return port;
}

/** `keepAwakeMs`: the page shows prices and asks for the stream (Firefox, lib/stream/keep-awake).
 * `after`: connect once it settles (the side panel's first paint), so the background's answers to a new
 * port (status, the watched rows' refresh) do not compete with it. */
export function openPageLive(keepAwakeMs: number | null = null, after?: Promise<unknown>): LiveLink {
  const live = new LiveLink(connectLive, undefined, keepAwakeMs);
  live.setVisible(document.visibilityState === 'visible');
  if (after) void after.finally(() => live.start());
  else live.start();
  document.addEventListener('visibilitychange', () => live.setVisible(document.visibilityState === 'visible'));
  addEventListener('pagehide', () => live.close());
  return live;
}
