// The watchlists view: the account's lists, the chosen list's rows kept live while on screen
// (useWatchlistData), the edits IG keeps (useWatchlistEdits) and those only this browser keeps: flags,
// notes, sections and chosen columns (useWatchlistMarks).

import { Component, type ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import type { ErrorView } from '../../lib/messages/contract';
import type { Fresh, MarketQuote, WatchlistSummary } from '../../lib/model';
import type { RowModel } from '../../lib/sidepanel/rows';
import { DEFAULT_COLUMNS } from '../../lib/watchlists/columns';
import {
  type FlagColour,
  type ListLayout,
  layoutOf,
  moveToSection,
  nextFlag,
  pruneLayout,
  stepSection,
  type WatchlistMarks,
  withFlag,
  withLayout,
} from '../../lib/watchlists/marks';
import { ErrorState } from '../ErrorState';
import { flagName } from '../FlagMark';
import { type PanelEnv, usePanel } from './context';
import { MarketSearch } from './MarketSearch';
import { type FirstLists, useWatchlistData } from './useWatchlistData';
import { useWatchlistEdits } from './useWatchlistEdits';
import { useWatchlistMarks } from './useWatchlistMarks';
import { WatchlistMarksBar } from './WatchlistMarksBar';
import { WatchlistTable } from './WatchlistTable';
import { WatchlistToolbar } from './WatchlistToolbar';

export function WatchlistsView({
  importExport,
  first,
  ready,
}: {
  importExport?: (id: string | null, done: () => void) => ComponentChildren;
  /** The watchlists and the chosen list from the reads started with the page, when this view takes them. */
  first?: Promise<FirstLists | null> | null;
  /** What `first` resolved to, when the page waited for it: the first render shows it at once. */
  ready?: FirstLists | null;
}) {
  const { prefs, updatePrefs, navigate, openSettings } = usePanel();
  const data = useWatchlistData(first, ready);
  const { lists, listsError, listError, loadLists, loadList, selected, markets, rows, inList, sparks, onVisible } =
    data;
  const { actionError, notice, setNotice, busy, select, create, remove, addMarket, removeMarket } =
    useWatchlistEdits(data);
  const [marks, updateMarks] = useWatchlistMarks();
  const [filter, setFilter] = useState<FlagColour | null>(null);
  const [showTools, setShowTools] = useState(false);
  const selectedId = selected?.id ?? null;
  // Asked once: the view draws again on every frame of streamed prices.
  const [viewLabel] = useState(() => i18n.t('tab.watchlists'));

  const layout = selectedId ? layoutOf(marks, selectedId) : null;
  // A market removed from the list (on IG's platform too) leaves its section quietly.
  useEffect(() => {
    if (!selectedId || !markets || !layout) return;
    const pruned = pruneLayout(layout, inList);
    if (pruned !== layout) updateMarks((m) => withLayout(m, selectedId, pruneLayout(layoutOf(m, selectedId), inList)));
  }, [selectedId, markets, layout, inList, updateMarks]);

  const custom = layout?.columns ? layout.columns : null;
  const columns = custom && custom.join() !== DEFAULT_COLUMNS.join() ? custom : null;

  const flag = (row: RowModel) => {
    const next = nextFlag(marks.flags[row.epic] ?? null);
    updateMarks((m) => withFlag(m, row.epic, next));
    const market = row.quote.instrumentName;
    setNotice(
      next
        ? i18n.t('marks.flagSet', { market, flag: i18n.t('marks.flagNamed', { colour: flagName(next) }) })
        : i18n.t('marks.flagNone', { market }),
    );
  };
  const step = (row: RowModel, by: -1 | 1) => {
    if (!selectedId || !layout) return;
    const target = stepSection(layout, row.epic, by);
    if (target === null) return;
    updateMarks((m) => withLayout(m, selectedId, moveToSection(layoutOf(m, selectedId), row.epic, target || null)));
    const name = layout.sections.find((s) => s.id === target)?.name;
    const market = row.quote.instrumentName;
    setNotice(name ? i18n.t('marks.movedTo', { market, section: name }) : i18n.t('marks.movedOut', { market }));
  };

  const act = useRef<ControlActions>(null as unknown as ControlActions);
  act.current = {
    loadLists,
    loadList,
    openSettings,
    select,
    create,
    remove,
    addMarket,
    updatePrefs,
    setShowTools,
    navigate,
    setFilter,
    updateMarks,
  };

  if (!lists && listsError)
    return <ErrorState error={listsError} onRetry={() => void loadLists(false)} onOpenSettings={openSettings} />;
  if (!lists) return <p class="muted">{i18n.t('watchlist.loading')}</p>;

  return (
    <section class="view" aria-label={viewLabel}>
      <ListControls
        act={act}
        lists={lists}
        listsError={listsError}
        selected={selected}
        busy={busy}
        actionError={actionError}
        notice={notice}
        inList={inList}
        sparklines={prefs.sparklines}
        showTools={showTools}
        importExport={importExport}
        listError={listError}
        markets={markets}
        layout={layout}
        filter={filter}
      />
      {selected && markets && markets.length > 0 && (
        <WatchlistTable
          rows={rows}
          columns={columns}
          layout={layout ?? undefined}
          flags={marks.flags}
          notes={marks.notes}
          filter={filter}
          onFlag={flag}
          onStep={step}
          listName={selected.name}
          sort={prefs.sort}
          onSort={(sort) => updatePrefs({ sort })}
          sparklines={prefs.sparklines}
          sparks={sparks}
          onOpen={(epic) => navigate({ view: 'market', epic })}
          onRemove={selected.editable ? removeMarket : undefined}
          busyEpic={busy}
          onVisible={onVisible}
          live={data.liveRows}
        />
      )}
    </section>
  );
}

type ControlActions = {
  loadLists: (fromCache: boolean) => Promise<void>;
  loadList: (id: string, fromCache: boolean) => Promise<void>;
  openSettings: () => void;
  select: (id: string) => void;
  create: (name: string) => Promise<boolean>;
  remove: (target: WatchlistSummary) => Promise<boolean>;
  addMarket: (quote: MarketQuote) => void | Promise<void>;
  updatePrefs: PanelEnv['updatePrefs'];
  setShowTools: (show: boolean) => void;
  navigate: PanelEnv['navigate'];
  setFilter: (filter: FlagColour | null) => void;
  updateMarks: (change: (marks: WatchlistMarks) => WatchlistMarks) => void;
};

interface ControlsProps {
  /** The view's latest handlers, read when used: the controls need not draw again for new ones. */
  act: { current: ControlActions };
  lists: Fresh<WatchlistSummary[]>;
  listsError: ErrorView | null;
  selected: WatchlistSummary | null;
  busy: string | null;
  actionError: ErrorView | null;
  notice: string | null;
  inList: Set<string>;
  sparklines: boolean;
  showTools: boolean;
  importExport?: (id: string | null, done: () => void) => ComponentChildren;
  listError: ErrorView | null;
  markets: MarketQuote[] | null;
  layout: ListLayout | null;
  filter: FlagColour | null;
}

/**
 * Everything above the rows: drawn again when one of its own props changes, never for a frame of streamed
 * prices (which changes only the rows).
 */
class ListControls extends Component<ControlsProps> {
  shouldComponentUpdate(next: ControlsProps): boolean {
    const now = this.props as unknown as Record<string, unknown>;
    const then = next as unknown as Record<string, unknown>;
    for (const key in then) if (now[key] !== then[key]) return true;
    return false;
  }

  render() {
    const { act, lists, listsError, selected, busy, actionError, notice, inList, sparklines, showTools } = this.props;
    const { importExport, listError, markets, layout, filter } = this.props;
    return (
      <>
        {listsError && (
          <ErrorState
            error={listsError}
            onRetry={() => void act.current.loadLists(false)}
            onOpenSettings={() => act.current.openSettings()}
          />
        )}
        {lists.value.length === 0 ? <p class="muted">{i18n.t('watchlist.none')}</p> : null}
        <WatchlistToolbar
          lists={lists.value}
          selected={selected}
          onSelect={(id) => act.current.select(id)}
          onCreate={(name) => act.current.create(name)}
          onDelete={(list) => act.current.remove(list)}
          busy={busy !== null}
        />
        {actionError && (
          <div data-testid="panel-action-error">
            <ErrorState error={actionError} />
          </div>
        )}
        {notice && !actionError && (
          <p class="muted" role="status">
            {notice}
          </p>
        )}
        {selected && (
          <div class="wl-tools">
            {selected.editable && (
              <MarketSearch
                label={i18n.t('watchlist.addMarketTo', { watchlist: selected.name })}
                placeholder={i18n.t('watchlist.addMarketPlaceholder')}
                actionText={(q) => ({
                  text: i18n.t('watchlist.addShort'),
                  label: i18n.t('watchlist.addNamed', { market: q.instrumentName, watchlist: selected.name }),
                })}
                onPick={(q) => act.current.addMarket(q)}
                excluded={inList}
                busyEpic={busy}
              />
            )}
            <div class="wl-tools__row">
              <label class="check">
                <input
                  type="checkbox"
                  checked={sparklines}
                  onChange={(e) => act.current.updatePrefs({ sparklines: e.currentTarget.checked })}
                />
                {i18n.t('watchlist.sparklines')}
              </label>
              {importExport && (
                <button type="button" aria-expanded={showTools} onClick={() => act.current.setShowTools(!showTools)}>
                  {i18n.t('watchlist.importExport')}
                </button>
              )}
            </div>
            {showTools && importExport && (
              <div class="wl-import">
                {importExport(selected.id, () => {
                  act.current.setShowTools(false);
                  void act.current.loadLists(false);
                  void act.current.loadList(selected.id, false);
                })}
              </div>
            )}
          </div>
        )}
        {listError && (
          <ErrorState
            error={listError}
            onRetry={() => selected && void act.current.loadList(selected.id, false)}
            onOpenSettings={() => act.current.openSettings()}
          />
        )}
        {selected && !markets && !listError && (
          <p class="muted">{i18n.t('watchlist.loadingNamed', { watchlist: selected.name })}</p>
        )}
        {selected && markets && markets.length === 0 && (
          <div class="empty">
            <p>“{selected.name}” is empty.</p>
            {selected.editable && <p class="muted">{i18n.t('watchlist.emptyHint')}</p>}
            <button type="button" onClick={() => act.current.navigate({ view: 'browse' })}>
              {i18n.t('watchlist.browseCategories')}
            </button>
          </div>
        )}
        {selected && layout && (
          <WatchlistMarksBar
            layout={layout}
            filter={filter}
            onFilter={(f) => act.current.setFilter(f)}
            onLayout={(next) => act.current.updateMarks((m) => withLayout(m, selected.id, next))}
          />
        )}
      </>
    );
  }
}
