import { i18n } from '#i18n';
import './dealing.css';
import { useState } from 'preact/hooks';
import { parseAmount, typedIssues } from '../../lib/dealing/form';
import { formatPrice, inputLevel } from '../../lib/format';
import { send } from '../../lib/messages/contract';
import type { WorkingOrderView } from '../../lib/model';
import { DecimalField } from './DecimalField';
import { OrderTypeField, type WorkingOrderType } from './OrderTypeField';
import { RowActions, useRowActions } from './RowActions';

/** Amend or delete a working order. Nothing without a dealing permit. */
export function WorkingOrderActions({ order, decimals }: { order: WorkingOrderView; decimals?: number }) {
  const row = useRowActions();
  const { action, locked, setMode } = row;
  const [levelText, setLevelText] = useState(inputLevel(order.level, decimals));
  const [type, setType] = useState<WorkingOrderType>(order.orderType);
  const [stopText, setStopText] = useState(
    order.stopDistance === null ? '' : inputLevel(order.stopDistance, undefined),
  );
  const [limitText, setLimitText] = useState(
    order.limitDistance === null ? '' : inputLevel(order.limitDistance, undefined),
  );
  if (!row.permitted) return null;
  const name = orderName(order, decimals);

  const level = parseAmount(levelText);
  const stopDistance = parseAmount(stopText);
  const limitDistance = parseAmount(limitText);
  const typed = typedIssues({ level: levelText, stop: stopText, limit: limitText });
  const issue =
    typed.length > 0
      ? typed[0]!.message
      : level === null || !(level > 0)
        ? i18n.t('deal.enterLevel')
        : (stopDistance !== null && !(stopDistance > 0)) || (limitDistance !== null && !(limitDistance > 0))
          ? i18n.t('deal.distancesPositive')
          : null;

  const amend = () => {
    if (issue || level === null) return;
    void action.settle(
      'change',
      () =>
        send('workingOrders.amend', {
          dealId: order.dealId,
          level,
          type,
          timeInForce: order.timeInForce === 'GOOD_TILL_DATE' ? 'GOOD_TILL_DATE' : 'GOOD_TILL_CANCELLED',
          goodTillDate: order.goodTillDate ? Date.parse(order.goodTillDate) || null : null,
          stopDistance,
          limitDistance,
        }),
      () => setMode('idle'),
    );
  };
  const remove = () => {
    void action.settle(
      'deletion',
      () => send('workingOrders.delete', { dealId: order.dealId }),
      () => setMode('idle'),
    );
  };

  return (
    <RowActions
      kind="working-order-actions"
      row={row}
      decimals={decimals}
      amend={{
        toggleLabel: i18n.t('deal.amendNamed', { position: name }),
        label: i18n.t('deal.amendNamed', { position: name }),
        saveLabel: i18n.t('deal.saveOrder'),
        issue,
        onSave: amend,
        fields: (
          <>
            <DecimalField label={i18n.t('deal.orderLevel')} value={levelText} onInput={setLevelText} />
            <OrderTypeField value={type} onChange={setType} />
            <DecimalField label={i18n.t('deal.stopDistance')} value={stopText} onInput={setStopText} />
            <DecimalField label={i18n.t('deal.limitDistance')} value={limitText} onInput={setLimitText} />
          </>
        ),
      }}
      confirm={{
        buttonLabel: i18n.t('deal.deleteNamed', { order: name }),
        buttonText: i18n.t('common.delete'),
        buttonDisabled: locked,
        onOpen: () => setMode('confirm'),
        label: i18n.t('deal.deleteNamed', { order: name }),
        body: <p>{i18n.t('deal.deleteQuestion')}</p>,
        confirmLabel: i18n.t('deal.deleteOrder'),
        onConfirm: remove,
        cancelLabel: i18n.t('deal.keepIt'),
      }}
    />
  );
}

/** "limit order to buy 1 FTSE 100 at 7,500.0": the order's words for its buttons' names. */
function orderName(order: WorkingOrderView, decimals: number | undefined): string {
  const named = { size: String(order.size), market: order.instrumentName, level: formatPrice(order.level, decimals) };
  if (order.orderType === 'STOP')
    return order.direction === 'BUY' ? i18n.t('deal.orderStopBuy', named) : i18n.t('deal.orderStopSell', named);
  return order.direction === 'BUY' ? i18n.t('deal.orderLimitBuy', named) : i18n.t('deal.orderLimitSell', named);
}
