// Open positions and working orders, priced live while on screen. Read-only unless dealing is permitted,
// in which case the dealing controls (components/dealing) appear on each row.
import { type ComponentChildren, Fragment } from 'preact';
import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import { readQuotes } from '../../lib/cache/read';
import { marketDecimals, trendOf } from '../../lib/format';
import { type ErrorView, send } from '../../lib/messages/contract';
import type { MarketQuote, MarketStatus, PositionView, WorkingOrderView } from '../../lib/model';
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
    () => [...new Set([...(positions ?? []).map((p) => p.epic), ...(orders ?? []).map((o) => o.epic)])],
    [positions, orders],
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
      <AccountSummary />
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
                    <td class={`num ${trendOf(p.profitLoss)}`}>{moneyText(p.profitLoss, p.currency)}</td>
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
