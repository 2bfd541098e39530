// The cells the positions' and working orders' tables share: the header row, the market cell and the row of
// dealing controls.
import type { ComponentChildren } from 'preact';
import { i18n } from '#i18n';
import type { MarketStatus } from '../../lib/model';
import { MarketStatusTag } from '../MarketStatusTag';
import { usePanel } from './context';

/** A table's header row: the market, then right-aligned numeric columns. */
export function HeadRow({ numeric }: { numeric: string[] }) {
  return (
    <thead>
      <tr>
        <th scope="col">{i18n.t('positionsView.market')}</th>
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
export function MarketCell({
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
export function ControlsRow({ span, children }: { span: number; children: ComponentChildren }) {
  return (
    <tr>
      <td colSpan={span}>{children}</td>
    </tr>
  );
}
