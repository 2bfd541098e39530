// What the stream keeps of the account: its positions and orders, and its funds.
import type { AccountFundsLive } from './account-funds';
import type { AccountLive } from './account-live';

export interface AccountState {
  /** Positions and working orders, from TRADE updates while the stream is live. */
  live: AccountLive;
  /** The account's funds, from ACCOUNT updates while the stream is live. */
  funds: AccountFundsLive;
}
