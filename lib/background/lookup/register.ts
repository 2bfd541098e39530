// Quick lookup from anywhere: the "Look up in Marketside" menu on selected text, the `ms` omnibox
// keyword, and the keyboard command that opens the side panel (Chrome; Firefox opens its sidebar
// natively through `_execute_sidebar_action`). Listeners are added synchronously when the worker starts,
// as Manifest V3 requires, and the functions they call are exported for tests. What the omnibox does
// loads with its first event (omnibox.ts); the menu and the command act at once, since the browser opens
// the popup (Firefox) and the side panel only straight from the user's action.

import { browser } from 'wxt/browser';
import { i18n } from '#i18n';
import { lookupTargetOf } from '../../lookup/query';
import type { MarketQuote } from '../../model';
import { lazyPart } from '../lazy-part';
import type { Omnibox } from './omnibox';
import { openLookup, openSidePanel } from './open';

export const MENU_ID = 'marketside-lookup';
export const SIDE_PANEL_COMMAND = 'open-side-panel';

const isFirefox = import.meta.env.BROWSER === 'firefox';

export interface LookupDeps {
  /** The market-watch service's search (cached; may throw when signed out or offline). */
  search(term: string): Promise<MarketQuote[]>;
}

/** (Re)creates the selection menu entry; menus persist, so creating twice would fail without the removeAll. */
export async function createLookupMenu(): Promise<void> {
  await browser.contextMenus.removeAll();
  browser.contextMenus.create({ id: MENU_ID, title: i18n.t('lookup.menu'), contexts: ['selection'] });
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

  // Every event waits for the same load, so they reach the omnibox in the order they came.
  const omnibox = lazyPart('address bar lookup', async () => (await import('./omnibox')).createOmnibox(deps.search));
  const then = (act: (o: Omnibox) => unknown) =>
    void omnibox()
      .then(act)
      .catch(() => undefined);
  browser.omnibox.onInputStarted.addListener(() => then((o) => o.started()));
  browser.omnibox.onInputChanged.addListener((text, suggest) => then((o) => o.changed(text, suggest)));
  browser.omnibox.onInputCancelled.addListener(() => then((o) => o.cancelled()));
  browser.omnibox.onInputEntered.addListener((text, disposition) => then((o) => o.entered(text, disposition)));

  if (!isFirefox) {
    browser.commands.onCommand.addListener((command, tab) => void onCommand(command, tab)?.catch(() => undefined));
  }
}
