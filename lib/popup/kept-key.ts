// What the popup's kept screen (lib/early-screen/kept.ts) shows, as a key: its search text, and whether it
// shows that search's results or the recent lookups. The early script shows the kept screen only when the
// popup opens to the same (its `?q=`, else this session's last search); a market (`?epic=`) never.
import type { PopupParams } from './params';
import { normaliseTerm, SEARCH_MIN_LENGTH } from './search';

export function popupScreenKey(text: string, results: boolean): string {
  return `${results ? 'results' : 'recent'}:${text}`;
}

/** The key of the screen the popup opens to, or null when it opens to one it never keeps. */
export function popupOpeningKey(params: PopupParams, lastQuery: unknown, online: boolean): string | null {
  // Offline, the popup says so first.
  if (!online || params.epic) return null;
  const text = params.q ?? (typeof lastQuery === 'string' ? lastQuery : '');
  return popupScreenKey(text, normaliseTerm(text).length >= SEARCH_MIN_LENGTH);
}
