// The account's positions, orders and funds as the stream keeps them, and the account.funds message:
// loaded with the first of them (lazy-account.ts), in Chrome's worker as a part of its own.

import { fetchFunds } from '../handlers/account';
import type { ApiClient } from '../session/api-client';
import { type AccountFundsDeps, AccountFundsLive } from './account-funds';
import { AccountLive, type AccountLiveDeps } from './account-live';
import type { AccountState } from './account-state';

export { accountHandlers } from '../handlers/account';

export type { AccountState } from './account-state';

export function accountState(
  live: AccountLiveDeps,
  funds: Omit<AccountFundsDeps, 'fetch'> & { client(): Promise<ApiClient> },
): AccountState {
  return {
    live: new AccountLive(live),
    funds: new AccountFundsLive({ ...funds, fetch: async (id) => fetchFunds(await funds.client(), id) }),
  };
}
