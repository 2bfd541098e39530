// account.funds: the active account's balance, margin, profit and loss, available and equity.

import { AccountFundsLive, fetchFunds } from '../account/account-funds';
import type { Handlers } from './table';

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
