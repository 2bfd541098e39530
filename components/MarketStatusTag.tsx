import { statusLabel } from '../lib/format';

/** Shown only when the market is not plainly open: closed, auction, suspended are always visible. */
export function MarketStatusTag({ status }: { status: string }) {
  if (status === 'TRADEABLE') return null;
  return <span class={`status-tag status-tag--${status.toLowerCase()}`}>{statusLabel(status)}</span>;
}
