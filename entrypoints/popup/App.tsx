import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { LIST_ID, ListArea } from '../../components/popup/ListArea';
import { rowId } from '../../components/popup/MarketList';
import { SearchBox } from '../../components/popup/SearchBox';
import { StreamState } from '../../components/StreamState';
import { lazyComponent } from '../../components/sidepanel/lazy';
import { handOverAtLatest, handOverFirstScreen } from '../../lib/early-screen/hand-over';
import type { Keep } from '../../lib/early-screen/kept';
import type { ErrorView, StatusView } from '../../lib/messages/contract';
import type { Fresh, MarketQuote } from '../../lib/model';
import type { LiveLink, PopupDeps } from '../../lib/popup/deps';
import { type FirstPaint, recentWithQuotes, startFirstPaint } from '../../lib/popup/first-paint';
import { createChangeHub } from '../../lib/popup/hub';
import { popupOpeningKey, popupScreenKey } from '../../lib/popup/kept-key';
import { isListKey, isSearchShortcut, moveActive } from '../../lib/popup/keyboard';
import { popupLastQuery } from '../../lib/popup/last-query';
import type { PopupParams } from '../../lib/popup/params';
import { mergeQuotes, recentRows, resultRows } from '../../lib/popup/rows';
import { createSearch, emptySearch, type SearchView } from '../../lib/popup/search';
import { RECENT_LOOKUPS_STORED, type RecentLookup, watchStored } from '../../lib/settings/registry';
import { wantsPrompt } from '../../lib/vault/wants-prompt';

/** Loaded only while there is something to say about the remembered credentials (rarely). */
const VaultPrompt = lazyComponent(() => import('../../components/VaultPrompt').then((m) => m.VaultPrompt));
/** What went wrong and what to do: rare, so not on the first paint's path. */
const ErrorState = lazyComponent(() => import('../../components/ErrorState').then((m) => m.ErrorState));
/** A market's view: loaded once the list has painted (it opens from a row), so it is not on the first paint's path. */
const MarketView = lazyComponent(() => import('../../components/popup/MarketView').then((m) => m.MarketView));

/** Rows the live Port keeps fresh while the list is on screen. */
const WATCH_ROWS = 20;

interface Props {
  deps: PopupDeps;
  params: PopupParams;
  /** Reads started before the first render (main.tsx); started here when not given. */
  firstPaint?: FirstPaint;
}

const signedOut = (): ErrorView => ({ kind: 'signed-out', message: i18n.t('popup.signedOut') });

