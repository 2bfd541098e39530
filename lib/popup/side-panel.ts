// Opens a market in the side panel (Chrome) or sidebar (Firefox) from a click in the popup.
import { browser } from 'wxt/browser';
import { openRoute } from '../sidepanel/route';

interface FirefoxSidebar {
  sidebarAction?: { open(): Promise<void> };
}

/**
 * Call synchronously from the click handler (both browsers open the panel only for a user gesture);
 * the returned promise settles when the panel opened.
 */
export function openMarketInSidePanel(epic: string, windowId: number | null): Promise<void> {
  // The panel reads the route when it opens and listens for changes, so the two may land in any order.
  const route = openRoute({ view: 'market', epic });
  const firefox = (browser as unknown as FirefoxSidebar).sidebarAction;
  const opened = firefox
    ? firefox.open()
    : windowId !== null
      ? browser.sidePanel.open({ windowId })
      : Promise.reject(new Error('No browser window to open the side panel in'));
  return Promise.all([route, opened]).then(() => undefined);
}
