// Every alert with how far it is from firing, from the latest quotes (the cache first, then the
// background); sortable by distance, name or age; delete, and re-arm after it fired.
import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import { conditionText } from '../../lib/alerts/describe';
import { type AlertRow, type AlertSort, type Distance, distanceTo, sortAlertRows } from '../../lib/alerts/distance';
import { isSentimentKind, usableMid } from '../../lib/alerts/evaluate';
import { readQuotes, readSentiment } from '../../lib/cache/read';
import { formatDateTime, formatNumber, formatPct, formatPrice, formatShare, marketDecimals } from '../../lib/format';
import { type ErrorView, send } from '../../lib/messages/contract';
import type { AlertRule, MarketQuote, Sentiment } from '../../lib/model';
import { alerts as alertsItem } from '../../lib/settings/registry';
import { ErrorState } from '../ErrorState';
import { ListAlertsSection } from './ListAlerts';
import { settle } from './settle';
import './alerts.css';

/** Quotes are asked again this often while the list is on screen (fresh cache entries cost no request). */
const REFRESH_MS = 30_000;

/** Still to go, at the market's precision, and as a percentage. */
function distanceText(d: Distance | null, decimals: number | undefined): string {
  if (d === null) return '–';
  if (d.reached) return 'Reached';
  if (d.unit === 'points') return `${formatNumber(d.abs, 1)} pts`;
  return `${formatPrice(d.abs, decimals)} (${formatPct(d.pct, 2, false)})`;
}

const timeText = (epochMs: number) => formatDateTime(epochMs);

/** Market alerts, and beside them the alerts over whole watchlists. */
export function AlertsList() {
  return (
    <>
      <MarketAlertsList />
      <ListAlertsSection />
    </>
  );
}

function MarketAlertsList() {
  const [rules, setRules] = useState<AlertRule[] | null>(null);
  const [quotes, setQuotes] = useState<Map<string, MarketQuote>>(new Map());
  const [sentiment, setSentiment] = useState<Map<string, Sentiment>>(new Map());
  const [sort, setSort] = useState<AlertSort>('distance');
  const [error, setError] = useState<ErrorView | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async () => {
    const reply = await settle(send('alerts.list', {}));
    if (reply.ok) {
      setRules(reply.data);
      setError(null);
    } else setError(reply.error);
  }, []);

  useEffect(() => {
    void load();
    // A check in the background that fires an alert changes the stored rules: follow it.
    return alertsItem.watch((next) => setRules(next ?? []));
  }, [load]);

  const epics = useMemo(() => [...new Set((rules ?? []).map((r) => r.epic))].sort(), [rules]);
  const marketIds = useMemo(
    () =>
      [...new Set((rules ?? []).flatMap((r) => (isSentimentKind(r.kind) && r.marketId ? [r.marketId] : [])))].sort(),
    [rules],
  );
  const epicsKey = epics.join(',');
  const idsKey = marketIds.join(',');

  useEffect(() => {
    if (epics.length === 0) return;
    let live = true;
    const merge = (found: Iterable<MarketQuote>) =>
      setQuotes((prev) => {
        const next = new Map(prev);
        for (const q of found) next.set(q.epic, q);
        return next;
      });
    const mergeSentiment = (found: Iterable<Sentiment>) =>
      setSentiment((prev) => {
        const next = new Map(prev);
        for (const s of found) next.set(s.marketId, s);
        return next;
      });
    const refresh = async () => {
      if (document.visibilityState === 'hidden') return;
      const [q, s] = await Promise.all([
        settle(send('markets.quotes', { epics })),
        marketIds.length ? settle(send('sentiment.get', { marketIds })) : Promise.resolve(null),
      ]);
      if (!live) return;
      if (q.ok) merge(q.data.map((f) => f.value));
      if (s?.ok) mergeSentiment(s.data.map((f) => f.value));
    };
    void readQuotes(epics).then((cached) => live && merge([...cached.values()].map((f) => f.value)));
    if (marketIds.length) {
      void readSentiment(marketIds).then((cached) => live && mergeSentiment([...cached.values()].map((f) => f.value)));
    }
    void refresh();
    const timer = setInterval(() => void refresh(), REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [epicsKey, idsKey]);

  const act = async (rule: AlertRule, action: 'alerts.delete' | 'alerts.rearm') => {
    setBusy(rule.id);
    const reply = await settle(send(action, { id: rule.id }));
    setBusy(null);
    if (!reply.ok) setError(reply.error);
    await load();
  };

  if (error && rules === null) return <ErrorState error={error} onRetry={() => void load()} />;
  if (rules === null) return <p class="muted">Loading alerts…</p>;
  if (rules.length === 0) {
    return <p class="muted">No alerts yet. Open a market and set one: above or below a price, a move, or sentiment.</p>;
  }

  const rows: AlertRow[] = sortAlertRows(
    rules.map((rule) => ({
      rule,
      distance: distanceTo(
        rule,
        quotes.get(rule.epic) ?? null,
        rule.marketId ? (sentiment.get(rule.marketId) ?? null) : null,
      ),
    })),
    sort,
  );

  return (
    <section class="alerts-list" aria-label="Price alerts">
      <div class="alert-form__row">
        <label>
          Sort by{' '}
          <select value={sort} onChange={(e) => setSort(e.currentTarget.value as AlertSort)}>
            <option value="distance">Distance to target</option>
            <option value="name">Market name</option>
            <option value="created">Newest first</option>
          </select>
        </label>
      </div>
      {error && <ErrorState error={error} />}
      <table>
        <thead>
          <tr>
            <th scope="col">Market</th>
            <th scope="col">Alert when</th>
            <th scope="col" class="num">
              Now
            </th>
            <th scope="col" class="num">
              To go
            </th>
            <th scope="col">
              <span class="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ rule, distance }) => {
            const quote = quotes.get(rule.epic) ?? null;
            const decimals = marketDecimals(quote);
            const label = `${rule.instrumentName} ${conditionText(rule, decimals)}`;
            const long = rule.marketId ? sentiment.get(rule.marketId) : undefined;
            const now = isSentimentKind(rule.kind)
              ? long
                ? `${formatShare(long.longPositionPercentage)} long`
                : '–'
              : formatPrice(usableMid(quote), decimals);
            return (
              <tr key={rule.id} data-testid="alert-row" class={rule.armed ? undefined : 'alert--fired'}>
                <td>
                  {rule.instrumentName}
                  <div class="muted small">{rule.epic}</div>
                </td>
                <td>
                  {conditionText(rule, decimals)}
                  {rule.quiet && (
                    <div class="muted small">
                      quiet {rule.quiet.from}–{rule.quiet.to}
                    </div>
                  )}
                  {!rule.armed && rule.firedAt !== null && <div class="small">Fired {timeText(rule.firedAt)}</div>}
                </td>
                <td class="num">{now}</td>
                <td class="num">{rule.armed ? distanceText(distance, decimals) : '–'}</td>
                <td>
                  <div class="alerts-list__actions">
                    {!rule.armed && (
                      <button
                        type="button"
                        disabled={busy === rule.id}
                        onClick={() => void act(rule, 'alerts.rearm')}
                        aria-label={`Re-arm alert: ${label}`}
                      >
                        Re-arm
                      </button>
                    )}
                    <button
                      type="button"
                      disabled={busy === rule.id}
                      onClick={() => void act(rule, 'alerts.delete')}
                      aria-label={`Delete alert: ${label}`}
                    >
                      Delete
                    </button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
