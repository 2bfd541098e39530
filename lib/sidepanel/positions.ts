// Profit and loss of open positions from the latest prices the panel holds.
import { cents, moneyProfit } from '../dealing/profit';
import { currencyDecimals, formatChange, formatPrice } from '../format';
import type { MarketQuote, PositionView, WorkingOrderView } from '../model';

/** Money at the closing price (bid for a buy, offer for a sell); null without that price or the position's value. */
export function profitLossOf(position: PositionView, quote?: Pick<MarketQuote, 'bid' | 'offer'>): number | null {
  return moneyProfit(position, quote ?? position);
}

/** "+9.80 USD", "−2.00 GBP", "+150 JPY": at the currency's precision; "–" without a figure. */
export function moneyText(value: number | null, currency: string): string {
  if (value === null || !Number.isFinite(value)) return '–';
  return `${formatChange(value, currencyDecimals(currency))} ${currency}`.trimEnd();
}

/** A position row's levels at its market's decimals (lib/format marketDecimals). */
export function positionLevels(p: PositionView, decimals: number | undefined) {
  return {
    level: formatPrice(p.level, decimals),
    price: formatPrice(p.direction === 'BUY' ? p.bid : p.offer, decimals),
    stop: p.stopLevel === null ? null : formatPrice(p.stopLevel, decimals),
    limit: p.limitLevel === null ? null : formatPrice(p.limitLevel, decimals),
  };
}

/** A working order row's level and its distance from the triggering price, at its market's decimals. */
export function orderLevels(o: WorkingOrderView, decimals: number | undefined) {
  return { level: formatPrice(o.level, decimals), distance: formatChange(distanceToLevel(o), decimals) };
}

/** Positions with prices and profit/loss brought up to the given quotes. */
export function repricePositions(positions: PositionView[], quotes: Map<string, MarketQuote>): PositionView[] {
  return positions.map((p) => {
    const q = quotes.get(p.epic);
    if (!q) return p;
    return { ...p, bid: q.bid, offer: q.offer, marketStatus: q.marketStatus, profitLoss: profitLossOf(p, q) };
  });
}

export function repriceOrders(orders: WorkingOrderView[], quotes: Map<string, MarketQuote>): WorkingOrderView[] {
  return orders.map((o) => {
    const q = quotes.get(o.epic);
    return q ? { ...o, bid: q.bid, offer: q.offer, marketStatus: q.marketStatus } : o;
  });
}

/** Sum of profit/loss per currency, to the cent, of the positions with a money figure. */
export function totalsByCurrency(positions: PositionView[]): { currency: string; total: number }[] {
  const totals = new Map<string, number>();
  for (const p of positions) {
    if (p.profitLoss === null) continue;
    totals.set(p.currency, (totals.get(p.currency) ?? 0) + p.profitLoss);
  }
  return [...totals].map(([currency, total]) => ({ currency, total: cents(total) }));
}

/** How far an order's level is from the price that would trigger it, in points. */
export function distanceToLevel(order: WorkingOrderView): number | null {
  const price = order.direction === 'BUY' ? order.offer : order.bid;
  return price === null ? null : order.level - price;
}
