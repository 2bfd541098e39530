// What to look up from a text selection or an omnibox entry: an epic opens its market straight away,
// anything else becomes a search term the popup's search accepts (2–100 characters, no control characters).
import { EPIC } from '../api/patterns';

export type LookupTarget = { kind: 'epic'; epic: string } | { kind: 'search'; q: string };

export const MIN_TERM = 2;
export const MAX_TERM = 100;

const EPIC_LIKE = /^(?=.*[A-Za-z])[A-Za-z0-9_]+(\.[A-Za-z0-9_]+){2,}$/;
// Quotes, brackets and trailing punctuation a selection drags along: “EUR/USD”, (FTSE 100), Apple's, Tesla.
const EDGE = /^[\s"'“”‘’«»()[\]{}<>.,;:!?¡¿*_~`#$£€¥…–—-]+|[\s"'“”‘’«»()[\]{}<>.,;:!?¡¿*_~`#…–—-]+$/gu;

/** A selection made into a search term: one line, single spaces, no surrounding punctuation, cut at a word. */
export function searchTermOf(text: string): string | null {
  let t = text
    .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .replace(EDGE, '')
    .replace(/['’]s$/u, '')
    .trim();
  if (t.length > MAX_TERM) {
    const cut = t.slice(0, MAX_TERM + 1);
    const space = cut.lastIndexOf(' ');
    t = (space >= MIN_TERM ? cut.slice(0, space) : cut.slice(0, MAX_TERM)).trim();
  }
  return t.length >= MIN_TERM ? t : null;
}

/** An epic if the text is one (CS.D.EURUSD.MINI.IP), otherwise a search term; null when nothing usable. */
export function lookupTargetOf(text: string): LookupTarget | null {
  const trimmed = text.trim().replace(EDGE, '');
  if (EPIC.test(trimmed) && EPIC_LIKE.test(trimmed)) return { kind: 'epic', epic: trimmed.toUpperCase() };
  const q = searchTermOf(text);
  return q ? { kind: 'search', q } : null;
}

/** The popup page for a target: `popup.html?epic=…` opens the market, `popup.html?q=…` the search. */
export function popupPath(target: LookupTarget): `/popup.html?${string}` {
  const params = new URLSearchParams(target.kind === 'epic' ? { epic: target.epic } : { q: target.q });
  return `/popup.html?${params.toString()}`;
}
