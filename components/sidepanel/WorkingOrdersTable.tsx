// The working orders, each with its level and its distance from the market's price now.
import { Fragment } from 'preact';
import { i18n } from '#i18n';
import { marketDecimals } from '../../lib/format';
import type { MarketQuote, WorkingOrderView } from '../../lib/model';
import { orderLevels } from '../../lib/sidepanel/positions';
import { usePanel } from './context';
import { ControlsRow, HeadRow, MarketCell } from './PositionCells';

/** "Buy limit", "Sell stop": the direction and IG's order type in the reader's words. */
function orderKind(o: WorkingOrderView): string {
  const buy = o.direction === 'BUY';
  if (o.orderType === 'LIMIT') return buy ? i18n.t('positionsView.buyLimit') : i18n.t('positionsView.sellLimit');
  return buy ? i18n.t('positionsView.buyStop') : i18n.t('positionsView.sellStop');
}

export function WorkingOrdersTable({
  orders,
  quotes,
}: {
  orders: WorkingOrderView[];
  quotes: Map<string, MarketQuote>;
}) {
  const { dealing } = usePanel();
  return (
    <table class="plain" aria-label={i18n.t('positionsView.workingOrders')}>
      <HeadRow
        numeric={[i18n.t('positionsView.size'), i18n.t('positionsView.level'), i18n.t('positionsView.distance')]}
      />
      <tbody>
        {orders.map((o) => {
          const d = marketDecimals(quotes.get(o.epic));
          const levels = orderLevels(o, d);
          return (
            <Fragment key={o.dealId}>
              <tr data-testid="panel-order">
                <MarketCell row={o}>
                  {orderKind(o)} ·{' '}
                  {o.timeInForce === 'GOOD_TILL_DATE' && o.goodTillDate
                    ? i18n.t('positionsView.until', { date: o.goodTillDate })
                    : i18n.t('positionsView.untilCancelled')}
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
  );
}