export function App({ deps, params, firstPaint }: Props) {
  const { send } = deps;
  const first = useMemo(() => firstPaint ?? startFirstPaint(params), [firstPaint, params]);
  const inputRef = useRef<HTMLInputElement>(null);
  const hub = useMemo(createChangeHub, []);
  const liveRef = useRef<LiveLink | null>(null);
  const [text, setText] = useState(params.q ?? '');
  const [search, setSearch] = useState<SearchView>(emptySearch);
  const [recent, setRecent] = useState<RecentLookup[]>([]);
  const [quotes, setQuotes] = useState<Map<string, Fresh<MarketQuote>>>(() => new Map());
  const [status, setStatus] = useState<StatusView | null>(null);
  const [statusError, setStatusError] = useState<ErrorView | null>(null);
  const [online, setOnline] = useState(() => navigator.onLine);
  const [market, setMarket] = useState<{ epic: string; initial: MarketQuote | null } | null>(
    params.epic ? { epic: params.epic, initial: null } : null,
  );
  const [marketError, setMarketError] = useState<ErrorView | null>(null);
  const [active, setActive] = useState(-1);
  const shownRef = useRef({ term: '', epics: '' });
  /** The screen the popup opened to (lib/popup/kept-key.ts): its first showing is kept for the next opening. */
  const [opening, setOpening] = useState<string | null>(null);

  const controller = useMemo(
    () =>
      createSearch({
        readCache: first.readSearch,
        request: (term) => send('markets.search', { term }),
        onChange: (next) => {
          // A different list of markets starts with no row active; a fresher copy of the same keeps it.
          const epics = next.results?.map((r) => r.epic).join(' ') ?? '';
          if (next.term !== shownRef.current.term || epics !== shownRef.current.epics) setActive(-1);
          shownRef.current = { term: next.term, epics };
          setSearch(next);
        },
      }),
    [send, first],
  );
  useEffect(() => () => controller.dispose(), [controller]);

  // Status, the live Port, online/offline.
  useEffect(() => {
    let live = true;
    void send('status.get', {}).then((reply) => {
      if (!live) return;
      if (reply.ok) setStatus(reply.data);
      else setStatusError(reply.error);
    });
    liveRef.current = deps.connectLive((message) => {
      if (message.kind === 'status') {
        setStatus(message.status);
        setStatusError(null);
      } else if (message.kind === 'changed') hub.emit(message.store, message.keys);
    });
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      live = false;
      liveRef.current?.close();
      liveRef.current = null;
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, [send, deps, hub]);

  // Recent lookups with their last price (cache first; the background is asked while they show),
  // and the text the popup opened with: `?q=`, else this session's last search. Layout effects, so
  // that the reads already under way can paint in the very first frames.
  useLayoutEffect(() => {
    let live = true;
    const show = ({ list, quotes: cached }: Awaited<FirstPaint['recent']>) => {
      if (!live) return;
      setQuotes((q) => mergeQuotes(q, cached.values()));
      setRecent(list);
    };
    void first.recent.then(show);
    const unwatch = watchStored<RecentLookup[]>(
      `local:${RECENT_LOOKUPS_STORED.key}`,
      [],
      (list) => void recentWithQuotes(list).then(show),
    );
    return () => {
      live = false;
      unwatch();
    };
  }, [first]);

  useLayoutEffect(() => {
    void first.lastQuery.then((last) => setOpening(popupOpeningKey(params, last, true)));
    if (params.epic) {
      void send('recent.add', { epic: params.epic });
      return;
    }
    if (params.q) {
      controller.submit(params.q);
      return;
    }
    void first.lastQuery.then((last) => {
      if (!last || controller.view.term !== '' || inputRef.current?.value) return;
      setText(last);
      controller.submit(last);
      queueMicrotask(() => inputRef.current?.select());
    });
  }, [controller, params, send, first]);

  // The popup shows itself (and its search box takes the focus) when its rows are in, or soon whatever it shows.
  const shown = useRef(false);
  const showPopup = useCallback((keep?: Keep) => {
    handOverFirstScreen(keep);
    if (shown.current) return;
    shown.current = true;
    inputRef.current?.focus();
  }, []);
  useEffect(() => handOverAtLatest(showPopup), [showPopup]);
  // Firefox may show its toolbar panel after the page focused the box, and the focus does not survive that:
  // when the popup's window gains focus with nothing focused, the box takes it.
  useEffect(() => {
    const onFocus = () => {
      if (shown.current && (document.activeElement === null || document.activeElement === document.body))
        inputRef.current?.focus();
    };
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, []);

  // Prices of the rows on screen follow the cache as the background refreshes it.
  useEffect(
    () =>
      hub.subscribe((store, keys) => {
        if (store !== 'snapshots' || keys.length === 0) return;
        void import('../../lib/cache/read')
          .then((c) => c.readQuotes(keys))
          .then((found) => setQuotes((q) => mergeQuotes(q, found.values())));
      }),
    [hub],
  );

  const showingResults = search.term !== '';
  const rows = useMemo(
    () =>
      showingResults
        ? resultRows(search.results ?? [], search.fetchedAt, search.stale, quotes)
        : recentRows(recent, quotes),
    [showingResults, search, recent, quotes],
  );

  // Fresh prices for the recent lookups, only while they are on screen.
  const recentEpics = recent.map((r) => r.epic).join(' ');
  const showingRecent = !showingResults && !market && text.trim() === '';
  useEffect(() => {
    if (!showingRecent || !recentEpics) return;
    let live = true;
    void send('markets.quotes', { epics: recentEpics.split(' ') }).then((reply) => {
      if (live && reply.ok) setQuotes((q) => mergeQuotes(q, reply.data));
    });
    return () => {
      live = false;
    };
  }, [showingRecent, recentEpics, send]);

  const hasRows = rows.length > 0;
  // The popup's rows are in: the screen the early script showed (lib/early-screen/paint.ts) swaps for them
  // before the browser paints again, and the popup's first screen of what it opened to is kept.
  const screenKey = market ? null : popupScreenKey(text, showingResults);
  useLayoutEffect(() => {
    if (!hasRows) return;
    showPopup(screenKey && screenKey === opening ? { page: 'popup', key: screenKey } : undefined);
  }, [hasRows, screenKey, opening, showPopup]);
  useEffect(() => {
    if (hasRows) MarketView.preload();
  }, [hasRows]);

  const rowEpics = rows
    .slice(0, WATCH_ROWS)
    .map((r) => r.epic)
    .join(' ');
  useEffect(() => {
    if (!market) liveRef.current?.watch({ epics: rowEpics ? rowEpics.split(' ') : [], marketIds: [], visible: true });
  }, [market, rowEpics]);
  const watchMarket = useCallback(
    (epics: string[], marketIds: string[]) => liveRef.current?.watch({ epics, marketIds, visible: true }),
    [],
  );

  function openRow(index: number) {
    const row = rows[index];
    if (!row) return;
    setMarket({ epic: row.epic, initial: row.quote });
    setMarketError(null);
    void send('recent.add', { epic: row.epic });
    if (search.term) void popupLastQuery.setValue(search.term);
  }

  function back() {
    setMarket(null);
    setMarketError(null);
    inputRef.current?.focus();
  }

  function onInput(value: string) {
    setText(value);
    if (market) setMarket(null);
    controller.input(value);
    if (value.trim() === '') void popupLastQuery.setValue('');
  }

  function onKeyDown(e: KeyboardEvent) {
    if (isListKey(e.key) && !market) {
      e.preventDefault();
      setActive((a) => moveActive(a, rows.length, e.key as Parameters<typeof moveActive>[2]));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (market) return;
      if (active >= 0) openRow(active);
      else if (!search.pending && rows.length > 0 && (search.term !== '' || text.trim() === '')) openRow(0);
      else controller.submit(text);
    } else if (e.key === 'Escape' && !market && text !== '') {
      e.preventDefault();
      e.stopPropagation();
      onInput('');
    }
  }

  // Page-wide keys: "/" focuses the search, Escape leaves the market view.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isSearchShortcut(e, e.target as HTMLElement | null)) {
        e.preventDefault();
        inputRef.current?.focus();
        inputRef.current?.select();
      } else if (e.key === 'Escape' && market && !e.defaultPrevented) {
        e.preventDefault();
        back();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  const openSettings = () => deps.openOptions();
  // Locked, or remembered credentials gone: the vault prompt says so instead of "not connected".
  const vaultSpeaks = status?.state === 'locked' || !!status?.vault.notice;
  const error: ErrorView | null = !online
    ? { kind: 'offline', message: i18n.t('popup.offline') }
    : status?.state === 'signed-out' || search.error?.kind === 'signed-out' || marketError?.kind === 'signed-out'
      ? vaultSpeaks
        ? null
        : signedOut()
      : ((market ? marketError : search.error) ?? statusError);

  return (
    <main class="popup">
      {!market && <h1 class="visually-hidden">{i18n.t('popup.heading')}</h1>}
      <StreamState stream={status?.stream} />
      <SearchBox
        value={text}
        inputRef={inputRef}
        listId={LIST_ID}
        expanded={!market && rows.length > 0}
        activeId={!market && active >= 0 ? rowId(LIST_ID, active) : null}
        busy={search.pending}
        onInput={onInput}
        onKeyDown={onKeyDown}
      />
      {wantsPrompt(status?.vault) && <VaultPrompt vault={status?.vault} send={send} onOpenSettings={openSettings} />}
      {error && (
        <ErrorState
          error={error}
          onOpenSettings={openSettings}
          onRetry={market ? undefined : () => controller.submit(text)}
        />
      )}
      {market ? (
        <>
          <button type="button" class="back" onClick={back} aria-keyshortcuts="Escape">
            <span aria-hidden="true">← </span>
            {i18n.t(search.term ? 'popup.backToResults' : 'popup.backToRecent')}
          </button>
          <MarketView
            key={market.epic}
            deps={deps}
            epic={market.epic}
            initial={market.initial}
            hub={hub}
            onWatch={watchMarket}
            onError={setMarketError}
          />
        </>
      ) : (
        <ListArea
          showingResults={showingResults}
          search={search}
          rows={rows}
          active={active}
          onOpen={openRow}
          onActivate={setActive}
        />
      )}
    </main>
  );
}
