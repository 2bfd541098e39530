// Open positions and working orders, priced live while on screen. Read-only unless dealing is permitted,
// in which case the dealing controls (components/dealing) appear on each row.
import { Fragment } from 'preact';
import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import { readQuotes } from '../../lib/cache/read';
import { formatChange, formatPrice, trendOf } from '../../lib/format';
import { type ErrorView, send } from '../../lib/messages/contract';
import type { MarketQuote, PositionView, WorkingOrderView } from '../../lib/model';
import { distanceToLevel, repriceOrders, repricePositions, totalsByCurrency } from '../../lib/sidepanel/positions';
import { ErrorState } from '../ErrorState';
import { MarketStatusTag } from '../MarketStatusTag';
import { usePanel } from './context';
import { settle } from './errors';
import { useLiveChanges, useWatch } from './useLiveChanges';

function money(value: number | null, currency: string): string {
  if (value === null) return '–';
  return `${formatChange(value, 2)} ${currency}`;
}

export function PositionsView() {
  const { navigate, openSettings, dealing } = usePanel();
  const [positions, setPositions] = useState<PositionView[] | null>(null);
  const [orders, setOrders] = useState<WorkingOrderView[] | null>(null);
  const [error, setError] = useState<ErrorView | null>(null);
  const [quotes, setQuotes] = useState(new Map<string, MarketQuote>());

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

  // A deal finished anywhere in this panel: the lists are read again.
  useEffect(() => {
    if (!dealing) return;
    const reload = () => void load();
    window.addEventListener(dealing.DEALT_EVENT, reload);
    return () => window.removeEventListener(dealing.DEALT_EVENT, reload);
  }, [dealing, load]);

  const epics = useMemo(
    () => [...new Set([...(positions ?? []).map((p) => p.epic), ...(orders ?? []).map((o) => o.epic)])],
    [positions, orders],
  );
  useWatch('positions', epics, []);

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

  const priced = useMemo(() => (positions ? repricePositions(positions, quotes) : null), [positions, quotes]);
  const pricedOrders = useMemo(() => (orders ? repriceOrders(orders, quotes) : null), [orders, quotes]);
  const totals = priced ? totalsByCurrency(priced) : [];

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
          <thead>
            <tr>
              <th scope="col">Market</th>
              <th scope="col" class="num">
                Size
              </th>
              <th scope="col" class="num">
                Level
              </th>
              <th scope="col" class="num">
                Price
              </th>
              <th scope="col" class="num">
                P/L
              </th>
            </tr>
          </thead>
          <tbody>
            {priced.map((p) => (
              <Fragment key={p.dealId}>
                <tr data-testid="panel-position">
                  <td>
                    <button type="button" class="link" onClick={() => navigate({ view: 'market', epic: p.epic })}>
                      {p.instrumentName}
                    </button>
                    <div class="small muted">
                      {p.direction === 'BUY' ? 'Buy' : 'Sell'}
                      {p.stopLevel !== null && ` · stop ${formatPrice(p.stopLevel)}`}
                      {p.limitLevel !== null && ` · limit ${formatPrice(p.limitLevel)}`}{' '}
                      <MarketStatusTag status={p.marketStatus} />
                    </div>
                  </td>
                  <td class="num">{p.size}</td>
                  <td class="num">{formatPrice(p.level)}</td>
                  <td class="num">{formatPrice(p.direction === 'BUY' ? p.bid : p.offer)}</td>
                  <td class={`num ${trendOf(p.profitLoss)}`}>{money(p.profitLoss, p.currency)}</td>
                </tr>
                {dealing && (
                  <tr key={`${p.dealId}-deal`}>
                    <td colSpan={5}>
                      <dealing.PositionActions position={p} />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
          {totals.length > 0 && (
            <tfoot>
              {totals.map((t) => (
                <tr key={t.currency}>
                  <th scope="row" colSpan={4}>
                    Total ({t.currency})
                  </th>
                  <td class={`num ${trendOf(t.total)}`}>{money(t.total, t.currency)}</td>
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
          <thead>
            <tr>
              <th scope="col">Market</th>
              <th scope="col" class="num">
                Size
              </th>
              <th scope="col" class="num">
                Level
              </th>
              <th scope="col" class="num">
                Distance
              </th>
            </tr>
          </thead>
          <tbody>
            {pricedOrders.map((o) => (
              <Fragment key={o.dealId}>
                <tr data-testid="panel-order">
                  <td>
                    <button type="button" class="link" onClick={() => navigate({ view: 'market', epic: o.epic })}>
                      {o.instrumentName}
                    </button>
                    <div class="small muted">
                      {o.direction === 'BUY' ? 'Buy' : 'Sell'} {o.orderType.toLowerCase()} ·{' '}
                      {o.timeInForce === 'GOOD_TILL_DATE' && o.goodTillDate
                        ? `until ${o.goodTillDate}`
                        : 'until cancelled'}{' '}
                      <MarketStatusTag status={o.marketStatus} />
                    </div>
                  </td>
                  <td class="num">{o.size}</td>
                  <td class="num">{formatPrice(o.level)}</td>
                  <td class="num">{formatChange(distanceToLevel(o))}</td>
                </tr>
                {dealing && (
                  <tr key={`${o.dealId}-deal`}>
                    <td colSpan={4}>
                      <dealing.WorkingOrderActions order={o} />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
