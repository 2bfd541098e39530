// A page's live channel to the background (side panel, settings page): a runtime Port, visible while the
// page is shown, closed when the page goes away.
import { browser } from 'wxt/browser';
import { LIVE_PORT } from '../messages/contract';
import { LiveLink } from './live';

/** `keepAwakeMs`: the page shows prices and asks for the stream (Firefox, lib/stream/keep-awake). */
export function openPageLive(keepAwakeMs: number | null = null): LiveLink {
  const live = new LiveLink(() => browser.runtime.connect({ name: LIVE_PORT }), undefined, keepAwakeMs);
  live.setVisible(document.visibilityState === 'visible');
  live.start();
  document.addEventListener('visibilitychange', () => live.setVisible(document.visibilityState === 'visible'));
  addEventListener('pagehide', () => live.close());
  return live;
}
