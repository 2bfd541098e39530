// The shapes the background hands to the pages and writes to the cache. They are views of the
// trading service's responses (IG field names where a field is IG's), never raw transport data,
// and never contain credentials or tokens.

export type Environment = 'demo' | 'live' | 'custom';

export type MarketStatus =
  | 'TRADEABLE'
  | 'CLOSED'
  | 'EDITS_ONLY'
  | 'OFFLINE'
  | 'ON_AUCTION'
  | 'ON_AUCTION_NO_EDITS'
  | 'SUSPENDED'
  | 'CLOSINGS_ONLY'
  | 'DEAL_NO_EDIT'
  | 'UNKNOWN';

/** A market's price line, as search results, watchlist rows and snapshots show it. */
export interface MarketQuote {
  epic: string;
  instrumentName: string;
  instrumentType: string;
  expiry: string;
  bid: number | null;
  offer: number | null;
  high: number | null;
  low: number | null;
  netChange: number | null;
  percentageChange: number | null;
  marketStatus: MarketStatus;
  /** Epoch ms of the service's last price update, when known. */
  updatedAt: number | null;
  /** Sentiment id of the market (e.g. EURUSD), when known from its details. */
  marketId?: string;
  scalingFactor?: number;
  delayTime?: number;
  /**
   * IG's decimal places for this market's levels, from its details (search and watchlist replies do not
   * carry it): absent until the details are known, null when the details said nothing.
   */
  decimalPlacesFactor?: number | null;
}

export interface StepRule {
  unit: 'POINTS' | 'PERCENTAGE';
  value: number;
}

/** Instrument facts and dealing rules: change rarely, cached for a day. */
export interface MarketFacts {
  epic: string;
  marketId: string | null;
  name: string;
  instrumentType: string;
  expiry: string;
  currency: string | null;
  lotSize: number | null;
  marginFactor: number | null;
  marginFactorUnit: 'PERCENTAGE' | 'POINTS' | null;
  valueOfOnePip: string | null;
  onePipMeans: string | null;
  /** What one contract is (a CFD's money per unit of price move); absent in facts cached before it was kept. */
  contractSize?: number | null;
  /**
   * IG's conversion from its market details (`currencies[].baseExchangeRate`): units of each currency per one
   * unit of the account's currency; absent in facts cached before it was kept.
   */
  exchangeRates?: { code: string; perAccountUnit: number }[];
  /** IG's decimal places for the market's levels; absent in facts cached before it was kept. */
  decimalPlacesFactor?: number | null;
  openingHours: { openTime: string; closeTime: string }[] | null;
  stopsLimitsAllowed: boolean;
  controlledRiskAllowed: boolean;
  dealingRules: {
    minDealSize: StepRule | null;
    minStepDistance: StepRule | null;
    minNormalStopOrLimitDistance: StepRule | null;
    minControlledRiskStopDistance: StepRule | null;
    maxStopOrLimitDistance: StepRule | null;
    marketOrderPreference: string | null;
    trailingStopsPreference: string | null;
  };
}

export interface Sentiment {
  marketId: string;
  longPositionPercentage: number;
  shortPositionPercentage: number;
}

/** One recorded sentiment reading, for the trend view. */
export interface SentimentPoint {
  t: number;
  long: number;
}

export type Resolution =
  | 'SECOND'
  | 'MINUTE'
  | 'MINUTE_2'
  | 'MINUTE_3'
  | 'MINUTE_5'
  | 'MINUTE_10'
  | 'MINUTE_15'
  | 'MINUTE_30'
  | 'HOUR'
  | 'HOUR_2'
  | 'HOUR_3'
  | 'HOUR_4'
  | 'DAY'
  | 'WEEK'
  | 'MONTH';

/** One price bar; prices are mid of bid/ask where both exist. `t` is the bar's UTC start in epoch ms. */
export interface Candle {
  t: number;
  open: number | null;
  high: number | null;
  low: number | null;
  close: number | null;
  volume: number | null;
}

export interface HistoricalAllowance {
  remainingAllowance: number;
  totalAllowance: number;
  /** Epoch ms when the weekly allowance resets. */
  resetsAt: number;
}

export interface WatchlistSummary {
  id: string;
  name: string;
  editable: boolean;
  deleteable: boolean;
  defaultSystemWatchlist: boolean;
}

export interface CategorySummary {
  code: string;
  nonTradeable: boolean;
}

