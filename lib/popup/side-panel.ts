// Opens a market in the side panel (Chrome) or sidebar (Firefox) from a click in the popup.

import { browser } from 'wxt/browser';
import { i18n } from '#i18n';
import { sendRoute } from '../sidepanel/route-channel';

interface FirefoxSidebar {
  sidebarAction?: { open(): Promise<void> };
}

/**
 * Call synchronously from the click handler (both browsers open the panel only for a user gesture);
 * the returned promise settles when the panel opened.
 */
export function openMarketInSidePanel(epic: string, windowId: number | null): Promise<void> {
  // The panel reads the stored route when it opens; an open one hears it posted.
  const route = sendRoute({ view: 'market', epic });
  const firefox = (browser as unknown as FirefoxSidebar).sidebarAction;
  const opened = firefox
    ? firefox.open()
    : windowId !== null
      ? browser.sidePanel.open({ windowId })
      : Promise.reject(new Error(i18n.t('lastWords.noWindow')));
  return Promise.all([route, opened]).then(() => undefined);
}
