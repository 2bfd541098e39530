// The side panel's first screen, painted by its early script (entrypoints/sidepanel-first-paint.ts) from the
// two early storage reads, before the main bundle has loaded: what the panel's first render shows from those
// reads (entrypoints/sidepanel/main.tsx with lib/sidepanel/first-paint.ts) for the watchlists view, with the
// same markup as its components (components/sidepanel/Header.tsx, WatchlistToolbar.tsx, WatchlistsView.tsx,
// WatchlistTable.tsx; tests/sidepanel/first-screen.test.tsx renders both ways and compares). When the panel
// would show anything else first (another view, a list the snapshot does not hold, an older stored version,
// offline), nothing is painted and the panel renders as it always did. Names are set as text only.
import { storedSnapshot } from '../cache/first-paint-snapshot';
import { pickList, snapshotLists, snapshotWatchlist } from '../cache/first-paint-watchlist';
import { type Child, el, styled, svg } from '../early-screen/dom';
import { staleMark, statusTag } from '../early-screen/marks';
import { showFirstScreen } from '../early-screen/paint';
import { trendOf } from '../format';
import type { WatchlistSummary } from '../model';
import { storedAt } from '../settings/early-read';
import { defaultPrefs, type Prefs } from '../settings/prefs';
import { PREFS_STORED, SIDEPANEL_ROUTE_KEY } from '../settings/stored-items';
import { applyTheme } from '../settings/theme';
import { FLAG_NAMES } from '../watchlists/flag-names';
import { FLAG_COLOURS } from '../watchlists/marks';
import { noAccountText, panelTabs } from './header';
import { columnWidths, type RowNumbers, rowNumbers, splitDecimal } from './number-columns';
import { buildRows, type RowModel, sortRows } from './rows';
import { arrowOf, assumedViewportHeight, columns, firstRenderRows, rowHeightFor, sortName } from './table-layout';

export interface PanelFirstScreen {
  prefs: Prefs;
  lists: WatchlistSummary[];
  selected: WatchlistSummary;
  /** The chosen list's rows in the table's order (all of them: the column widths come from every row). */
  rows: RowModel[];
}

type Values = Record<string, unknown>;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** What the panel's first render shows from these reads, or null when it would show something else. */
export function panelFirstScreen(
  session: Values,
  local: Values,
  now: number,
  online: boolean,
): PanelFirstScreen | null {
  if (!online) return null;
  // The panel shows the watchlists for no route, theirs, or one it cannot read: the first two are enough here.
  const route = session[SIDEPANEL_ROUTE_KEY];
  if (route != null && !(isRecord(route) && route.view === 'watchlists')) return null;
  const snapshot = storedSnapshot(session);
  if (!snapshot) return null;
  // The panel migrates an older version first.
  if (!storedAt(local, PREFS_STORED)) return null;
  const prefs = (local[PREFS_STORED.key] as Prefs | undefined) ?? defaultPrefs;
  const lists = snapshotLists(snapshot, now);
  if (!lists || !Array.isArray(lists.value)) return null;
  const selected = pickList(lists.value, prefs.selectedWatchlistId);
  // Without it in the snapshot, the panel reads IndexedDB before it shows the list.
  const list = selected && snapshotWatchlist(snapshot, selected.id, now);
  if (!selected || !list) return null;
  const rows = buildRows(list.value.markets, list.fetchedAt, list.stale, new Map(), new Map());
  // An empty list shows its own message.
  if (rows.length === 0) return null;
  return { prefs, lists: lists.value, selected, rows: sortRows(rows, prefs.sort) };
}

/** components/sidepanel/Header.tsx before the status is known. */
function header(): HTMLElement {
  return el(
    'header',
    { class: 'panel-head' },
    el('h1', { class: 'visually-hidden' }, 'Marketside'),
    el(
      'div',
      { class: 'panel-head__row' },
      el(
        'div',
        { class: 'account', 'data-testid': 'panel-account' },
        el('span', { class: 'muted' }, noAccountText(null)),
      ),
      el('button', { type: 'button', 'aria-label': 'Settings', title: 'Settings' }, '⚙'),
    ),
    el(
      'nav',
      { class: 'tabs', 'aria-label': 'Side panel views' },
      ...panelTabs(true).map((t) =>
        t.view === 'watchlists'
          ? el('button', { type: 'button', class: 'tab tab--on', 'aria-current': 'page' }, t.label)
          : el('button', { type: 'button', class: 'tab' }, t.label),
      ),
    ),
  );
}

