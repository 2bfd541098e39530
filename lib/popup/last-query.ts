// The popup's last search, for this browser session: reopening the popup shows it again with its
// cached results at once (the text selected, so typing replaces it).
import { storedItem } from '../settings/registry';

export const POPUP_LAST_QUERY_KEY = 'popupLastQuery';
export const popupLastQuery = storedItem<string>(`session:${POPUP_LAST_QUERY_KEY}`, { fallback: '' });
