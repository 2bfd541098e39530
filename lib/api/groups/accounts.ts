import { type ClientCore, labelled, sendParsed } from '../core';
import type { CallOptions } from '../requests';
import { AccountsResponseSchema } from '../schemas/accounts';

/** The accounts of the login with their funds (a read; IG's GET /accounts). */
export function accountsGroup(core: ClientCore) {
  return {
    list: labelled('accounts.list', (opts: CallOptions = {}) =>
      sendParsed(core, 'accounts.list', AccountsResponseSchema, opts),
    ),
  };
}
