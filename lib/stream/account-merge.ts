// A streamed ACCOUNT update merged into the account's funds. Only the fields the update carries change;
// a null from the service clears that figure; a value that is not a number is refused and the figure
// stays as it was (a bad update never shows as NaN). Pure.
import type { AccountFunds } from '../model';

type FundsKey = 'balance' | 'margin' | 'profitLoss' | 'available' | 'equity';

/** ACCOUNT fields (ACCOUNT_FIELDS in items.ts) to the figures the summary shows. */
const FIELDS: [field: string, key: FundsKey][] = [
  ['FUNDS', 'balance'],
  ['MARGIN', 'margin'],
  ['PNL', 'profitLoss'],
  ['AVAILABLE_TO_DEAL', 'available'],
  ['EQUITY', 'equity'],
];

function amount(raw: string | null): number | null | undefined {
  if (raw === null || raw === '') return null;
  if (raw.trim() === '') return undefined;
  const n = Number(raw);
  return Number.isFinite(n) ? n : undefined;
}

/** Funds of an account the stream has not told anything yet. */
export const noFunds = (accountId: string, currency = ''): AccountFunds => ({
  accountId,
  currency,
  balance: null,
  margin: null,
  profitLoss: null,
  available: null,
  equity: null,
});

/** The funds after this update, or null when it changes nothing shown. */
export function mergeFunds(current: AccountFunds, changed: Record<string, string | null>): AccountFunds | null {
  const next: AccountFunds = { ...current };
  let touched = false;
  for (const [field, key] of FIELDS) {
    if (!(field in changed)) continue;
    const value = amount(changed[field] ?? null);
    if (value === undefined || value === next[key]) continue;
    next[key] = value;
    touched = true;
  }
  return touched ? next : null;
}

/** The account id of an ACCOUNT item, or null for any other item. */
export function accountOfItem(item: string): string | null {
  if (!item.startsWith('ACCOUNT:')) return null;
  return item.slice('ACCOUNT:'.length) || null;
}