/** components/sidepanel/WatchlistToolbar.tsx, closed. */
function toolbar(lists: WatchlistSummary[], selected: WatchlistSummary): HTMLElement {
  const select = el(
    'select',
    {},
    ...lists.map((l) => el('option', { value: l.id }, l.name, l.editable ? '' : ' (IG list)')),
  ) as HTMLSelectElement;
  // A property, set after the options, as Preact sets it.
  select.value = selected.id;
  return el(
    'div',
    { class: 'wl-toolbar' },
    el(
      'div',
      { class: 'wl-toolbar__row' },
      el('label', { class: 'wl-picker' }, el('span', { class: 'visually-hidden' }, 'Watchlist'), select),
      el('button', { type: 'button', 'aria-expanded': 'false' }, 'New'),
      selected.deleteable && el('button', { type: 'button' }, 'Delete'),
    ),
  );
}

/** The tools row of components/sidepanel/WatchlistsView.tsx: the market search and the sparklines switch. */
function tools(selected: WatchlistSummary, sparklines: boolean): HTMLElement {
  const search = el('input', {
    type: 'search',
    'aria-label': `Add a market to ${selected.name}`,
    placeholder: 'Add a market…',
  }) as HTMLInputElement;
  search.value = '';
  const check = el('input', { type: 'checkbox' }) as HTMLInputElement;
  check.checked = sparklines;
  return el(
    'div',
    { class: 'wl-tools' },
    selected.editable && el('div', { class: 'market-search' }, search),
    el(
      'div',
      { class: 'wl-tools__row' },
      el('label', { class: 'check' }, check, 'Sparklines'),
      el('button', { type: 'button', 'aria-expanded': 'false' }, 'Import / export'),
    ),
  );
}

/** The bar of components/sidepanel/WatchlistMarksBar.tsx, closed: the filter by flag and the two disclosures. */
function marksBar(): HTMLElement {
  const filter = el(
    'select',
    { 'data-testid': 'flag-filter' },
    el('option', { value: '' }, 'All markets'),
    ...FLAG_COLOURS.map((c) => el('option', { value: c }, `${FLAG_NAMES[c]} flags`)),
  ) as HTMLSelectElement;
  filter.value = '';
  return el(
    'div',
    { class: 'wl-marks' },
    el(
      'div',
      { class: 'wl-tools__row' },
      el('label', {}, 'Show ', filter),
      el('button', { type: 'button', 'aria-expanded': 'false' }, 'Columns'),
      el('button', { type: 'button', 'aria-expanded': 'false' }, 'Sections'),
    ),
  );
}

/** A price or change split at its point (WatchlistTable's Decimal). */
function decimal(text: string): Child[] {
  const [whole, fraction] = splitDecimal(text);
  return [whole, el('span', { class: 'dec' }, fraction)];
}

