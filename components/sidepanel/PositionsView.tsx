// Open positions and working orders, priced live while on screen. Read-only unless dealing is permitted,
// in which case the dealing controls (components/dealing) appear on each row.
import { type ComponentChildren, Fragment } from 'preact';
import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import { readQuotes } from '../../lib/cache/read';
import { marketDecimals, trendOf } from '../../lib/format';
import { type ErrorView, send } from '../../lib/messages/contract';
import type { Fresh, MarketFacts, MarketQuote, MarketStatus, PositionView, WorkingOrderView } from '../../lib/model';
import {
  accountPnl,
  chooseRates,
  currencyMarketEpics,
  rateText,
  wantMarketRate,
} from '../../lib/sidepanel/account-pnl';
import {
  moneyText,
  orderLevels,
  positionLevels,
  repriceOrders,
  repricePositions,
  totalsByCurrency,
} from '../../lib/sidepanel/positions';
import { ErrorState } from '../ErrorState';
import { MarketStatusTag } from '../MarketStatusTag';
import { AccountSummary } from './AccountSummary';
import { usePanel } from './context';
import { settle } from './errors';
import { useLiveChanges, useWatch } from './useLiveChanges';
import { useReloadAfterDeal } from './useReloadAfterDeal';

/** A table's header row: the market, then right-aligned numeric columns. */
function HeadRow({ numeric }: { numeric: string[] }) {
  return (
    <thead>
      <tr>
        <th scope="col">Market</th>
        {numeric.map((label) => (
          <th key={label} scope="col" class="num">
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** The market of a position or an order (a link to its page), the row's details and the market's status. */
function MarketCell({
  row,
  children,
}: {
  row: { epic: string; instrumentName: string; marketStatus: MarketStatus };
  children: ComponentChildren;
}) {
  const { navigate } = usePanel();
  return (
    <td>
      <button type="button" class="link" onClick={() => navigate({ view: 'market', epic: row.epic })}>
        {row.instrumentName}
      </button>
      <div class="small muted">
        {children} <MarketStatusTag status={row.marketStatus} />
      </div>
    </td>
  );
}

const RATE_AGE_TICK_MS = 5_000;

/** A position's profit or loss in the account's currency, with its own currency's figure under it. */
function PnlCell({
  position: p,
  account,
  converted,
}: {
  position: PositionView;
  account: string | null;
  converted: number | null;
}) {
  if (!account || p.currency === account)
    return (
      <td class={`num ${trendOf(p.profitLoss)}`}>
        <span data-testid="position-pnl">{moneyText(p.profitLoss, p.currency)}</span>
      </td>
    );
  return (
    <td class={`num ${trendOf(converted)}`}>
      <span data-testid="position-pnl">{moneyText(converted, account)}</span>
      <div class="small muted" data-testid="position-pnl-own">
        {moneyText(p.profitLoss, p.currency)}
      </div>
    </td>
  );
}

/** The dealing controls under a row, across the whole table. */
function ControlsRow({ span, children }: { span: number; children: ComponentChildren }) {
  return (
    <tr>
      <td colSpan={span}>{children}</td>
    </tr>
  );
}

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
  const totals = priced && !accountCurrency ? totalsByCurrency(priced) : [];

  // The rates' ages keep counting.
  const converting = rates.size > 0;
  useEffect(() => {
    if (!converting) return;
    const timer = setInterval(() => setNow(Date.now()), RATE_AGE_TICK_MS);
    return () => clearInterval(timer);
  }, [converting]);

  if (!priced && !pricedOrders && error)
    return <ErrorState error={error} onRetry={load} onOpenSettings={openSettings} />;
  if (!priced && !pricedOrders) return <p class="muted">Loading positions…</p>;

  return (
    <section class="view" aria-labelledby="positions-title">
      <div class="view__head">
        <h2 id="positions-title">Positions</h2>
        <button type="button" onClick={load}>
          Refresh
        </button>
      </div>
      <AccountSummary onCurrency={setAccountCurrency} />
      {error && <ErrorState error={error} onRetry={load} onOpenSettings={openSettings} />}
      {!dealing && (
        <p class="muted small">
          Read-only: dealing is off. A dealing permit in the settings adds amend, close and new orders here.{' '}
          <button type="button" class="link" onClick={openSettings}>
            Settings
          </button>
        </p>
      )}
      {dealing && <dealing.ReconciliationBanner />}
      {priced && priced.length === 0 && <p class="muted">No open positions.</p>}
      {priced && priced.length > 0 && (
        <table class="plain" aria-label="Open positions">
          <HeadRow numeric={['Size', 'Level', 'Price', 'P/L']} />
          <tbody>
            {priced.map((p) => {
              const d = marketDecimals(quotes.get(p.epic));
              const levels = positionLevels(p, d);
              return (
                <Fragment key={p.dealId}>
                  <tr data-testid="panel-position">
                    <MarketCell row={p}>
                      {p.direction === 'BUY' ? 'Buy' : 'Sell'}
                      {levels.stop !== null && ` · stop ${levels.stop}`}
                      {levels.limit !== null && ` · limit ${levels.limit}`}
                    </MarketCell>
                    <td class="num">{p.size}</td>
                    <td class="num">{levels.level}</td>
                    <td class="num">{levels.price}</td>
                    <PnlCell position={p} account={accountCurrency} converted={inAccount?.rows.get(p.dealId) ?? null} />
                  </tr>
                  {dealing && (
                    <ControlsRow key={`${p.dealId}-deal`} span={5}>
                      <dealing.PositionActions position={p} decimals={d} />
                    </ControlsRow>
                  )}
                </Fragment>
              );
            })}
          </tbody>
          {inAccount && accountCurrency && (
            <tfoot>
              <tr>
                <th scope="row" colSpan={4}>
                  Total ({accountCurrency})
                </th>
                <td class={`num ${trendOf(inAccount.total)}`} data-testid="positions-total">
                  {moneyText(inAccount.total, accountCurrency)}
                </td>
              </tr>
              {(rates.size > 0 || inAccount.missingRates.length > 0) && (
                <tr>
                  <td colSpan={5} class="small muted" data-testid="positions-rates">
                    {[...rates.values()].map((r) => (
                      <div key={r.from}>{rateText(r, now)}</div>
                    ))}
                    {inAccount.missingRates.map((c) => (
                      <div key={c}>
                        No {c} to {accountCurrency} rate known yet: its positions show no {accountCurrency} figure.
                      </div>
                    ))}
                  </td>
                </tr>
              )}
            </tfoot>
          )}
          {totals.length > 0 && (
            <tfoot>
              {totals.map((t) => (
                <tr key={t.currency}>
                  <th scope="row" colSpan={4}>
                    Total ({t.currency})
                  </th>
                  <td class={`num ${trendOf(t.total)}`}>{moneyText(t.total, t.currency)}</td>
                </tr>
              ))}
            </tfoot>
          )}
        </table>
      )}
      <h2>Working orders</h2>
      {pricedOrders && pricedOrders.length === 0 && <p class="muted">No working orders.</p>}
      {pricedOrders && pricedOrders.length > 0 && (
        <table class="plain" aria-label="Working orders">
          <HeadRow numeric={['Size', 'Level', 'Distance']} />
          <tbody>
            {pricedOrders.map((o) => {
              const d = marketDecimals(quotes.get(o.epic));
              const levels = orderLevels(o, d);
              return (
                <Fragment key={o.dealId}>
                  <tr data-testid="panel-order">
                    <MarketCell row={o}>
                      {o.direction === 'BUY' ? 'Buy' : 'Sell'} {o.orderType.toLowerCase()} ·{' '}
                      {o.timeInForce === 'GOOD_TILL_DATE' && o.goodTillDate
                        ? `until ${o.goodTillDate}`
                        : 'until cancelled'}
                    </MarketCell>
                    <td class="num">{o.size}</td>
                    <td class="num">{levels.level}</td>
                    <td class="num">{levels.distance}</td>
                  </tr>
                  {dealing && (
                    <ControlsRow key={`${o.dealId}-deal`} span={4}>
                      <dealing.WorkingOrderActions order={o} decimals={d} />
                    </ControlsRow>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
