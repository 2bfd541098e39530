import { formatChange, formatPct, trendOf } from '../lib/format';

/** A change and its percentage, coloured by direction (and marked by an arrow, not colour alone). */
export function Change({ net, pct, decimals }: { net: number | null; pct: number | null; decimals?: number }) {
  const trend = trendOf(pct ?? net);
  const arrow = trend === 'up' ? '▲' : trend === 'down' ? '▼' : '';
  return (
    <span class={`change ${trend}`}>
      {arrow && <span aria-hidden="true">{arrow} </span>}
      <span class="change__net">{formatChange(net, decimals)}</span> <span class="change__pct">({formatPct(pct)})</span>
    </span>
  );
}
