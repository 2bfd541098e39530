// The last reconciliation's result, kept so a page opened after the background settled an unknown
// outcome (on worker start, say) can still tell the user what happened.
import { storage } from 'wxt/utils/storage';
import type { DealOutcome } from '../model';
import { lazyItem } from '../settings/registry';

export interface Settlement {
  dealReference: string | null;
  /** The operation whose outcome was unknown, e.g. 'positions.create'. */
  operation: string;
  epic: string | null;
  /** The outcome as the service reports it, when it could be established by deal reference. */
  outcome: DealOutcome | null;
  /** One sentence for the banner: what actually happened. */
  summary: string;
  settledAt: number;
  /** Set when the account shows something the user must look at (e.g. one deal opened twice). */
  warning?: boolean;
  /**
   * The outcome as the deal itself reported it (no reconciliation needed), kept so a page whose reply
   * was lost (the panel closed, the worker stopped) still learns what happened.
   */
  direct?: boolean;
}

export const lastSettlement = lazyItem(() =>
  storage.defineItem<Settlement | null>('local:dealingSettlement', { fallback: null }),
);
