// The account's history: what was done (activity) and what it earned (transactions), for a period, filtered
// by market and type, paged as the user scrolls, with the period's summary, each closed trade's round trip
// and a CSV export. Replies come from the background's cache while nothing changed the history, so reopening
// costs no request; the first page paints from that cache read directly (lib/history/cached.ts) before the
// background answers.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { handOverFirstScreen } from '../../lib/early-screen/hand-over';
import { readCachedHistory } from '../../lib/history/cached';
import { linkTrades } from '../../lib/history/link';
import { summarise } from '../../lib/history/summary';
import type { HistoryActivity, HistoryTransaction } from '../../lib/history/types';
import type { ErrorView } from '../../lib/messages/contract';
import { send } from '../../lib/messages/contract';
import {
  filterActivities,
  filterTransactions,
  type HistoryFilter,
  marketNameOf,
  marketsOf,
  type Period,
  type PeriodKind,
  periodRange,
  typesOf,
} from '../../lib/sidepanel/account-history';
import { historyScreenKey } from '../../lib/sidepanel/kept-key';
import { ErrorState } from '../ErrorState';
import { saveFile } from '../saveFile';
import { usePanel } from './context';
import { settle } from './errors';
import { HistoryFilters } from './HistoryFilters';
import { HistorySummary } from './HistorySummary';
import { ActivityTable, TransactionsTable } from './HistoryTables';

const ROWS_STEP = 50;

/** Calls `more` when the element scrolls into view (paging as the user scrolls). */
function useSentinel(more: () => void, active: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || !active || typeof IntersectionObserver !== 'function') return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) more();
    });
    io.observe(el);
    return () => io.disconnect();
  }, [more, active]);
  return ref;
}

