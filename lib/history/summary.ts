// A period's closed trades summed up exactly: realised P&L, number of trades, win rate, the largest win and
// loss, and the same per market.
import { compareAmounts, signOf, sumAmounts } from './amount';
import type { HistoryTransaction } from './types';

export interface MarketSummary {
  market: string;
  realised: string;
  trades: number;
}

export interface PeriodSummary {
  realised: string;
  trades: number;
  wins: number;
  losses: number;
  /** 0–1, or null without trades. */
  winRate: number | null;
  largestWin: { value: string; market: string } | null;
  largestLoss: { value: string; market: string } | null;
  byMarket: MarketSummary[];
}

export const isTrade = (t: HistoryTransaction) => t.type === 'DEAL' && t.pnl !== null;

/**
 * The exactly largest of `values` by `better` (1: largest, -1: smallest). Decimal-to-number conversion keeps
 * the order (never reverses it), so the exact extreme is among those whose number is the extreme number;
 * only those are compared exactly (comparing thousands exactly is what slowed a year's History).
 */
function extreme<T>(items: readonly T[], value: (t: T) => string, better: 1 | -1): T | null {
  let best = Number.NaN;
  for (const t of items) {
    const n = Number(value(t));
    if (Number.isNaN(best) || n * better > best * better) best = n;
  }
  let found: T | null = null;
  for (const t of items)
    if (Number(value(t)) === best && (!found || compareAmounts(value(t), value(found)) * better > 0)) found = t;
  return found;
}

export function summarise(transactions: readonly HistoryTransaction[]): PeriodSummary {
  const trades = transactions.filter(isTrade);
  const pnlOf = (t: HistoryTransaction) => t.pnl?.value ?? '0';
  const won: HistoryTransaction[] = [];
  const lost: HistoryTransaction[] = [];
  const markets = new Map<string, string[]>();
  for (const t of trades) {
    const value = pnlOf(t);
    const sign = signOf(value);
    if (sign > 0) won.push(t);
    if (sign < 0) lost.push(t);
    const list = markets.get(t.instrumentName) ?? [];
    list.push(value);
    markets.set(t.instrumentName, list);
  }
  const win = extreme(won, pnlOf, 1);
  const loss = extreme(lost, pnlOf, -1);
  const byMarket = [...markets]
    .map(([market, list]) => ({ market, realised: sumAmounts(list), trades: list.length }))
    .sort((a, b) => compareAmounts(b.realised, a.realised) || a.market.localeCompare(b.market));
  return {
    realised: sumAmounts(byMarket.map((m) => m.realised)),
    trades: trades.length,
    wins: won.length,
    losses: lost.length,
    winRate: trades.length ? won.length / trades.length : null,
    largestWin: win ? { value: pnlOf(win), market: win.instrumentName } : null,
    largestLoss: loss ? { value: pnlOf(loss), market: loss.instrumentName } : null,
    byMarket,
  };
}
