// The popup's first screen, painted by its early script (entrypoints/popup-first-paint.ts) from the two
// early storage reads, before the main bundle has loaded: the same rows the popup's first render shows
// from those reads (entrypoints/popup/App.tsx with lib/popup/first-paint.ts), with the same markup as its
// components (tests/popup/first-screen.test.tsx renders both ways and compares). When the popup would
// show anything else first (a market, IndexedDB's prices, an older stored version, offline), nothing is
// painted and the popup renders as it always did. Market names are the service's text: set as text only.
import { snapshotQuotes, snapshotSearch, storedSnapshot } from '../cache/first-paint-snapshot';
import { el } from '../early-screen/dom';
import { staleMark, statusTag } from '../early-screen/marks';
import { showFirstScreen } from '../early-screen/paint';
import { formatChange, formatPct, formatPrice, marketDecimals, trendOf } from '../format';
import { storedAt } from '../settings/early-read';
import type { Theme } from '../settings/prefs';
import type { RecentLookup } from '../settings/registry';
import { PREFS_STORED, RECENT_LOOKUPS_STORED } from '../settings/stored-items';
import { applyTheme } from '../settings/theme';
import type { PopupParams } from './params';
import { mergeQuotes, type RowItem, recentRows, resultRows } from './rows';
import { normaliseTerm, SEARCH_MIN_LENGTH } from './search';

/** The ids and labels the popup's components use (entrypoints/popup/App.tsx, components/popup). */
export const LIST_ID = 'popup-list';

export interface FirstScreen {
  /** The search box's text. */
  text: string;
  /** Search results (the search's term), else the recent lookups. */
  term: string;
  rows: RowItem[];
  /** A request for the term is still to come (its cached results are stale): the box shows it is busy. */
  busy: boolean;
  theme: Theme;
}

type Values = Record<string, unknown>;

/** What the popup's first render shows from these reads, or null when it would show something else. */
export function firstScreen(
  params: PopupParams,
  session: Values,
  local: Values,
  now: number,
  online: boolean,
): FirstScreen | null {
  if (!online || params.epic) return null;
  const snapshot = storedSnapshot(session);
  if (!snapshot) return null;
  if (!storedAt(local, RECENT_LOOKUPS_STORED) || !storedAt(local, PREFS_STORED)) return null;
  const recent = (local.recentLookups ?? []) as RecentLookup[];
  if (!Array.isArray(recent)) return null;
  const { found, missing } = snapshotQuotes(
    snapshot,
    recent.map((r) => r.epic),
    now,
  );
  // The popup reads IndexedDB for these before it shows the list.
  if (missing.length) return null;
  const quotes = mergeQuotes(new Map(), found.values());
  const lastQuery = session.popupLastQuery;
  const text = params.q ?? (typeof lastQuery === 'string' ? lastQuery : '');
  const term = normaliseTerm(text);
  const prefs = local.prefs as { theme?: Theme } | undefined;
  const theme = prefs?.theme ?? 'system';
  if (term.length < SEARCH_MIN_LENGTH) {
    const rows = recentRows(recent, quotes);
    return rows.length ? { text, term: '', rows, busy: false, theme } : null;
  }
  const cached = snapshotSearch(snapshot, term.toLowerCase(), now);
  if (!cached || !Array.isArray(cached.value) || cached.value.length === 0) return null;
  return {
    text,
    term,
    rows: resultRows(cached.value, cached.fetchedAt, cached.stale, quotes),
    busy: cached.stale,
    theme,
  };
}

/** components/Change.tsx */
function change(net: number | null, pct: number | null, decimals: number | undefined): Node {
  const trend = trendOf(pct ?? net);
  const arrow = trend === 'up' ? '▲' : trend === 'down' ? '▼' : '';
  return el(
    'span',
    { class: `change ${trend}` },
    arrow && el('span', { 'aria-hidden': 'true' }, `${arrow} `),
    el('span', { class: 'change__net' }, formatChange(net, decimals)),
    ' ',
    el('span', { class: 'change__pct' }, `(${formatPct(pct)})`),
  );
}

/** components/popup/MarketRow.tsx */
function row(item: RowItem, index: number): Node {
  const q = item.quote;
  const d = marketDecimals(q);
  return el(
    'div',
    {
      id: `${LIST_ID}-${index}`,
      role: 'option',
      tabindex: '-1',
      'aria-selected': 'false',
      class: 'row',
      'data-testid': 'popup-result',
      'data-epic': item.epic,
    },
    el(
      'div',
      { class: 'row__left' },
      el(
        'div',
        { class: 'row__name' },
        el('span', { class: 'row__title' }, item.instrumentName),
        q && statusTag(q.marketStatus),
        item.fetchedAt !== null && staleMark(item.stale, item.fetchedAt),
      ),
      el('div', { class: 'row__epic muted' }, item.epic),
    ),
    el(
      'div',
      { class: 'row__right num' },
      el(
        'div',
        { class: 'row__prices' },
        el('span', { class: 'visually-hidden' }, 'Bid '),
        formatPrice(q?.bid, d),
        el('span', { class: 'muted' }, ' / '),
        el('span', { class: 'visually-hidden' }, 'Offer '),
        formatPrice(q?.offer, d),
      ),
      change(q?.netChange ?? null, q?.percentageChange ?? null, d),
    ),
  );
}

/** The popup's screen as entrypoints/popup/App.tsx renders it with these rows (its status not yet known). */
export function screenElement(screen: FirstScreen): HTMLElement {
  const results = screen.term !== '';
  const input = el('input', {
    type: 'text',
    enterkeyhint: 'search',
    role: 'combobox',
    'aria-label': 'Search markets',
    'aria-autocomplete': 'list',
    'aria-controls': LIST_ID,
    'aria-expanded': 'true',
    'aria-keyshortcuts': '/',
    placeholder: 'Search markets (press / )',
    autocomplete: 'off',
    maxlength: '100',
  }) as HTMLInputElement;
  // Properties, as Preact sets them.
  input.spellcheck = false;
  input.value = screen.text;
  return el(
    'main',
    { class: 'popup' },
    el('h1', { class: 'visually-hidden' }, 'Look up a market'),
    el(
      'div',
      { class: 'search', 'aria-busy': String(screen.busy) },
      input,
      screen.busy && el('span', { class: 'search__spinner', 'aria-hidden': 'true' }),
    ),
    el(
      'section',
      { class: 'list' },
      !results && el('h2', { class: 'list__title' }, 'Recent lookups'),
      el(
        'div',
        {
          id: LIST_ID,
          role: 'listbox',
          'aria-label': results ? `Markets matching ${screen.term}` : 'Recent lookups',
          class: 'rows',
        },
        ...screen.rows.map(row),
      ),
      el('p', { class: 'list__note muted', role: 'status' }),
    ),
  );
}

/**
 * Paints the first screen in place of the popup's (hidden) root until the popup takes over, and marks
 * the frame that shows it (`first-content`, as the popup's list does).
 */
export function paintFirstScreen(screen: FirstScreen, app: HTMLElement): void {
  applyTheme(screen.theme);
  showFirstScreen([screenElement(screen)], app);
  requestAnimationFrame(() => {
    if (performance.getEntriesByName('first-content').length === 0) performance.mark('first-content');
  });
}
