// What the popup was opened for: `?q=<text>` prefills the search (context-menu lookup),
// `?epic=<EPIC>` opens that market straight away (omnibox).

export interface PopupParams {
  q: string | null;
  epic: string | null;
}

/** The service's epic pattern (as in lib/messages/schemas.ts), without loading the validation library. */
export const EPIC_PATTERN = /^[A-Za-z0-9._]{6,30}$/;

export function parsePopupParams(search: string): PopupParams {
  const params = new URLSearchParams(search);
  const q = params.get('q');
  const epic = params.get('epic');
  return {
    q: q !== null && q.trim() !== '' ? q.slice(0, 100) : null,
    epic: epic !== null && EPIC_PATTERN.test(epic) ? epic : null,
  };
}
