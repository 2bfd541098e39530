// Quick lookup from anywhere: the "Look up in Marketside" menu on selected text, the `ms` omnibox
// keyword, and the keyboard command that opens the side panel (Chrome; Firefox opens its sidebar
// natively through `_execute_sidebar_action`). Listeners are added synchronously when the worker starts,
// as Manifest V3 requires, and the functions they call are exported for tests. The menu and the command act
// at once, since the browser opens the popup (Firefox) and the side panel only straight from the user's
// action.
import { browser } from 'wxt/browser';
import { isFirefox } from '../../browser-kind';
import { lookupTargetOf } from '../../lookup/query';
import type { MarketQuote } from '../../model';
import { createOmnibox } from './omnibox';
import { openLookup, openSidePanel } from './open';

export const MENU_ID = 'marketside-lookup';
export const SIDE_PANEL_COMMAND = 'open-side-panel';

export interface LookupDeps {
  /** The market-watch service's search (cached; may throw when signed out or offline). */
  search(term: string): Promise<MarketQuote[]>;
}

/** (Re)creates the selection menu entry; menus persist, so creating twice would fail without the removeAll. */
export async function createLookupMenu(): Promise<void> {
  await browser.contextMenus.removeAll();
  browser.contextMenus.create({ id: MENU_ID, title: 'Look up in Marketside', contexts: ['selection'] });
}

/** The menu click: the selected text, looked up. */
export async function onLookupMenuClicked(info: { menuItemId: string | number; selectionText?: string }) {
  if (info.menuItemId !== MENU_ID) return;
  const target = lookupTargetOf(info.selectionText ?? '');
  if (target) await openLookup(target);
}

export function onCommand(command: string, tab?: { windowId?: number }): Promise<unknown> | undefined {
  if (command !== SIDE_PANEL_COMMAND) return undefined;
  return openSidePanel(tab?.windowId);
}

export function registerLookup(deps: LookupDeps): void {
  browser.runtime.onInstalled.addListener(() => void createLookupMenu().catch(() => undefined));
  browser.runtime.onStartup?.addListener(() => void createLookupMenu().catch(() => undefined));
  browser.contextMenus.onClicked.addListener((info) => void onLookupMenuClicked(info).catch(() => undefined));

  const omnibox = createOmnibox(deps.search);
  const quietly = (act: () => unknown) =>
    void Promise.resolve()
      .then(act)
      .catch(() => undefined);
  browser.omnibox.onInputStarted.addListener(() => quietly(() => omnibox.started()));
  browser.omnibox.onInputChanged.addListener((text, suggest) => quietly(() => omnibox.changed(text, suggest)));
  browser.omnibox.onInputCancelled.addListener(() => quietly(() => omnibox.cancelled()));
  browser.omnibox.onInputEntered.addListener((text, disposition) => quietly(() => omnibox.entered(text, disposition)));

  if (!isFirefox) {
    browser.commands.onCommand.addListener((command, tab) => void onCommand(command, tab)?.catch(() => undefined));
  }
}
