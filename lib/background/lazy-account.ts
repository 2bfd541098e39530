// The account's state as the stream keeps it and account.funds (account-part.ts) load with the first of
// them: the first TRADE or ACCOUNT update, or a page's first look at positions, orders or funds.
import type { MessageName } from '../messages/contract';
import { lazyPart } from './lazy-part';

export const accountPart = lazyPart('account updates', () => import('./account/account-part'));

/** The messages the account part answers (a test holds this to the part's own table). */
export const ACCOUNT_MESSAGES = ['account.funds'] as const satisfies readonly MessageName[];
