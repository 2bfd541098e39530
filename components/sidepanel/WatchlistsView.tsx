// The watchlists view: the account's lists, the chosen list's rows kept live while on screen
// (useWatchlistData), the edits IG keeps (useWatchlistEdits) and those only this browser keeps: flags,
// notes, sections and chosen columns (useWatchlistMarks).

import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import type { RowModel } from '../../lib/sidepanel/rows';
import { DEFAULT_COLUMNS } from '../../lib/watchlists/columns';
import {
  type FlagColour,
  layoutOf,
  moveToSection,
  nextFlag,
  pruneLayout,
  stepSection,
  withFlag,
  withLayout,
} from '../../lib/watchlists/marks';
import { ErrorState } from '../ErrorState';
import { flagName } from '../FlagMark';
import { usePanel } from './context';
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

  if (!lists && listsError)
    return <ErrorState error={listsError} onRetry={() => void loadLists(false)} onOpenSettings={openSettings} />;
  if (!lists) return <p class="muted">{i18n.t('watchlist.loading')}</p>;

  return (
    <section class="view" aria-label={i18n.t('tab.watchlists')}>
      {listsError && (
        <ErrorState error={listsError} onRetry={() => void loadLists(false)} onOpenSettings={openSettings} />
      )}
      {lists.value.length === 0 ? <p class="muted">{i18n.t('watchlist.none')}</p> : null}
      <WatchlistToolbar
        lists={lists.value}
        selected={selected}
        onSelect={select}
        onCreate={create}
        onDelete={remove}
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
              onPick={addMarket}
              excluded={inList}
              busyEpic={busy}
            />
          )}
          <div class="wl-tools__row">
            <label class="check">
              <input
                type="checkbox"
                checked={prefs.sparklines}
                onChange={(e) => updatePrefs({ sparklines: e.currentTarget.checked })}
              />
              {i18n.t('watchlist.sparklines')}
            </label>
            {importExport && (
              <button type="button" aria-expanded={showTools} onClick={() => setShowTools(!showTools)}>
                {i18n.t('watchlist.importExport')}
              </button>
            )}
          </div>
          {showTools && importExport && (
            <div class="wl-import">
              {importExport(selected.id, () => {
                setShowTools(false);
                void loadLists(false);
                void loadList(selected.id, false);
              })}
            </div>
          )}
        </div>
      )}
      {listError && (
        <ErrorState
          error={listError}
          onRetry={() => selectedId && void loadList(selectedId, false)}
          onOpenSettings={openSettings}
        />
      )}
      {selected && !markets && !listError && (
        <p class="muted">{i18n.t('watchlist.loadingNamed', { watchlist: selected.name })}</p>
      )}
      {selected && markets && markets.length === 0 && (
        <div class="empty">
          <p>“{selected.name}” is empty.</p>
          {selected.editable && <p class="muted">{i18n.t('watchlist.emptyHint')}</p>}
          <button type="button" onClick={() => navigate({ view: 'browse' })}>
            {i18n.t('watchlist.browseCategories')}
          </button>
        </div>
      )}
      {selected && layout && (
        <WatchlistMarksBar
          layout={layout}
          filter={filter}
          onFilter={setFilter}
          onLayout={(next) => updateMarks((m) => withLayout(m, selected.id, next))}
        />
      )}
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
        />
      )}
    </section>
  );
}
