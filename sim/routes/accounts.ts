import { accountFunds } from '../funds';
import { type Ctx, ok, type Route } from '../http';

/** GET /accounts v1: not in the spec, but public clients list accounts and balances with it. */
function listAccounts(ctx: Ctx) {
  return ok({
    accounts: ctx.world.accounts.map((a) => ({
      accountId: a.accountId,
      accountName: a.accountName,
      accountAlias: null,
      status: 'ENABLED',
      accountType: a.accountType,
      preferred: a.preferred,
      balance: accountFunds(ctx.world, a),
      currency: a.currency,
      canTransferFrom: true,
      canTransferTo: true,
    })),
  });
}

export const accountRoutes: Route[] = [
  { method: 'GET', paths: ['/accounts'], versions: [1], auth: 'session', limit: 'nonTrading', handle: listAccounts },
];
