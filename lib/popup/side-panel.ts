// Opens a market in the side panel (Chrome) or sidebar (Firefox) from a click in the popup.

import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import { i18n } from '#i18n';
import { lazyItem } from '../settings/registry';
import { SIDEPANEL_ROUTE_KEY } from '../settings/stored-items';
import type { SidepanelRoute } from '../sidepanel/route';
import { postRoute } from '../sidepanel/route-channel';

/**
 * The side panel's route item, the same key and shape as lib/sidepanel/route.ts, declared here without
 * that module's parser so that the popup does not load the validation library for one write.
 */
const sidepanelRoute = lazyItem(() =>
  storage.defineItem<SidepanelRoute | null>(`session:${SIDEPANEL_ROUTE_KEY}`, { fallback: null }),
);

interface FirefoxSidebar {
  sidebarAction?: { open(): Promise<void> };
}

/**
 * Call synchronously from the click handler (both browsers open the panel only for a user gesture);
 * the returned promise settles when the panel opened.
 */
export function openMarketInSidePanel(epic: string, windowId: number | null): Promise<void> {
  // The panel reads the stored route when it opens; an open one hears it posted.
  const value: SidepanelRoute = { view: 'market', epic, at: Date.now() };
  postRoute(value);
  const route = sidepanelRoute.setValue(value);
  const firefox = (browser as unknown as FirefoxSidebar).sidebarAction;
  const opened = firefox
    ? firefox.open()
    : windowId !== null
      ? browser.sidePanel.open({ windowId })
      : Promise.reject(new Error(i18n.t('lastWords.noWindow')));
  return Promise.all([route, opened]).then(() => undefined);
}
