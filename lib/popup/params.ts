// What the popup was opened for: `?q=<text>` prefills the search (context-menu lookup),
// `?epic=<EPIC>` opens that market straight away (omnibox).
import * as v from 'valibot';
import { epic as epicSchema } from '../messages/schemas';

export interface PopupParams {
  q: string | null;
  epic: string | null;
}

export function parsePopupParams(search: string): PopupParams {
  const params = new URLSearchParams(search);
  const q = params.get('q');
  const epic = params.get('epic');
  return {
    q: q !== null && q.trim() !== '' ? q.slice(0, 100) : null,
    epic: epic !== null && v.is(epicSchema, epic) ? epic : null,
  };
}
