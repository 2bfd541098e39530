// The account's history as Marketside reads it: IG's activity and transactions with dates as ISO instants
// (UTC) and money as exact decimals. Plain data: cached, sent between the worker and the pages.
import type { Amount } from './amount';

export interface HistoryAction {
  /** POSITION_OPENED, POSITION_CLOSED, POSITION_PARTIALLY_CLOSED, LIMIT_ORDER_OPENED, … */
  type: string;
  dealId: string | null;
}

export interface HistoryActivity {
  at: string;
  dealId: string | null;
  epic: string | null;
  marketName: string | null;
  period: string | null;
  channel: string | null;
  /** POSITION, WORKING_ORDER, EDIT_STOP_AND_LIMIT, SYSTEM (v1: the activity's name). */
  type: string;
  /** ACCEPTED, REJECTED, UNKNOWN. */
  status: string;
  description: string;
  dealReference: string | null;
  direction: string | null;
  size: string | null;
  level: number | null;
  stopLevel: number | null;
  limitLevel: number | null;
  currency: string | null;
  actions: HistoryAction[];
}

export interface HistoryTransaction {
  at: string;
  openedAt: string | null;
  instrumentName: string;
  period: string | null;
  /** IG's transactionType: DEAL, DEPO, WITH, … */
  type: string;
  reference: string | null;
  openLevel: number | null;
  closeLevel: number | null;
  /**
   * The decimal places IG wrote each level with ("1.15400": 5), which the number drops. Absent where IG sent
   * a number or no level, and in records cached before it was kept: then the number's own digits are shown.
   */
  openDecimals?: number;
  closeDecimals?: number;
  /** Signed size ("+2" arrives as "2", "-1.5" stays), canonical; null for cash movements. */
  size: string | null;
  pnl: Amount | null;
  currency: string | null;
  cash: boolean;
}

export interface ActivityQuery {
  /** `yyyy-MM-ddTHH:mm:ss` (UTC) or a date alone (the end of that day for `to`), or a Date. */
  from?: Date | string;
  to?: Date | string;
  detailed?: boolean;
  dealId?: string;
  /** FIQL: `==`, `!=`, `,` (or), `;` (and), e.g. `channel==WEB;type==POSITION`. */
  filter?: string;
  /** 10–500; IG's default 50. */
  pageSize?: number;
}

export interface ActivityPage {
  activities: HistoryActivity[];
  /** The query of the next page (from IG's `metadata.paging.next`), or null on the last page. */
  next: ActivityQuery | null;
}

export type TransactionType = 'ALL' | 'ALL_DEAL' | 'DEPOSIT' | 'WITHDRAWAL';
export const TRANSACTION_TYPES: readonly TransactionType[] = ['ALL', 'ALL_DEAL', 'DEPOSIT', 'WITHDRAWAL'];

export interface TransactionsQuery {
  type?: TransactionType;
  from?: Date | string;
  to?: Date | string;
  maxSpanSeconds?: number;
  /** 0 turns paging off; IG's default 20. */
  pageSize?: number;
  pageNumber?: number;
}

export interface TransactionsPage {
  transactions: HistoryTransaction[];
  pageNumber: number;
  pageSize: number;
  totalPages: number;
}
