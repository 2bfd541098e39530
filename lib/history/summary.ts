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

export function summarise(transactions: readonly HistoryTransaction[]): PeriodSummary {
  const trades = transactions.filter(isTrade);
  const values = trades.map((t) => t.pnl?.value ?? '0');
  let largestWin: PeriodSummary['largestWin'] = null;
  let largestLoss: PeriodSummary['largestLoss'] = null;
  const markets = new Map<string, string[]>();
  for (const t of trades) {
    const value = t.pnl?.value ?? '0';
    if (signOf(value) > 0 && (!largestWin || compareAmounts(value, largestWin.value) > 0))
      largestWin = { value, market: t.instrumentName };
    if (signOf(value) < 0 && (!largestLoss || compareAmounts(value, largestLoss.value) < 0))
      largestLoss = { value, market: t.instrumentName };
    const list = markets.get(t.instrumentName) ?? [];
    list.push(value);
    markets.set(t.instrumentName, list);
  }
  const wins = values.filter((v) => signOf(v) > 0).length;
  const losses = values.filter((v) => signOf(v) < 0).length;
  return {
    realised: sumAmounts(values),
    trades: trades.length,
    wins,
    losses,
    winRate: trades.length ? wins / trades.length : null,
    largestWin,
    largestLoss,
    byMarket: [...markets]
      .map(([market, list]) => ({ market, realised: sumAmounts(list), trades: list.length }))
      .sort((a, b) => compareAmounts(b.realised, a.realised) || a.market.localeCompare(b.market)),
  };
}
