// Request types, with the field names of the service (reference §2).

export type Direction = 'BUY' | 'SELL';
export type PositionOrderType = 'MARKET' | 'LIMIT' | 'QUOTE';
export type WorkingOrderType = 'LIMIT' | 'STOP';
export type PositionTimeInForce = 'EXECUTE_AND_ELIMINATE' | 'FILL_OR_KILL';
export type WorkingOrderTimeInForce = 'GOOD_TILL_CANCELLED' | 'GOOD_TILL_DATE';

export const RESOLUTIONS = [
  'SECOND',
  'MINUTE',
  'MINUTE_2',
  'MINUTE_3',
  'MINUTE_5',
  'MINUTE_10',
  'MINUTE_15',
  'MINUTE_30',
  'HOUR',
  'HOUR_2',
  'HOUR_3',
  'HOUR_4',
  'DAY',
  'WEEK',
  'MONTH',
] as const;
export type Resolution = (typeof RESOLUTIONS)[number];

/** A date for a path or query: a Date (sent in UTC) or a string already in the service's format. */
export type DateInput = Date | string;

export interface CreatePositionRequest {
  epic: string;
  direction: Direction;
  size: number;
  currencyCode: string;
  /** `-` for undated CFDs, `DFB` for daily funded bets, `DEC-24` for dated contracts. */
  expiry: string;
  /** Default MARKET. */
  orderType?: PositionOrderType;
  level?: number;
  quoteId?: string;
  /** Default true: an open request opens a new position rather than netting off an existing one. */
  forceOpen?: boolean;
  /** Default false. */
  guaranteedStop?: boolean;
  limitDistance?: number;
  limitLevel?: number;
  stopDistance?: number;
  stopLevel?: number;
  timeInForce?: PositionTimeInForce;
  trailingStop?: boolean;
  trailingStopIncrement?: number;
  /** Generated when absent, so a lost reply can always be reconciled. */
  dealReference?: string;
}

export interface AmendPositionRequest {
  limitLevel?: number | null;
  stopLevel?: number | null;
  guaranteedStop?: boolean;
  trailingStop?: boolean;
  trailingStopDistance?: number;
  trailingStopIncrement?: number;
}

export interface ClosePositionRequest {
  /** Set dealId, or epic with expiry; not both. */
  dealId?: string;
  epic?: string;
  expiry?: string;
  /** The closing direction: SELL closes a BUY. */
  direction: Direction;
  size: number;
  /** Default MARKET. */
  orderType?: PositionOrderType;
  level?: number;
  quoteId?: string;
  timeInForce?: PositionTimeInForce;
}

export interface CreateWorkingOrderRequest {
  epic: string;
  direction: Direction;
  size: number;
  level: number;
  type: WorkingOrderType;
  currencyCode: string;
  expiry: string;
  /** Default GOOD_TILL_CANCELLED. */
  timeInForce?: WorkingOrderTimeInForce;
  /** Required with GOOD_TILL_DATE: a Date, epoch milliseconds, or `yyyy/MM/dd HH:mm:ss` UTC. */
  goodTillDate?: Date | number | string;
  guaranteedStop?: boolean;
  forceOpen?: boolean;
  limitDistance?: number;
  limitLevel?: number;
  stopDistance?: number;
  stopLevel?: number;
  dealReference?: string;
}

export interface AmendWorkingOrderRequest {
  level: number;
  type?: WorkingOrderType;
  timeInForce?: WorkingOrderTimeInForce;
  goodTillDate?: Date | number | string;
  guaranteedStop?: boolean;
  limitDistance?: number;
  limitLevel?: number;
  stopDistance?: number;
  stopLevel?: number;
}

export interface PricesQuery {
  resolution?: Resolution;
  from?: DateInput;
  to?: DateInput;
  /** Number of points when no date range is given. */
  max?: number;
  /** Page size of each request while walking pages; default 20 (the service's). */
  pageSize?: number;
}

export interface QuoteOpenRequest {
  ask: number;
  bid: number;
  dealCurrencyCode: string;
  size: number;
  /** Generated when absent. */
  dealReference?: string;
  direction?: Direction;
  epic?: string;
  guaranteedStop?: boolean;
  instrumentId?: string;
  knockoutPremium?: number;
  priceLevel?: number;
  stopLevel?: number;
}

export interface QuoteCloseRequest extends QuoteOpenRequest {
  openingLevel: number;
}

export interface QuoteEditRequest extends QuoteCloseRequest {
  editType: string;
  limitLevel?: number;
}

export interface CostsHistoryQuery {
  pageSize?: number;
  pageNumber?: number;
  type?: string;
}

export interface UpdateApplicationRequest {
  apiKey: string;
  status: 'ENABLED' | 'DISABLED' | 'REVOKED';
  allowanceAccountOverall?: number;
  allowanceAccountTrading?: number;
}

export interface CallOptions {
  /** Cancels the request; a cancelled dealing mutation is ambiguous. */
  signal?: AbortSignal;
  /** Overrides the client's timeout for this call. */
  timeoutMs?: number;
}
