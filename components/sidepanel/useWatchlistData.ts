// The watchlists view's data: the account's lists, the chosen list, and its rows' prices, sentiment and
// sparklines kept live while on screen (streamed prices painted at most once a frame).
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { readQuotes, readSentiment, readSparkline, readWatchlist, readWatchlists } from '../../lib/cache/read';
import { handOverFirstScreen } from '../../lib/early-screen/hand-over';
import { type ErrorView, type StreamedQuote, send, type WatchlistView } from '../../lib/messages/contract';
import type { Fresh, MarketQuote, Sentiment, WatchlistSummary } from '../../lib/model';
import { ChangedReads } from '../../lib/sidepanel/changed-reads';
import { type PanelFirstPaint, pickList } from '../../lib/sidepanel/first-paint';
import { watchlistsScreenKey } from '../../lib/sidepanel/kept-key';
import { LiveRows, liveOf } from '../../lib/sidepanel/live-rows';
import { buildRows, keepRows, mergeQuotes, mergeTrails, type RowModel, watchedSlice } from '../../lib/sidepanel/rows';
import { usePanel } from './context';
import { settle } from './errors';
import { useLiveChanges, useLiveQuotes, useWatch } from './useLiveChanges';

/** How often the view (order, column widths) takes the streamed prices the rows on screen already show. */
const VIEW_CATCH_UP_MS = 1000;

/** Rows kept live either side of the ones on screen, so a short scroll shows fresh prices at once. */
const WATCH_MARGIN = 15;

export type FirstLists = Pick<PanelFirstPaint, 'lists' | 'list'>;

export function useWatchlistData(
  first: Promise<FirstLists | null> | null | undefined,
  ready: FirstLists | null | undefined,
) {
  const { prefs } = usePanel();
  const [lists, setLists] = useState<Fresh<WatchlistSummary[]> | null>(ready?.lists ?? null);
  const [listsError, setListsError] = useState<ErrorView | null>(null);
  const [list, setList] = useState<Fresh<WatchlistView> | null>(ready?.list ?? null);
  const [listError, setListError] = useState<ErrorView | null>(null);
  const [quotes, setQuotes] = useState(new Map<string, Fresh<MarketQuote>>());
  const [sentiment, setSentiment] = useState(new Map<string, Fresh<Sentiment>>());
  const [sparks, setSparks] = useState(new Map<string, (number | null)[]>());
  const [watch, setWatch] = useState<{ epics: string[]; marketIds: string[] }>({ epics: [], marketIds: [] });
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
  // Rows that show the same as before stay the same objects: a frame of prices redraws only the rows that moved.
  const previousRows = useRef<RowModel[]>([]);
  const rows: RowModel[] = useMemo(() => {
    const built = markets && list ? buildRows(markets, list.fetchedAt, list.stale, quotes, sentiment) : [];
    previousRows.current = keepRows(previousRows.current, built);
    return previousRows.current;
  }, [markets, list, quotes, sentiment]);
  const inList = useMemo(() => new Set(list?.value.epics ?? []), [list]);
  const hasRows = rows.length > 0;
  // The panel's rows are in: the screen the early script showed (lib/early-screen/paint.ts) swaps for them
  // before the browser paints again, and this first screen is kept for the next opening.
  useLayoutEffect(() => {
    if (hasRows) handOverFirstScreen({ page: 'sidepanel', key: watchlistsScreenKey(prefs.selectedWatchlistId) });
  }, [hasRows]);

  useWatch('watchlist', watch.epics, watch.marketIds, true);

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

  // Markets the cache says were written, read back at most once a second and only when the stream has not
  // shown them since (lib/sidepanel/changed-reads.ts); the read's prices and trails are one state change.
  const readBack = useRef<(epics: string[]) => void>(() => {});
  readBack.current = (written) => {
    const mine = written.filter((k) => inList.has(k));
    if (mine.length === 0) return;
    const shown = new Set(watch.epics);
    const trails = prefs.sparklines ? mine.filter((k) => shown.has(k)) : [];
    void Promise.all([
      readQuotes(mine),
      Promise.all(trails.map(async (e) => [e, (await readSparkline(e)) ?? []] as const)),
    ]).then(([found, sparkFound]) => {
      setQuotes((current) => mergeQuotes(current, found));
      if (sparkFound.length) setSparks((current) => mergeTrails(current, sparkFound));
    });
  };
  const [changedReads] = useState(() => new ChangedReads({ read: (epics) => readBack.current(epics) }));
  useEffect(() => () => changedReads.clear(), [changedReads]);

  useLiveChanges(['snapshots', 'sentiment', 'watchlists'], (store, keys) => {
    if (store === 'snapshots') {
      changedReads.changed(keys.filter((k) => inList.has(k)));
    } else if (store === 'sentiment') {
      const ids = new Set(rows.map((r) => r.quote.marketId).filter((m): m is string => !!m));
      const mine = keys.filter((k) => ids.has(k));
      if (mine.length) void readSentiment(mine).then((found) => setSentiment((c) => new Map([...c, ...found])));
    } else if (store === 'watchlists') {
      if (keys.includes('list')) void readWatchlists().then((fresh) => fresh && setLists(fresh));
      if (selectedId && keys.includes(`wl:${selectedId}`)) void loadList(selectedId, false);
    }
  });

  // Streamed prices go to the rows on screen from the values the background sends (the cache read above
  // follows), at most once a frame: a burst of messages is one frame, so drawing never falls behind the
  // stream. Each row on screen draws its own new prices (LiveRows); the view (order, widths, sections) takes
  // them at most once every VIEW_CATCH_UP_MS, so a frame of prices never draws the whole table again.
  const [liveRows] = useState(() => new LiveRows());
  const arriving = useRef(new Map<string, StreamedQuote>());
  const frame = useRef<number | null>(null);
  const forView = useRef(new Map<string, StreamedQuote>());
  const viewTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
      if (viewTimer.current !== null) clearTimeout(viewTimer.current);
    },
    [],
  );
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
  const toView = useRef(paintStreamed);
  toView.current = paintStreamed;
  useLiveQuotes((streamed) => {
    const at = performance.now();
    for (const s of streamed)
      if (inList.has(s.quote.epic)) {
        arriving.current.set(s.quote.epic, s);
        changedReads.streamed(s.quote.epic, at);
      }
    if (frame.current !== null || arriving.current.size === 0) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      const mine = [...arriving.current.values()];
      arriving.current.clear();
      liveRows.publish(mine.map(liveOf(prefs.sparklines)));
      for (const s of mine) forView.current.set(s.quote.epic, s);
      viewTimer.current ??= setTimeout(() => {
        viewTimer.current = null;
        const caught = [...forView.current.values()];
        forView.current.clear();
        toView.current(caught);
      }, VIEW_CATCH_UP_MS);
    });
  });

  return {
    lists,
    setLists,
    listsError,
    list,
    setList,
    listError,
    loadLists,
    loadList,
    selected,
    markets,
    rows,
    inList,
    sparks,
    onVisible,
    liveRows,
  };
}