/** One row of components/sidepanel/WatchlistTable.tsx, as its first render shows it (no sentiment, no trail yet). */
function row(r: RowModel, index: number, n: RowNumbers, height: number, screen: PanelFirstScreen): HTMLElement {
  const q = r.quote;
  const { sparklines } = screen.prefs;
  const list = screen.selected;
  return styled(
    el(
      'tr',
      { 'aria-rowindex': String(index + 2), class: 'wl-row', 'data-testid': 'panel-row', 'data-epic': r.epic },
      el(
        'td',
        { class: 'wl-name' },
        el('button', { type: 'button', class: 'link', 'data-open-index': String(index) }, q.instrumentName),
        el('span', { class: 'wl-epic muted' }, r.epic),
      ),
      el('td', { class: 'wl-bid num' }, ...decimal(n.bid)),
      el('td', { class: 'wl-offer num' }, ...decimal(n.offer)),
      el('td', { class: 'wl-chg num' }, el('span', { class: trendOf(q.netChange) }, ...decimal(n.change))),
      el(
        'td',
        { class: 'wl-pct num' },
        el(
          'span',
          { class: trendOf(q.percentageChange) },
          el('span', { 'aria-hidden': 'true' }, arrowOf(q.percentageChange)),
          n.pct,
        ),
      ),
      el('td', { class: 'wl-sent' }, el('span', { class: 'muted', title: 'No sentiment for this market' }, '–')),
      el('td', { class: 'wl-stat' }, statusTag(q.marketStatus), staleMark(r.stale, r.fetchedAt)),
      el(
        'td',
        { class: 'wl-spark' },
        sparklines &&
          svg('svg', {
            class: 'sparkline',
            width: '64',
            height: '18',
            'aria-label': `Recent prices of ${q.instrumentName}: not enough data`,
            role: 'img',
          }),
      ),
      el(
        'td',
        { class: 'wl-act' },
        list.editable &&
          el(
            'button',
            { type: 'button', class: 'icon', 'aria-label': `Remove ${q.instrumentName} from ${list.name}` },
            '×',
          ),
      ),
    ),
    { transform: `translateY(${index * height}px)`, height: `${height}px` },
  );
}

/** components/sidepanel/WatchlistTable.tsx's first render: the header and the rows its virtualiser starts with. */
function table(screen: PanelFirstScreen): HTMLElement {
  const { rows, prefs } = screen;
  const numbers = rows.map((r) => rowNumbers(r.quote));
  const widths = columnWidths(numbers);
  const height = rowHeightFor(prefs.sparklines);
  const shown = firstRenderRows(rows.length, height, assumedViewportHeight());
  const head = columns.map((c) => {
    const active = prefs.sort.column === c.id;
    return el(
      'th',
      {
        scope: 'col',
        class: `wl-th wl-th--${c.id}`,
        'aria-sort': active ? (prefs.sort.direction === 'asc' ? 'ascending' : 'descending') : 'none',
      },
      el(
        'button',
        { type: 'button', class: `wl-sort${active ? ' wl-sort--active' : ''}`, 'aria-label': sortName(c) },
        c.short,
        active && el('span', { 'aria-hidden': 'true' }, prefs.sort.direction === 'asc' ? ' ▲' : ' ▼'),
      ),
    );
  });
  return styled(
    el(
      'div',
      { class: `wl-scroll${prefs.sparklines ? '' : ' wl-compact'}`, 'data-testid': 'panel-rows' },
      el(
        'table',
        {
          class: 'wl-table',
          'aria-label': `Markets in ${screen.selected.name}`,
          'aria-rowcount': String(rows.length + 1),
        },
        el(
          'thead',
          { class: 'wl-head' },
          el(
            'tr',
            { 'aria-rowindex': '1' },
            ...head,
            el('th', { scope: 'col', class: 'visually-hidden' }, 'Recent prices'),
            el('th', { scope: 'col', class: 'visually-hidden' }, 'Actions'),
          ),
        ),
        styled(
          el('tbody', {}, ...rows.slice(0, shown).map((r, i) => row(r, i, numbers[i] as RowNumbers, height, screen))),
          { height: `${rows.length * height}px` },
        ),
      ),
    ),
    { '--wl-frac': `${widths.fractionCh}ch`, '--wl-bid': `${widths.bidCh}ch`, '--wl-offer': `${widths.offerCh}ch` },
  );
}

/** The panel (entrypoints/sidepanel/App.tsx) as its first render shows the watchlists: header, then main. */
export function panelScreenElements(screen: PanelFirstScreen): HTMLElement[] {
  return [
    header(),
    el(
      'main',
      { class: 'panel-main' },
      el(
        'section',
        { class: 'view', 'aria-label': 'Watchlists' },
        toolbar(screen.lists, screen.selected),
        tools(screen.selected, screen.prefs.sparklines),
        marksBar(),
        table(screen),
      ),
    ),
  ];
}

/** Paints the first screen in place of the panel's (hidden) root until the panel takes over. */
export function paintPanelFirstScreen(screen: PanelFirstScreen, app: HTMLElement): void {
  const content = panelScreenElements(screen);
  applyTheme(screen.prefs.theme);
  showFirstScreen(content, app);
}
