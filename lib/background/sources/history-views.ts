// A chart's price history as the service sends it (lib/api's prices reply) turned into candles and the
// allowance left. Pure; part of the price history (history-source.ts).
import type { PriceAllowance, PricePoint, PriceResponse } from '../../api/schemas/prices';
import type { Candle, HistoricalAllowance } from '../../model';
import { finite } from '../../reply-values';

function mid(p: { bid?: number | null; ask?: number | null; lastTraded?: number | null } | null | undefined) {
  if (!p) return null;
  const bid = finite(p.bid);
  const ask = finite(p.ask);
  if (bid !== null && ask !== null) return (bid + ask) / 2;
  return bid ?? ask ?? finite(p.lastTraded);
}

/** `2021-10-13T07:13:00` (UTC) or `2021/10/13 07:13:00` as epoch ms. */
export function parseSnapshotTime(p: PricePoint): number | null {
  const utc = p.snapshotTimeUTC;
  if (typeof utc === 'string') {
    const t = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(utc) ? utc : `${utc}Z`);
    if (Number.isFinite(t)) return t;
  }
  const m = /^(\d{4})[/-](\d{2})[/-](\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(p.snapshotTime);
  if (!m) return null;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0));
}

export function candleFromPoint(p: PricePoint): Candle | null {
  const t = parseSnapshotTime(p);
  if (t === null) return null;
  return {
    t,
    open: mid(p.openPrice),
    high: mid(p.highPrice),
    low: mid(p.lowPrice),
    close: mid(p.closePrice),
    volume: finite(p.lastTradedVolume),
  };
}

export function allowanceView(a: PriceAllowance | null | undefined, now: number): HistoricalAllowance | null {
  if (!a || typeof a.remainingAllowance !== 'number' || typeof a.totalAllowance !== 'number') return null;
  return {
    remainingAllowance: a.remainingAllowance,
    totalAllowance: a.totalAllowance,
    resetsAt: now + (finite(a.allowanceExpiry) ?? 0) * 1000,
  };
}

/** One prices reply as the history source keeps it. */
export function historyOf(
  reply: PriceResponse,
  now: number,
): { candles: Candle[]; allowance: HistoricalAllowance | null } {
  const candles = reply.prices.map(candleFromPoint).filter((c): c is Candle => c !== null);
  return { candles, allowance: allowanceView(reply.metadata?.allowance, now) };
}
