// What the popup was opened for: `?q=<text>` prefills the search (context-menu lookup),
// `?epic=<EPIC>` opens that market straight away (omnibox).

export interface PopupParams {
  q: string | null;
  epic: string | null;
}

import { EPIC } from '../api/patterns';

/** The service's epic pattern, without loading the validation library. */
export const EPIC_PATTERN = EPIC;

export function parsePopupParams(search: string): PopupParams {
  const params = new URLSearchParams(search);
  const q = params.get('q');
  const epic = params.get('epic');
  return {
    q: q !== null && q.trim() !== '' ? q.slice(0, 100) : null,
    epic: epic !== null && EPIC_PATTERN.test(epic) ? epic : null,
  };
}
