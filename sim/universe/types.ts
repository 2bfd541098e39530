export type InstrumentType = 'CURRENCIES' | 'INDICES' | 'COMMODITIES' | 'SHARES' | 'RATES';
export type MarketStatus =
  | 'TRADEABLE'
  | 'CLOSED'
  | 'EDITS_ONLY'
  | 'OFFLINE'
  | 'ON_AUCTION'
  | 'ON_AUCTION_NO_EDITS'
  | 'SUSPENDED';

/** Trading hours in UTC minutes of the day; `days[0]` is Sunday. */
export interface Sessions {
  days: readonly boolean[];
  open: readonly (readonly [number, number])[];
  /** Windows on trading days shown as ON_AUCTION. */
  auctions: readonly (readonly [number, number])[];
  /** Windows on trading days shown as EDITS_ONLY (daily breaks). */
  edits: readonly (readonly [number, number])[];
}

/** One market of the simulated universe. Prices are quoted in `currency` units per `1/scalingFactor` point. */
export interface Market {
  index: number;
  /** Seeded hash that keys the price series. */
  key: number;
  epic: string;
  marketId: string;
  name: string;
  instrumentType: InstrumentType;
  category: string;
  expiry: string;
  currency: string;
  /** Initial mid price. */
  p0: number;
  /** Daily volatility (fraction). */
  vol: number;
  spread: number;
  decimals: number;
  scalingFactor: number;
  lotSize: number;
  /** Money (in `currency`) per 1.0 move of price per contract, for CFD accounts. */
  pointValue: number;
  unit: 'AMOUNT' | 'CONTRACTS' | 'SHARES';
  minDealSize: number;
  minStopDistance: number;
  marginFactor: number;
  sessions: Sessions;
  streaming: boolean;
  exchangeId: string;
  newsCode: string | null;
  chartCode: string | null;
  country: string | null;
  baseVolume: number;
}

export type MarketSpec = Omit<Market, 'index' | 'key'>;
