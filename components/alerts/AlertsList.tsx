// Every alert with how far it is from firing, from the latest quotes (the cache first, then the
// background); sortable by distance, name or age; delete, and re-arm after it fired.
import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import { i18n } from '#i18n';
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
  if (d.reached) return i18n.t('alertsList.reached');
  if (d.unit === 'points') return i18n.t('sentiment.points', { change: formatNumber(d.abs, 1) });
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
  if (rules === null) return <p class="muted">{i18n.t('alertsList.loading')}</p>;
  if (rules.length === 0) {
    return <p class="muted">{i18n.t('alertsList.none')}</p>;
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
    <section class="alerts-list" aria-label={i18n.t('alertsList.label')}>
      <div class="alert-form__row">
        <label>
          {i18n.t('alertsList.sortBy')}{' '}
          <select value={sort} onChange={(e) => setSort(e.currentTarget.value as AlertSort)}>
            <option value="distance">{i18n.t('alertsList.byDistance')}</option>
            <option value="name">{i18n.t('alertsList.byName')}</option>
            <option value="created">{i18n.t('alertsList.byNewest')}</option>
          </select>
        </label>
      </div>
      {error && <ErrorState error={error} />}
      <table>
        <thead>
          <tr>
            <th scope="col">{i18n.t('column.market')}</th>
            <th scope="col">{i18n.t('alert.form.when')}</th>
            <th scope="col" class="num">
              {i18n.t('alertsList.now')}
            </th>
            <th scope="col" class="num">
              {i18n.t('alertsList.toGo')}
            </th>
            <th scope="col">
              <span class="visually-hidden">{i18n.t('popup.actions')}</span>
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
                ? i18n.t('sentiment.long', { pct: formatShare(long.longPositionPercentage) })
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
                      {i18n.t('alertsList.quiet', { from: rule.quiet.from, to: rule.quiet.to })}
                    </div>
                  )}
                  {!rule.armed && rule.firedAt !== null && (
                    <div class="small">{i18n.t('alertsList.fired', { at: timeText(rule.firedAt) })}</div>
                  )}
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
                        aria-label={i18n.t('alertsList.rearmNamed', { alert: label })}
                      >
                        {i18n.t('alertsList.rearm')}
                      </button>
                    )}
                    <button
                      type="button"
                      disabled={busy === rule.id}
                      onClick={() => void act(rule, 'alerts.delete')}
                      aria-label={i18n.t('alertsList.deleteNamed', { alert: label })}
                    >
                      {i18n.t('common.delete')}
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
