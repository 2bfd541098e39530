// The account's positions, orders and funds as the stream keeps them, made with the first TRADE or
// ACCOUNT update or a page's first look at them.
import { type AccountFundsDeps, AccountFundsLive } from './account-funds';
import { AccountLive, type AccountLiveDeps } from './account-live';
import type { ApiClient } from './api-client';
import { fetchFunds } from './core-handlers/account';

export interface AccountState {
  /** Positions and working orders, from TRADE updates while the stream is live. */
  live: AccountLive;
  /** The account's funds, from ACCOUNT updates while the stream is live. */
  funds: AccountFundsLive;
}

export function accountState(
  live: AccountLiveDeps,
  funds: Omit<AccountFundsDeps, 'fetch'> & { client(): Promise<ApiClient> },
): AccountState {
  return {
    live: new AccountLive(live),
    funds: new AccountFundsLive({ ...funds, fetch: async (id) => fetchFunds(await funds.client(), id) }),
  };
}
