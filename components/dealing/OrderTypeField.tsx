import { i18n } from '#i18n';
import type { WorkingOrderView } from '../../lib/model';

export type WorkingOrderType = WorkingOrderView['orderType'];

/**
 * A working order's type, limit or stop. `explained` words each kind by what fills it (a new order's form);
 * without it, the short words a row's amend form has room for.
 */
export function OrderTypeField({
  value,
  onChange,
  explained = false,
}: {
  value: WorkingOrderType;
  onChange: (type: WorkingOrderType) => void;
  explained?: boolean;
}) {
  return (
    <label>
      {i18n.t('deal.orderType')}
      <select value={value} onChange={(e) => onChange(e.currentTarget.value as WorkingOrderType)}>
        <option value="LIMIT">{explained ? i18n.t('deal.typeLimitBetter') : i18n.t('deal.limit')}</option>
        <option value="STOP">{explained ? i18n.t('deal.typeStopThrough') : i18n.t('deal.stop')}</option>
      </select>
    </label>
  );
}
