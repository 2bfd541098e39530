import type { AlertRule, MarketQuote, Sentiment } from '../../lib/model';

export function rule(patch: Partial<AlertRule> = {}): AlertRule {
  return {
    id: 'a1',
    epic: 'CS.D.EURUSD.MINI.IP',
    instrumentName: 'EUR/USD',
    kind: 'above',
    target: 1.085,
    reference: null,
    marketId: 'EURUSD',
    armed: true,
    createdAt: 1_700_000_000_000,
    firedAt: null,
    quiet: null,
    ...patch,
  };
}

export function quote(
  bid: number | null,
  offer: number | null,
  marketStatus: MarketQuote['marketStatus'] = 'TRADEABLE',
) {
  return { bid, offer, marketStatus };
}

export function sentiment(long: number, marketId = 'EURUSD'): Sentiment {
  return { marketId, longPositionPercentage: long, shortPositionPercentage: 100 - long };
}

/** Epoch ms of today's local wall-clock time hh:mm (the quiet window is local time). */
export function localTime(hh: number, mm: number): number {
  return new Date(2025, 2, 12, hh, mm, 0, 0).getTime();
}
