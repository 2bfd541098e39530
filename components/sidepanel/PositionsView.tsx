// Open positions and working orders, priced live while on screen. Read-only unless dealing is permitted,
// in which case the dealing controls (components/dealing) appear on each row.
import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { readQuotes } from '../../lib/cache/read';
import { type ErrorView, send } from '../../lib/messages/contract';
import type { Fresh, MarketFacts, MarketQuote, PositionView, WorkingOrderView } from '../../lib/model';
import { accountPnl, chooseRates, currencyMarketEpics, wantMarketRate } from '../../lib/sidepanel/account-pnl';
import { repriceOrders, repricePositions } from '../../lib/sidepanel/positions';
import { ErrorState } from '../ErrorState';
import { AccountSummary } from './AccountSummary';
import { usePanel } from './context';
import { settle } from './errors';
import { OpenPositionsTable } from './OpenPositionsTable';
import { useLiveChanges, useWatch } from './useLiveChanges';
import { useReloadAfterDeal } from './useReloadAfterDeal';
import { WorkingOrdersTable } from './WorkingOrdersTable';

const RATE_AGE_TICK_MS = 5_000;

export function PositionsView() {
  const { openSettings, dealing, live } = usePanel();
  const [positions, setPositions] = useState<PositionView[] | null>(null);
  const [orders, setOrders] = useState<WorkingOrderView[] | null>(null);
  const [error, setError] = useState<ErrorView | null>(null);
  const [quotes, setQuotes] = useState(new Map<string, MarketQuote>());
  const [accountCurrency, setAccountCurrency] = useState<string | null>(null);
  const [facts, setFacts] = useState<Fresh<MarketFacts>[]>([]);
  // The markets whose details were read for their rates (a key), and the currency markets found to convert.
  const [factsFor, setFactsFor] = useState('');
  const [fxEpics, setFxEpics] = useState<string[]>([]);
  const [now, setNow] = useState(Date.now);

  const load = useCallback(async () => {
    setError(null);
    const [p, o] = await Promise.all([settle(send('positions.list', {})), settle(send('workingOrders.list', {}))]);
    if (p.ok) setPositions(p.data);
    if (o.ok) setOrders(o.data);
    const failed = !p.ok ? p.error : !o.ok ? o.error : null;
    setError(failed);
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  // The stream moved a position or an order (a deal here or on IG's platform): read the lists again,
  // which the background answers from what the stream told it.
  useEffect(() => live.subscribe((message) => message.kind === 'account' && void load()), [live, load]);

  // A deal finished anywhere in this panel: the lists are read again.
  useReloadAfterDeal(load);

  const epics = useMemo(
    () => [...new Set([...(positions ?? []).map((p) => p.epic), ...(orders ?? []).map((o) => o.epic), ...fxEpics])],
    [positions, orders, fxEpics],
  );
  useWatch('positions', epics, []);

  // The positions' markets read once through the cache: one the cache does not hold yet is fetched now, so
  // the stream has an entry to move at once (a cached streamed market costs no request).
  const epicsKey = epics.join(',');
  useEffect(() => {
    if (!epicsKey) return;
    void settle(send('markets.quotes', { epics: epicsKey.split(',') })).then((reply) => {
      if (!reply.ok) return;
      setQuotes((current) => {
        const next = new Map(current);
        for (const fresh of reply.data) if (!next.has(fresh.value.epic)) next.set(fresh.value.epic, fresh.value);
        return next;
      });
    });
  }, [epicsKey]);

  useLiveChanges(['snapshots'], (_store, keys) => {
    const mine = keys.filter((k) => epics.includes(k));
    if (mine.length === 0) return;
    void readQuotes(mine).then((found) =>
      setQuotes((current) => {
        const next = new Map(current);
        for (const [epic, fresh] of found) next.set(epic, fresh.value);
        return next;
      }),
    );
  });

  // IG's conversion into the account's currency comes with the details of the markets in other currencies
  // (read through the cache, so a market read before costs no request).
  const foreignKey = [
    ...new Set((positions ?? []).filter((p) => accountCurrency && p.currency !== accountCurrency).map((p) => p.epic)),
  ].join(',');
  useEffect(() => {
    if (!foreignKey) return;
    void Promise.all(foreignKey.split(',').map((epic) => settle(send('markets.facts', { epic })))).then((replies) => {
      setFacts(replies.flatMap((r) => (r.ok ? [r.data] : [])));
      setFactsFor(foreignKey);
      setNow(Date.now());
    });
  }, [foreignKey]);

  const priced = useMemo(() => (positions ? repricePositions(positions, quotes) : null), [positions, quotes]);
  const pricedOrders = useMemo(() => (orders ? repriceOrders(orders, quotes) : null), [orders, quotes]);
  const rates = useMemo(
    () =>
      priced && accountCurrency ? chooseRates(priced, accountCurrency, facts, [...quotes.values()], now) : new Map(),
    [priced, accountCurrency, facts, quotes, now],
  );
  const inAccount = priced && accountCurrency ? accountPnl(priced, accountCurrency, rates) : null;

  // A currency without IG's rate, or with only an old one, is converted at a currency market's price: the
  // first of its markets the service knows is read, then watched with the positions' markets.
  const wantedKey =
    priced && accountCurrency && factsFor === foreignKey
      ? wantMarketRate(priced, accountCurrency, rates, now).join(',')
      : '';
  useEffect(() => {
    if (!wantedKey || !accountCurrency) return;
    let gone = false;
    void (async () => {
      for (const currency of wantedKey.split(',')) {
        for (const epic of currencyMarketEpics(currency, accountCurrency)) {
          const reply = await settle(send('markets.quotes', { epics: [epic] }));
          const found = reply.ok ? reply.data.find((f) => f.value.epic === epic) : undefined;
          if (gone) return;
          if (!found) continue;
          setQuotes((current) => new Map(current).set(epic, found.value));
          setFxEpics((current) => (current.includes(epic) ? current : [...current, epic]));
          break;
        }
      }
    })();
    return () => {
      gone = true;
    };
  }, [wantedKey, accountCurrency]);

  // The rates' ages keep counting.
  const converting = rates.size > 0;
  useEffect(() => {
    if (!converting) return;
    const timer = setInterval(() => setNow(Date.now()), RATE_AGE_TICK_MS);
    return () => clearInterval(timer);
  }, [converting]);

  if (!priced && !pricedOrders && error)
    return <ErrorState error={error} onRetry={load} onOpenSettings={openSettings} />;
  if (!priced && !pricedOrders) return <p class="muted">{i18n.t('positionsView.loading')}</p>;

  return (
    <section class="view" aria-labelledby="positions-title">
      <div class="view__head">
        <h2 id="positions-title">{i18n.t('positionsView.title')}</h2>
        <button type="button" onClick={load}>
          {i18n.t('positionsView.refresh')}
        </button>
      </div>
      <AccountSummary onCurrency={setAccountCurrency} />
      {error && <ErrorState error={error} onRetry={load} onOpenSettings={openSettings} />}
      {!dealing && (
        <p class="muted small">
          {i18n.t('positionsView.readOnly')}{' '}
          <button type="button" class="link" onClick={openSettings}>
            {i18n.t('positionsView.settings')}
          </button>
        </p>
      )}
      {dealing && <dealing.ReconciliationBanner />}
      {priced && priced.length === 0 && <p class="muted">{i18n.t('positionsView.noPositions')}</p>}
      {priced && priced.length > 0 && (
        <OpenPositionsTable
          positions={priced}
          quotes={quotes}
          accountCurrency={accountCurrency}
          inAccount={inAccount}
          rates={rates}
          now={now}
        />
      )}
      <h2>{i18n.t('positionsView.workingOrders')}</h2>
      {pricedOrders && pricedOrders.length === 0 && <p class="muted">{i18n.t('positionsView.noOrders')}</p>}
      {pricedOrders && pricedOrders.length > 0 && <WorkingOrdersTable orders={pricedOrders} quotes={quotes} />}
    </section>
  );
}
