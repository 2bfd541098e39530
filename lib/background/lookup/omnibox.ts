// The `ms` keyword in the address bar: suggestions from the service search as the user types, and Enter
// opening a suggestion's market or the typed search. Loaded with the first omnibox event (register.ts).
import { browser } from 'wxt/browser';
import { isFirefox } from '../../browser-kind';
import { lookupTargetOf, popupPath } from '../../lookup/query';
import { defaultSuggestion, openIn, type Suggestion } from '../../lookup/suggest';
import { createSuggester, type Suggester } from '../../lookup/suggester';
import type { MarketQuote } from '../../model';
import { openPage } from './open';

/** Enter in the omnibox: a suggestion's epic opens its market, typed text opens the search. */
export async function onOmniboxEntered(text: string, disposition: string): Promise<void> {
  const target = lookupTargetOf(text);
  if (!target) return;
  await openPage(popupPath(target), openIn(disposition));
}

export function omniboxInputChanged(suggester: Suggester, text: string, suggest: (s: Suggestion[]) => void): void {
  browser.omnibox.setDefaultSuggestion({ description: defaultSuggestion(text, !isFirefox) });
  suggester.input(text, suggest);
}

export interface Omnibox {
  started(): void;
  changed(text: string, suggest: (s: Suggestion[]) => void): void;
  cancelled(): void;
  entered(text: string, disposition: string): Promise<void>;
}

/** What the omnibox events do, with one suggester for the worker's life. */
export function createOmnibox(search: (term: string) => Promise<MarketQuote[]>): Omnibox {
  const suggester = createSuggester({ search, markup: !isFirefox });
  return {
    started: () => browser.omnibox.setDefaultSuggestion({ description: defaultSuggestion('', !isFirefox) }),
    changed: (text, suggest) => omniboxInputChanged(suggester, text, suggest),
    cancelled: () => suggester.cancel(),
    entered(text, disposition) {
      suggester.cancel();
      return onOmniboxEntered(text, disposition);
    },
  };
}
