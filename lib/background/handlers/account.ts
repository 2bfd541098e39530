// account.funds: the active account's balance, margin, profit and loss, available and equity.

import { AccountFundsLive, fundsFromAccounts } from '../account/account-funds';
import { NotFoundError } from '../routing/errors';
import type { ApiClient } from '../session/api-client';
import type { Handlers } from './table';

/** GET /accounts, reduced to the active account's funds. */
export async function fetchFunds(client: ApiClient, accountId: string) {
  const funds = fundsFromAccounts(await client.accounts.list(), accountId);
  if (!funds) throw new NotFoundError('The service did not list this account');
  return funds;
}

export const accountHandlers: Pick<Handlers, 'account.funds'> = {
  async 'account.funds'(_request, ctx) {
    const funds =
      (await ctx.account?.())?.funds ??
      new AccountFundsLive({
        live: () => false,
        activeAccount: () => null,
        accountId: async () => (await ctx.session.account()).accountId,
        fetch: async (id) => fetchFunds(await ctx.getClient(), id),
        changed: () => {},
        now: ctx.now,
      });
    return funds.read();
  },
};
