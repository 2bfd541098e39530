import { formatDateTime, formatDecimalText } from '../../lib/format';

/** An exact decimal with grouping in the UI locale (Intl formats decimal strings without rounding them). */
export function amountText(value: string, symbol: string | null | undefined): string {
  const text = formatDecimalText(value);
  return symbol ? `${symbol} ${text}` : text;
}

export const when = (iso: string) => formatDateTime(Date.parse(iso));
