// Quick lookup from anywhere: the "Look up in Marketside" menu on selected text, the `ms` omnibox
// keyword, and the keyboard command that opens the side panel (Chrome; Firefox opens its sidebar
// natively through `_execute_sidebar_action`). Listeners are added synchronously when the worker starts,
// as Manifest V3 requires, and the functions they call are exported for tests.
import { browser } from 'wxt/browser';
import { lookupTargetOf, popupPath } from '../../lookup/query';
import { defaultSuggestion, openIn, type Suggestion } from '../../lookup/suggest';
import { createSuggester, type Suggester } from '../../lookup/suggester';
import type { MarketQuote } from '../../model';
import { openLookup, openPage, openSidePanel } from './open';

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
  browser.contextMenus.create({ id: MENU_ID, title: 'Look up in Marketside', contexts: ['selection'] });
}

/** The menu click: the selected text, looked up. */
export async function onLookupMenuClicked(info: { menuItemId: string | number; selectionText?: string }) {
  if (info.menuItemId !== MENU_ID) return;
  const target = lookupTargetOf(info.selectionText ?? '');
  if (target) await openLookup(target);
}

/** Enter in the omnibox: a suggestion's epic opens its market, typed text opens the search. */
export async function onOmniboxEntered(text: string, disposition: string): Promise<void> {
  const target = lookupTargetOf(text);
  if (!target) return;
  await openPage(popupPath(target), openIn(disposition));
}

export function onCommand(command: string, tab?: { windowId?: number }): Promise<unknown> | undefined {
  if (command !== SIDE_PANEL_COMMAND) return undefined;
  return openSidePanel(tab?.windowId);
}

export function omniboxInputChanged(suggester: Suggester, text: string, suggest: (s: Suggestion[]) => void): void {
  browser.omnibox.setDefaultSuggestion({ description: defaultSuggestion(text, !isFirefox) });
  suggester.input(text, suggest);
}

export function registerLookup(deps: LookupDeps): void {
  browser.runtime.onInstalled.addListener(() => void createLookupMenu().catch(() => undefined));
  browser.runtime.onStartup?.addListener(() => void createLookupMenu().catch(() => undefined));
  browser.contextMenus.onClicked.addListener((info) => void onLookupMenuClicked(info).catch(() => undefined));

  const suggester = createSuggester({ search: deps.search, markup: !isFirefox });
  browser.omnibox.onInputStarted.addListener(() =>
    browser.omnibox.setDefaultSuggestion({ description: defaultSuggestion('', !isFirefox) }),
  );
  browser.omnibox.onInputChanged.addListener((text, suggest) => omniboxInputChanged(suggester, text, suggest));
  browser.omnibox.onInputCancelled.addListener(() => suggester.cancel());
  browser.omnibox.onInputEntered.addListener((text, disposition) => {
    suggester.cancel();
    void onOmniboxEntered(text, disposition).catch(() => undefined);
  });

  if (!isFirefox) {
    browser.commands.onCommand.addListener((command, tab) => void onCommand(command, tab)?.catch(() => undefined));
  }
}
