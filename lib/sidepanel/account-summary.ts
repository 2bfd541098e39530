// The account summary above the positions: its figures, how old they are, and when to read them again.
import { i18n } from '#i18n';
import { formatAge, formatChange, formatPrice, type Trend, trendOf } from '../format';
import type { StreamView } from '../messages/contract';
import type { FundsView } from '../model';

/** How often the summary asks the service while the stream does not carry the funds (2 of 30 a minute). */
export const FUNDS_POLL_MS = 30_000;

export interface FundsFigure {
  label: string;
  text: string;
  /** Profit and loss shows up or down; the other figures are flat. */
  trend: Trend;
}

function money(value: number | null, currency: string, signed = false): string {
  if (value === null) return '–';
  const text = signed ? formatChange(value, 2) : formatPrice(value, 2);
  return currency ? `${text} ${currency}` : text;
}

/** The figures a trader reads, in the order IG's platform shows them. */
export function fundsFigures({ funds }: FundsView): FundsFigure[] {
  const c = funds.currency;
  return [
    { label: i18n.t('funds.balance'), text: money(funds.balance, c), trend: 'flat' },
    { label: i18n.t('funds.profitLoss'), text: money(funds.profitLoss, c, true), trend: trendOf(funds.profitLoss) },
    { label: i18n.t('funds.equity'), text: money(funds.equity, c), trend: 'flat' },
    { label: i18n.t('funds.margin'), text: money(funds.margin, c), trend: 'flat' },
    { label: i18n.t('funds.available'), text: money(funds.available, c), trend: 'flat' },
  ];
}

/** "Live" while the stream keeps the funds current, otherwise how old the service's figures are. */
export function fundsAge(view: FundsView, now: number): string {
  return view.streamed ? i18n.t('funds.live') : i18n.t('funds.updated', { age: formatAge(view.fetchedAt, now) });
}

/** The funds after a pushed update: a new account replaces them; the same account keeps its known currency. */
export function nextFunds(current: FundsView | null, incoming: FundsView): FundsView {
  if (!current || current.funds.accountId !== incoming.funds.accountId || incoming.funds.currency) return incoming;
  return { ...incoming, funds: { ...incoming.funds, currency: current.funds.currency } };
}

/**
 * Milliseconds until the summary reads the service again (FUNDS_POLL_MS after its last read or attempt), or
 * null while the stream keeps the funds current.
 */
export function fundsPollDelay(
  view: FundsView | null,
  stream: StreamView['mode'] | undefined,
  lastAttempt: number,
  now: number,
): number | null {
  if (view?.streamed && stream === 'live') return null;
  const last = Math.max(view?.fetchedAt ?? 0, lastAttempt);
  return Math.max(0, last + FUNDS_POLL_MS - now);
}
