import type { AccountType } from './money';

/** Mutable records of the simulated world. */

export interface Account {
  accountId: string;
  accountName: string;
  accountType: AccountType;
  currency: string;
  balance: number;
  preferred: boolean;
}

export type Direction = 'BUY' | 'SELL';

export interface Position {
  accountId: string;
  dealId: string;
  dealReference: string;
  epic: string;
  expiry: string;
  direction: Direction;
  size: number;
  level: number;
  currency: string;
  stopLevel: number | null;
  limitLevel: number | null;
  guaranteedStop: boolean;
  trailingStopDistance: number | null;
  trailingStep: number | null;
  createdAt: number;
}

export interface WorkingOrder {
  accountId: string;
  dealId: string;
  dealReference: string;
  epic: string;
  expiry: string;
  direction: Direction;
  size: number;
  level: number;
  type: 'LIMIT' | 'STOP';
  timeInForce: 'GOOD_TILL_CANCELLED' | 'GOOD_TILL_DATE';
  goodTillDate: number | null;
  currency: string;
  stopDistance: number | null;
  limitDistance: number | null;
  guaranteedStop: boolean;
  createdAt: number;
}

export interface Confirm {
  date: string;
  status: 'OPEN' | 'AMENDED' | 'CLOSED' | 'DELETED' | 'PARTIALLY_CLOSED' | null;
  reason: string;
  dealStatus: 'ACCEPTED' | 'REJECTED';
  epic: string | null;
  expiry: string | null;
  dealReference: string;
  dealId: string;
  affectedDeals: { dealId: string; status: string }[];
  level: number | null;
  size: number | null;
  direction: Direction | null;
  stopLevel: number | null;
  limitLevel: number | null;
  stopDistance: number | null;
  limitDistance: number | null;
  guaranteedStop: boolean;
  trailingStop: boolean;
  profit: number | null;
  profitCurrency: string | null;
}

export interface StoredConfirm {
  accountId: string;
  at: number;
  confirm: Confirm;
}

export interface Watchlist {
  id: string;
  name: string;
  editable: boolean;
  deleteable: boolean;
  defaultSystemWatchlist: boolean;
  epics: string[];
}

export interface Application {
  name: string;
  apiKey: string;
  status: 'ENABLED' | 'DISABLED' | 'REVOKED';
  allowanceApplicationOverall: number;
  allowanceAccountTrading: number;
  allowanceAccountOverall: number;
  allowanceAccountHistoricalData: number;
  concurrentSubscriptionsLimit: number;
  allowEquities: boolean;
  allowQuoteOrders: boolean;
  createdDate: string;
}

export interface CostQuote {
  reference: string;
  accountId: string;
  createdAt: number;
  type: 'OPEN' | 'CLOSE' | 'EDIT';
  direction: Direction;
  epic: string;
  instrumentName: string;
  size: number;
  currency: string;
  figures: Record<string, number | string | null>;
}

export interface RecentDeal {
  accountId: string;
  at: number;
  epic: string;
  currency: string;
  direction: Direction;
  size: number;
}
