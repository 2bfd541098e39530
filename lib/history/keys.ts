// The account-history store's keys (the background writes them; lib/history/cached.ts reads them).

/** The signed-in account whose history the background last served (removed on a switch of account). */
export const HISTORY_ACCOUNT_KEY = 'account';
export const activityKey = (accountId: string, from: number, to: number, page: number) =>
  `activity|${accountId}|${from}|${to}|${page}`;
export const transactionsKey = (accountId: string, from: number, to: number) =>
  `transactions|${accountId}|${from}|${to}`;
export const historyChangedKey = (accountId: string) => `changed|${accountId}`;