export function AccountHistoryView({
  accountId = null,
  epic,
  initial = 'week',
}: {
  /** The account whose cached history may be painted first (null: wait for the background). */
  accountId?: string | null;
  epic?: string;
  initial?: PeriodKind;
}) {
  const { openSettings } = usePanel();
  const [period, setPeriod] = useState<Period>({ kind: initial });
  const [filter, setFilter] = useState<HistoryFilter>({ market: '', type: '' });
  const [tab, setTab] = useState<'transactions' | 'activity'>('transactions');
  const [activities, setActivities] = useState<HistoryActivity[]>([]);
  const [transactions, setTransactions] = useState<HistoryTransaction[] | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [shownTx, setShownTx] = useState(ROWS_STEP);
  const [error, setError] = useState<ErrorView | null>(null);
  const [loading, setLoading] = useState(false);
  const page = useRef(0);
  const generation = useRef(0);
  const epicApplied = useRef(false);
  // Learning the account later (the panel's status) is no reason to load again.
  const account = useRef(accountId);
  account.current = accountId;
  const range = useMemo(() => periodRange(period, new Date()), [period]);

  const load = useCallback(
    async (refresh = false) => {
      if (!range) return;
      const gen = ++generation.current;
      page.current = 0;
      setLoading(true);
      setError(null);
      // The transactions paint as soon as they arrive; the activity (and with it the links) follows.
      const activity = settle(send('accountHistory.activity', { ...range, page: 0, refresh }));
      const txReply = settle(send('accountHistory.transactions', { ...range, refresh }));
      let answered = false;
      // Meanwhile the cached first page, read straight from the cache, paints unless the background was quicker.
      const cachedFor = account.current;
      if (cachedFor && !refresh)
        void readCachedHistory(cachedFor, range.from, range.to).then(
          (cached) => {
            if (!cached || answered || gen !== generation.current) return;
            setTransactions(cached.transactions);
            setActivities(cached.activities);
            setHasMore(cached.hasMore);
          },
          () => undefined,
        );
      const tx = await txReply;
      answered = true;
      if (gen !== generation.current) return;
      if (!tx.ok) {
        setLoading(false);
        return setError(tx.error);
      }
      setTransactions(tx.data.transactions);
      setShownTx(ROWS_STEP);
      const act = await activity;
      if (gen !== generation.current) return;
      setLoading(false);
      if (!act.ok) return setError(act.error);
      setActivities(act.data.activities);
      setHasMore(act.data.hasMore);
    },
    [range],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const moreActivity = useCallback(async () => {
    if (!range || loading || !hasMore) return;
    const gen = generation.current;
    setLoading(true);
    const next = await settle(send('accountHistory.activity', { ...range, page: page.current + 1 }));
    if (gen !== generation.current) return;
    setLoading(false);
    if (!next.ok) return setError(next.error);
    page.current += 1;
    setActivities((list) => [...list, ...next.data.activities]);
    setHasMore(next.data.hasMore);
  }, [range, loading, hasMore]);

  useEffect(() => {
    if (!epic || epicApplied.current) return;
    const name = marketNameOf(activities, epic);
    if (name) {
      epicApplied.current = true;
      setFilter((f) => ({ ...f, market: name }));
    }
  }, [epic, activities]);

  const allTx = transactions ?? [];
  const links = useMemo(() => linkTrades(allTx, activities), [allTx, activities]);
  const shownTransactions = useMemo(() => filterTransactions(allTx, filter), [allTx, filter]);
  const shownActivities = useMemo(() => filterActivities(activities, filter), [activities, filter]);
  const summary = useMemo(() => summarise(shownTransactions), [shownTransactions]);
  const markets = useMemo(() => marketsOf(activities, allTx), [activities, allTx]);
  const types = tab === 'transactions' ? typesOf(allTx) : typesOf(activities);
  // The first rows are in: the screen the early script showed swaps for them before the browser paints again,
  // and this first screen of a known account's history is kept for the next opening (the background forgets
  // it when the account changes).
  const hasRows = shownTransactions.length > 0;
  useLayoutEffect(() => {
    if (hasRows)
      handOverFirstScreen(accountId ? { page: 'sidepanel', key: historyScreenKey(initial, epic) } : undefined);
  }, [hasRows, accountId, initial, epic]);
  const moreTx = useCallback(() => setShownTx((n) => n + ROWS_STEP), []);
  const txSentinel = useSentinel(moreTx, tab === 'transactions' && shownTx < shownTransactions.length);
  const actSentinel = useSentinel(() => void moreActivity(), tab === 'activity' && hasMore && !loading);

  const exportCsv = async () => {
    if (!range) return;
    // papaparse loads with the first export, not with the view.
    const { historyCsv, historyFilename } = await import('../../lib/csv/history-export');
    const csv = historyCsv(shownTransactions, links);
    saveFile(historyFilename(range.from, range.to), new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  };

  return (
    <section class="view account-history" aria-labelledby="history-title" data-testid="history-view">
      <h2 id="history-title">{i18n.t('history.title')}</h2>
      <HistoryFilters
        period={period}
        setPeriod={setPeriod}
        validRange={range !== null}
        filter={filter}
        setFilter={setFilter}
        markets={markets}
        types={types}
        loading={loading}
        canExport={transactions !== null && range !== null}
        onRefresh={() => void load(true)}
        onExport={() => void exportCsv()}
      />
      {error && <ErrorState error={error} onRetry={() => void load(true)} onOpenSettings={openSettings} />}
      {transactions && <HistorySummary summary={summary} symbol={allTx.find((t) => t.pnl?.symbol)?.pnl?.symbol} />}
      <div class="tabs" role="tablist" aria-label={i18n.t('history.lists')}>
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'transactions'}
          class={tab === 'transactions' ? 'tab tab--on' : 'tab'}
          onClick={() => setTab('transactions')}
        >
          {i18n.t('history.transactions')}
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'activity'}
          class={tab === 'activity' ? 'tab tab--on' : 'tab'}
          onClick={() => setTab('activity')}
        >
          {i18n.t('history.activity')}
        </button>
      </div>
      {!transactions && !error && <p class="muted">{i18n.t('history.loading')}</p>}
      {tab === 'transactions' && transactions && (
        <TransactionsTable rows={shownTransactions.slice(0, shownTx)} links={links} sentinel={txSentinel} />
      )}
      {tab === 'activity' && transactions && (
        <ActivityTable
          rows={shownActivities}
          hasMore={hasMore}
          loading={loading}
          onMore={() => void moreActivity()}
          sentinel={actSentinel}
        />
      )}
    </section>
  );
}
