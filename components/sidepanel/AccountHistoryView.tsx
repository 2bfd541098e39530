// The account's history: what was done (activity) and what it earned (transactions), for a period, filtered
// by market and type, paged as the user scrolls, with the period's summary, each closed trade's round trip
// and a CSV export. Replies come from the background's cache while nothing changed the history, so reopening
// costs no request; the first page paints from that cache read directly (lib/history/cached.ts) before the
// background answers.
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { MACHINE_FORMAT_NOTE } from '../../lib/csv/format-note';
import { handOverFirstScreen } from '../../lib/early-screen/hand-over';
import { formatDateTime, formatDecimalText } from '../../lib/format';
import { readCachedHistory } from '../../lib/history/cached';
import { linkTrades, type TradeLink } from '../../lib/history/link';
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

const ROWS_STEP = 50;
const PERIODS: { kind: PeriodKind; label: string }[] = [
  { kind: 'today', label: 'Today' },
  { kind: 'week', label: 'Week' },
  { kind: 'month', label: 'Month' },
  { kind: 'year', label: 'Year' },
  { kind: 'custom', label: 'Custom' },
];

/** An exact decimal with grouping in the UI locale (Intl formats decimal strings without rounding them). */
function amountText(value: string, symbol: string | null | undefined): string {
  const text = formatDecimalText(value);
  return symbol ? `${symbol} ${text}` : text;
}

const when = (iso: string) => formatDateTime(Date.parse(iso));

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

