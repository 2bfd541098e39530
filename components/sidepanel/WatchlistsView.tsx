// The watchlists view: the account's lists, the chosen list's rows kept live while on screen, and the
// edits (create, delete, add, remove). Edits are not applied locally until the service accepted them,
// so a failed request leaves the list exactly as it was and says why.
import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { readQuotes, readSentiment, readSparkline, readWatchlist, readWatchlists } from '../../lib/cache/read';
import { handOverFirstScreen } from '../../lib/early-screen/hand-over';
import { type ErrorView, type StreamedQuote, send, type WatchlistView } from '../../lib/messages/contract';
import type { Fresh, MarketQuote, Sentiment, WatchlistSummary } from '../../lib/model';
import { type PanelFirstPaint, pickList } from '../../lib/sidepanel/first-paint';
import { watchlistsScreenKey } from '../../lib/sidepanel/kept-key';
import { buildRows, mergeQuotes, mergeTrails, type RowModel, watchedSlice } from '../../lib/sidepanel/rows';
import { ErrorState } from '../ErrorState';
import { usePanel } from './context';
import { settle } from './errors';
import { MarketSearch } from './MarketSearch';
import { useLiveChanges, useLiveQuotes, useWatch } from './useLiveChanges';
import { WatchlistTable } from './WatchlistTable';
import { WatchlistToolbar } from './WatchlistToolbar';

/** Rows kept live either side of the ones on screen, so a short scroll shows fresh prices at once. */
const WATCH_MARGIN = 15;