export interface AccountSummary {
  accountId: string;
  accountName: string;
  accountType: string;
  preferred: boolean;
}

/** An account's funds in its currency: what the service says, from GET /accounts or the ACCOUNT stream. */
export interface AccountFunds {
  accountId: string;
  /** ISO code; empty until the service has named it (the stream does not carry it). */
  currency: string;
  balance: number | null;
  /** Margin in use (IG's deposit). */
  margin: number | null;
  profitLoss: number | null;
  available: number | null;
  equity: number | null;
}

/** The funds a page shows, with when they were read and whether the stream keeps them current. */
export interface FundsView {
  funds: AccountFunds;
  /** Epoch ms of the last value from the service (a REST read or a streamed update). */
  fetchedAt: number;
  streamed: boolean;
}

/** A value with its freshness, as every read reply and cache entry carries it. */
export interface Fresh<T> {
  value: T;
  /** Epoch ms when the background fetched it from the service. */
  fetchedAt: number;
  /** True when older than the freshness of its kind; a revalidation is then under way. */
  stale: boolean;
}

/** The client-side rate budget, for "rate budget in use" and the engine's visible slow-down. */
export interface BudgetView {
  /** Requests per minute: used in the last minute and the allowance, per bucket. */
  buckets: { name: 'account-overall' | 'account-trading' | 'application'; used: number; limit: number }[];
  historical: { remaining: number; total: number; resetsAt: number } | null;
  /** Set when the engine slowed down or paused to stay within the allowance. */
  throttled: { reason: string; until: number } | null;
}

export type PermitScope = 'dealing' | 'watchlists' | 'applications';

/** A permit as the pages see it (no secret inside a permit; this is its public face). */
export interface PermitView {
  id: string;
  scope: PermitScope;
  environment: Environment;
  accountId: string;
  /** Epoch ms, or null for "until the browser closes". */
  expiresAt: number | null;
  grantedAt: number;
}

/** The reconciliation lock: a dealing mutation whose outcome is unknown. */
export interface LockView {
  dealReference: string;
  operation: string;
  epic: string | null;
  createdAt: number;
  attempts: number;
  lastError: string | null;
}

export type Direction = 'BUY' | 'SELL';

export interface PositionView {
  dealId: string;
  dealReference: string | null;
  epic: string;
  instrumentName: string;
  direction: Direction;
  size: number;
  level: number;
  currency: string;
  stopLevel: number | null;
  limitLevel: number | null;
  createdAt: number | null;
  bid: number | null;
  offer: number | null;
  marketStatus: MarketStatus;
  /**
   * Money (in `currency`) one whole unit of price move makes per unit of size: the contract size on a CFD
   * account, the scaling factor on a spread-bet account; null when the service's reply did not give it.
   */
  valuePerMove: number | null;
  /** Profit or loss in `currency` at the current closing price, to the cent; null without a price or value. */
  profitLoss: number | null;
}

export interface WorkingOrderView {
  dealId: string;
  epic: string;
  instrumentName: string;
  direction: Direction;
  orderType: 'LIMIT' | 'STOP';
  size: number;
  level: number;
  currencyCode: string;
  stopDistance: number | null;
  limitDistance: number | null;
  timeInForce: string;
  goodTillDate: string | null;
  bid: number | null;
  offer: number | null;
  marketStatus: MarketStatus;
}

export type DealOutcome =
  | { status: 'accepted'; dealReference: string; dealId: string; level: number | null; size: number | null }
  /** `reason` is the service's code; the pages put it in words (lib/dealing/reasons). */
  | { status: 'rejected'; dealReference: string; reason: string }
  | { status: 'unknown'; dealReference: string };

export interface AlertRule {
  id: string;
  epic: string;
  instrumentName: string;
  /** above/below a level, a percentage move from the reference price, or a sentiment threshold. */
  kind: 'above' | 'below' | 'move-pct' | 'sentiment-long-above' | 'sentiment-long-below';
  /** The level, the percentage, or the long percentage, by kind. */
  target: number;
  /** The mid price when a move-pct alert was armed. */
  reference: number | null;
  marketId: string | null;
  armed: boolean;
  createdAt: number;
  firedAt: number | null;
  /** Quiet window, local "HH:MM" to "HH:MM": no notification inside it. */
  quiet: { from: string; to: string } | null;
}
