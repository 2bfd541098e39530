import { statusLabel, statusMark } from '../lib/format';

/**
 * Shown only when the market is not plainly open: closed, auction, suspended are always visible. In a cell
 * too narrow for the words (a watchlist's status column, CSS .wl-stat) the mark stands in for them; the
 * words stay for screen readers and on hover.
 */
export function MarketStatusTag({ status }: { status: string }) {
  if (status === 'TRADEABLE') return null;
  const label = statusLabel(status);
  return (
    <span class={`status-tag status-tag--${status.toLowerCase()}`} title={label}>
      <span class="status-tag__words">{label}</span>
      <span class="status-tag__mark" aria-hidden="true">
        {statusMark(status)}
      </span>
    </span>
  );
}