function LinkCell({ link }: { link: TradeLink | undefined }) {
  if (!link) return <span class="muted">—</span>;
  if (!link.linked)
    return (
      <span class="muted" title={link.reason} data-testid="history-not-linked">
        not linked
      </span>
    );
  return (
    <span data-testid="history-linked" title="Linked through the activity: the closing deal names the deal it closed">
      {link.openDealId} → {link.closeDealId}
    </span>
  );
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
  const exportNoteId = useId();
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
      <h2 id="history-title">History</h2>
      <div class="history-controls">
        <fieldset class="history-period">
          <legend class="visually-hidden">Period</legend>
          {PERIODS.map((p) => (
            <button
              key={p.kind}
              type="button"
              class={period.kind === p.kind ? 'tab tab--on' : 'tab'}
              aria-pressed={period.kind === p.kind}
              onClick={() => setPeriod((cur) => ({ ...cur, kind: p.kind }))}
            >
              {p.label}
            </button>
          ))}
        </fieldset>
        {period.kind === 'custom' && (
          <div class="history-custom">
            <label>
              From{' '}
              <input
                type="date"
                value={period.fromDay ?? ''}
                onChange={(e) => setPeriod((p) => ({ ...p, fromDay: (e.target as HTMLInputElement).value }))}
              />
            </label>{' '}
            <label>
              To{' '}
              <input
                type="date"
                value={period.toDay ?? ''}
                onChange={(e) => setPeriod((p) => ({ ...p, toDay: (e.target as HTMLInputElement).value }))}
              />
            </label>
            {!range && <p class="muted">Choose a first and a last day (the last not before the first).</p>}
          </div>
        )}
        <label>
          Market{' '}
          <select
            value={filter.market}
            onChange={(e) => setFilter((f) => ({ ...f, market: (e.target as HTMLSelectElement).value }))}
          >
            <option value="">All markets</option>
            {[...new Set([...markets, ...(filter.market ? [filter.market] : [])])].map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </label>{' '}
        <label>
          Type{' '}
          <select
            value={filter.type}
            onChange={(e) => setFilter((f) => ({ ...f, type: (e.target as HTMLSelectElement).value }))}
          >
            <option value="">All types</option>
            {types.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>{' '}
        <button type="button" onClick={() => void load(true)} disabled={loading || !range}>
          Refresh
        </button>{' '}
        <button
          type="button"
          onClick={() => void exportCsv()}
          disabled={!transactions || !range}
          data-testid="history-export"
          aria-describedby={exportNoteId}
        >
          Export CSV
        </button>
        <span class="muted small" id={exportNoteId} data-testid="history-export-format">
          {MACHINE_FORMAT_NOTE}
        </span>
      </div>
      {error && <ErrorState error={error} onRetry={() => void load(true)} onOpenSettings={openSettings} />}
      {transactions && (
        <dl class="history-summary" data-testid="history-summary" aria-label="Period summary">
          <dt>Realised P&amp;L</dt>
          <dd class="num" data-testid="history-realised">
            {amountText(summary.realised, allTx.find((t) => t.pnl?.symbol)?.pnl?.symbol)}
          </dd>
          <dt>Trades</dt>
          <dd class="num" data-testid="history-trades">
            {summary.trades}
          </dd>
          <dt>Win rate</dt>
          <dd class="num">{summary.winRate === null ? '—' : `${Math.round(summary.winRate * 100)}%`}</dd>
          <dt>Largest win</dt>
          <dd class="num">
            {summary.largestWin ? `${amountText(summary.largestWin.value, null)} (${summary.largestWin.market})` : '—'}
          </dd>
          <dt>Largest loss</dt>
          <dd class="num">
            {summary.largestLoss
              ? `${amountText(summary.largestLoss.value, null)} (${summary.largestLoss.market})`
              : '—'}
          </dd>
          {summary.byMarket.length > 1 &&
            summary.byMarket.map((m) => (
              <>
                <dt key={`${m.market}-t`}>{m.market}</dt>
                <dd key={`${m.market}-d`} class="num">
                  {amountText(m.realised, null)} · {m.trades} {m.trades === 1 ? 'trade' : 'trades'}
                </dd>
              </>
            ))}
        </dl>
      )}
      <div class="tabs" role="tablist" aria-label="History lists">
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'transactions'}
          class={tab === 'transactions' ? 'tab tab--on' : 'tab'}
          onClick={() => setTab('transactions')}
        >
          Transactions
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'activity'}
          class={tab === 'activity' ? 'tab tab--on' : 'tab'}
          onClick={() => setTab('activity')}
        >
          Activity
        </button>
      </div>
      {!transactions && !error && <p class="muted">Loading history…</p>}
      {tab === 'transactions' && transactions && (
        <>
          {shownTransactions.length === 0 ? (
            <p class="muted">No transactions in this period.</p>
          ) : (
            <table class="history-table" data-testid="history-transactions">
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Market</th>
                  <th scope="col" class="num">
                    Size
                  </th>
                  <th scope="col" class="num">
                    Open
                  </th>
                  <th scope="col" class="num">
                    Close
                  </th>
                  <th scope="col" class="num">
                    P&amp;L
                  </th>
                  <th scope="col">Round trip</th>
                </tr>
              </thead>
              <tbody>
                {shownTransactions.slice(0, shownTx).map((t) => (
                  <tr key={`${t.reference}|${t.at}|${t.openLevel}`} data-testid="history-transaction">
                    <td>{when(t.at)}</td>
                    <td>
                      {t.instrumentName}
                      <div class="small muted">{t.type}</div>
                    </td>
                    <td class="num">{t.size ?? ''}</td>
                    <td class="num">{t.openLevel ?? ''}</td>
                    <td class="num">{t.type === 'DEAL' ? (t.closeLevel ?? '') : ''}</td>
                    <td class="num">{t.pnl ? amountText(t.pnl.value, t.pnl.symbol) : ''}</td>
                    <td>
                      <LinkCell link={links.get(t)} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <div ref={txSentinel} aria-hidden="true" />
        </>
      )}
      {tab === 'activity' && transactions && (
        <>
          {shownActivities.length === 0 && !hasMore ? (
            <p class="muted">No activity in this period.</p>
          ) : (
            <table class="history-table" data-testid="history-activity">
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Market</th>
                  <th scope="col">What</th>
                  <th scope="col">Channel</th>
                  <th scope="col">Result</th>
                </tr>
              </thead>
              <tbody>
                {shownActivities.map((a, i) => (
                  <tr key={`${a.dealReference}|${a.at}|${i}`} data-testid="history-activity-row">
                    <td>{when(a.at)}</td>
                    <td>{a.marketName ?? a.epic ?? ''}</td>
                    <td>
                      {a.description}
                      <div class="small muted">{a.type}</div>
                    </td>
                    <td>{a.channel ?? ''}</td>
                    <td>{a.status}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {hasMore && (
            <button type="button" onClick={() => void moreActivity()} disabled={loading}>
              More
            </button>
          )}
          <div ref={actSentinel} aria-hidden="true" />
        </>
      )}
    </section>
  );
}
