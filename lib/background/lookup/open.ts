// Opening Marketside's pages from the background: the lookup popup, a market in the side panel.
// Chrome lets `sidePanel.open` run only in response to a user action (a menu click, a keyboard command,
// a notification click), and only if it is called before anything is awaited; Firefox has the same rule
// for `sidebarAction.open`. When the browser refuses, the page opens in a tab instead.
import { browser } from 'wxt/browser';
import { isFirefox } from '../../browser-kind';
import { type LookupTarget, popupPath } from '../../lookup/query';
import { popupLastQuery } from '../../popup/last-query';
import { openRoute } from '../../sidepanel/route';

interface FirefoxSidebar {
  sidebarAction?: { open(): Promise<void> };
}

/** Opens the side panel (sidebar); call it synchronously from the user's action. Resolves to how it opened. */
export function openSidePanel(windowId?: number): Promise<'panel' | 'tab'> {
  let opening: Promise<unknown>;
  try {
    if (isFirefox) {
      const sidebar = (browser as unknown as FirefoxSidebar).sidebarAction;
      opening = sidebar ? sidebar.open() : Promise.reject(new Error('No sidebar'));
    } else {
      opening = browser.sidePanel.open({ windowId: windowId ?? browser.windows.WINDOW_ID_CURRENT });
    }
  } catch (err) {
    opening = Promise.reject(err);
  }
  return opening.then(
    () => 'panel' as const,
    async () => {
      await browser.tabs.create({ url: browser.runtime.getURL('/sidepanel.html') });
      return 'tab' as const;
    },
  );
}

/** Shows a market in the side panel: the route first (the panel reads it on open and follows changes). */
export function openMarketInPanel(epic: string, windowId?: number): Promise<'panel' | 'tab'> {
  const routed = openRoute({ view: 'market', epic });
  const opened = openSidePanel(windowId);
  return Promise.all([routed, opened]).then(([, how]) => how);
}

/** A small window with the popup page, for when the toolbar popup cannot be opened. */
async function openPopupWindow(target: LookupTarget): Promise<void> {
  await browser.windows.create({
    url: browser.runtime.getURL(popupPath(target)),
    type: 'popup',
    width: 380,
    height: 600,
  });
}

/**
 * The lookup for a selection: a search opens the toolbar popup with the text as its query (the popup
 * shows this session's last query on open); an epic, or a browser that will not open the popup, gets
 * the popup page in a small window with `?q=` or `?epic=`.
 */
export async function openLookup(target: LookupTarget): Promise<'popup' | 'window'> {
  if (target.kind === 'search' && browser.action?.openPopup) {
    const written = popupLastQuery.setValue(target.q);
    try {
      // Firefox opens the popup only straight from the user's action; Chrome (127+) at any time, so it
      // waits for the query to be stored before the popup reads it.
      if (!isFirefox) await written;
      await browser.action.openPopup();
      await written;
      return 'popup';
    } catch {
      await written.catch(() => undefined);
    }
  }
  await openPopupWindow(target);
  return 'window';
}

/** Where omnibox Enter goes: the current tab, or a new one in front or behind. */
export async function openPage(
  path: `/popup.html?${string}`,
  where: { newTab: boolean; active: boolean },
): Promise<void> {
  const url = browser.runtime.getURL(path);
  if (where.newTab) {
    await browser.tabs.create({ url, active: where.active });
    return;
  }
  // No tab id: the active tab of the window the user typed in.
  await browser.tabs.update({ url });
}