export function WatchlistsView({
  importExport,
  first,
  ready,
}: {
  importExport?: (id: string | null, done: () => void) => ComponentChildren;
  /** The watchlists and the chosen list from the reads started with the page, when this view takes them. */
  first?: Promise<Pick<PanelFirstPaint, 'lists' | 'list'> | null> | null;
  /** What `first` resolved to, when the page waited for it: the first render shows it at once. */
  ready?: Pick<PanelFirstPaint, 'lists' | 'list'> | null;
}) {
  const { prefs, updatePrefs, navigate, openSettings } = usePanel();
  const [lists, setLists] = useState<Fresh<WatchlistSummary[]> | null>(ready?.lists ?? null);
  const [listsError, setListsError] = useState<ErrorView | null>(null);
  const [list, setList] = useState<Fresh<WatchlistView> | null>(ready?.list ?? null);
  const [listError, setListError] = useState<ErrorView | null>(null);
  const [quotes, setQuotes] = useState(new Map<string, Fresh<MarketQuote>>());
  const [sentiment, setSentiment] = useState(new Map<string, Fresh<Sentiment>>());
  const [sparks, setSparks] = useState(new Map<string, (number | null)[]>());
  const [actionError, setActionError] = useState<ErrorView | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [watch, setWatch] = useState<{ epics: string[]; marketIds: string[] }>({ epics: [], marketIds: [] });
  const [showTools, setShowTools] = useState(false);
  const listRequest = useRef(0);

  const selected = lists ? pickList(lists.value, prefs.selectedWatchlistId) : null;
  const selectedId = selected?.id ?? null;

  const loadLists = useCallback(async (fromCache: boolean) => {
    if (fromCache) {
      const cached = await readWatchlists();
      if (cached) setLists((current) => current ?? cached);
    }
    const reply = await settle(send('watchlists.list', {}));
    if (reply.ok) {
      setLists(reply.data);
      setListsError(null);
    } else setListsError(reply.error);
  }, []);

  const loadList = useCallback(async (id: string, fromCache: boolean) => {
    const request = ++listRequest.current;
    if (fromCache) {
      const cached = await readWatchlist(id);
      if (cached && request === listRequest.current)
        setList((current) => (current?.value.summary.id === id ? current : cached));
    }
    const reply = await settle(send('watchlists.get', { id }));
    if (request !== listRequest.current) return;
    if (reply.ok) {
      setList(reply.data);
      setListError(null);
    } else setListError(reply.error);
  }, []);

  // Taken once, at mount: the panel passes the reads started with the page to the first view only.
  const [initial] = useState(first);
  useLayoutEffect(() => {
    if (!initial) {
      void loadLists(true);
      return;
    }
    // The cache as read with the page, unless the background answered first; the background is asked now.
    void initial.then((f) => {
      if (f?.lists) setLists((current) => current ?? f.lists);
      if (f?.list) setList((current) => current ?? f.list);
    });
    void loadLists(false);
  }, [loadLists, initial]);

  useEffect(() => {
    if (!selectedId) return;
    setList((current) => (current?.value.summary.id === selectedId ? current : null));
    void loadList(selectedId, true);
  }, [selectedId, loadList]);

  const markets = list && list.value.summary.id === selectedId ? list.value.markets : null;
  const rows: RowModel[] = useMemo(
    () => (markets && list ? buildRows(markets, list.fetchedAt, list.stale, quotes, sentiment) : []),
    [markets, list, quotes, sentiment],
  );
  const inList = useMemo(() => new Set(list?.value.epics ?? []), [list]);
  const hasRows = rows.length > 0;
  // The panel's rows are in: the screen the early script showed (lib/early-screen/paint.ts) swaps for them
  // before the browser paints again, and this first screen is kept for the next opening.
  useLayoutEffect(() => {
    if (hasRows) handOverFirstScreen({ page: 'sidepanel', key: watchlistsScreenKey(prefs.selectedWatchlistId) });
  }, [hasRows]);

  useWatch('watchlist', watch.epics, watch.marketIds);

  const onVisible = useCallback((sorted: RowModel[], range: { startIndex: number; endIndex: number } | null) => {
    const slice = watchedSlice(sorted, range, WATCH_MARGIN);
    setWatch((current) =>
      current.epics.join() === slice.epics.join() && current.marketIds.join() === slice.marketIds.join()
        ? current
        : slice,
    );
  }, []);

  // Paint the watched rows' sparklines and sentiment from the cache as they come on screen.
  useEffect(() => {
    let cancelled = false;
    if (prefs.sparklines) {
      const missing = watch.epics.filter((e) => !sparks.has(e));
      if (missing.length)
        void Promise.all(missing.map(async (e) => [e, await readSparkline(e)] as const)).then((found) => {
          if (cancelled) return;
          setSparks((current) => {
            const next = new Map(current);
            for (const [epic, values] of found) next.set(epic, values ?? []);
            return next;
          });
        });
    }
    const unknownIds = watch.marketIds.filter((m) => !sentiment.has(m));
    if (unknownIds.length)
      void readSentiment(unknownIds).then((found) => {
        if (cancelled || found.size === 0) return;
        setSentiment((current) => new Map([...current, ...found]));
      });
    return () => {
      cancelled = true;
    };
    // Only a change of the watched rows (or turning sparklines on) needs a read.
  }, [watch, prefs.sparklines]);

  useLiveChanges(['snapshots', 'sentiment', 'watchlists'], (store, keys) => {
    if (store === 'snapshots') {
      const mine = keys.filter((k) => inList.has(k));
      if (mine.length === 0) return;
      void readQuotes(mine).then((found) => setQuotes((current) => mergeQuotes(current, found)));
      if (prefs.sparklines) {
        const shown = new Set(watch.epics);
        const visible = mine.filter((k) => shown.has(k));
        void Promise.all(visible.map(async (e) => [e, (await readSparkline(e)) ?? []] as const)).then((found) =>
          setSparks((current) => mergeTrails(current, found)),
        );
      }
    } else if (store === 'sentiment') {
      const ids = new Set(rows.map((r) => r.quote.marketId).filter((m): m is string => !!m));
      const mine = keys.filter((k) => ids.has(k));
      if (mine.length) void readSentiment(mine).then((found) => setSentiment((c) => new Map([...c, ...found])));
    } else if (store === 'watchlists') {
      if (keys.includes('list')) void readWatchlists().then((fresh) => fresh && setLists(fresh));
      if (selectedId && keys.includes(`wl:${selectedId}`)) void loadList(selectedId, false);
    }
  });

  // Streamed prices paint from the values the background sends (the cache read above follows), at most
  // once a frame: a burst of messages is one render, so rendering never falls behind the stream.
  const arriving = useRef(new Map<string, StreamedQuote>());
  const frame = useRef<number | null>(null);
  useEffect(
    () => () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    },
    [],
  );
  useLiveQuotes((streamed) => {
    for (const s of streamed) if (inList.has(s.quote.epic)) arriving.current.set(s.quote.epic, s);
    if (frame.current !== null || arriving.current.size === 0) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      const mine = [...arriving.current.values()];
      arriving.current.clear();
      paintStreamed(mine);
    });
  });
  const paintStreamed = (mine: StreamedQuote[]) => {
    setQuotes((current) =>
      mergeQuotes(
        current,
        mine.map((s) => [s.quote.epic, { value: s.quote, fetchedAt: s.fetchedAt, stale: false }]),
      ),
    );
    if (prefs.sparklines) {
      const shown = new Set(watch.epics);
      const trails = mine.filter((s) => shown.has(s.quote.epic)).map((s) => [s.quote.epic, s.trail] as const);
      if (trails.length) setSparks((current) => mergeTrails(current, trails));
    }
  };

  const select = (id: string) => {
    setActionError(null);
    setNotice(null);
    updatePrefs({ selectedWatchlistId: id });
  };

  const create = async (name: string): Promise<boolean> => {
    setBusy('create');
    setActionError(null);
    const reply = await settle(send('watchlists.create', { name }));
    setBusy(null);
    if (!reply.ok) {
      setActionError(reply.error);
      return false;
    }
    setLists((current) =>
      current
        ? { ...current, value: [...current.value, reply.data] }
        : { value: [reply.data], fetchedAt: Date.now(), stale: false },
    );
    updatePrefs({ selectedWatchlistId: reply.data.id });
    setNotice(`Created “${reply.data.name}”.`);
    void loadLists(false);
    return true;
  };

  const remove = async (target: WatchlistSummary): Promise<boolean> => {
    setBusy('delete');
    setActionError(null);
    const reply = await settle(send('watchlists.delete', { id: target.id }));
    setBusy(null);
    if (!reply.ok) {
      setActionError(reply.error);
      return false;
    }
    setLists((current) => (current ? { ...current, value: current.value.filter((l) => l.id !== target.id) } : current));
    setNotice(`Deleted “${target.name}”.`);
    void loadLists(false);
    return true;
  };

  const applyMembership = (view: WatchlistView) => setList({ value: view, fetchedAt: Date.now(), stale: false });

  const addMarket = async (quote: MarketQuote) => {
    if (!selected) return;
    setBusy(quote.epic);
    setActionError(null);
    const reply = await settle(send('watchlists.addMarket', { id: selected.id, epic: quote.epic }));
    setBusy(null);
    if (!reply.ok) {
      setActionError(reply.error);
      return;
    }
    applyMembership(reply.data);
    setNotice(`Added ${quote.instrumentName} to “${selected.name}”.`);
  };

  const removeMarket = async (row: RowModel) => {
    if (!selected) return;
    setBusy(row.epic);
    setActionError(null);
    const reply = await settle(send('watchlists.removeMarket', { id: selected.id, epic: row.epic }));
    setBusy(null);
    if (!reply.ok) {
      setActionError(reply.error);
      return;
    }
    applyMembership(reply.data);
    setNotice(`Removed ${row.quote.instrumentName} from “${selected.name}”.`);
  };

  if (!lists && listsError)
    return <ErrorState error={listsError} onRetry={() => void loadLists(false)} onOpenSettings={openSettings} />;
  if (!lists) return <p class="muted">Loading watchlists…</p>;

  return (
    <section class="view" aria-label="Watchlists">
      {listsError && (
        <ErrorState error={listsError} onRetry={() => void loadLists(false)} onOpenSettings={openSettings} />
      )}
      {lists.value.length === 0 ? (
        <p class="muted">This account has no watchlists yet. Create one with “New”.</p>
      ) : null}
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
              label={`Add a market to ${selected.name}`}
              placeholder="Add a market…"
              actionText={(q) => ({ text: 'Add', label: `Add ${q.instrumentName} to ${selected.name}` })}
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
              Sparklines
            </label>
            {importExport && (
              <button type="button" aria-expanded={showTools} onClick={() => setShowTools(!showTools)}>
                Import / export
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
      {selected && !markets && !listError && <p class="muted">Loading {selected.name}…</p>}
      {selected && markets && markets.length === 0 && (
        <div class="empty">
          <p>“{selected.name}” is empty.</p>
          {selected.editable && <p class="muted">Add a market with the search above, or find one by category.</p>}
          <button type="button" onClick={() => navigate({ view: 'browse' })}>
            Browse categories
          </button>
        </div>
      )}
      {selected && markets && markets.length > 0 && (
        <WatchlistTable
          rows={rows}
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
