// A streamed PRICE update merged into a market's cached quote. Only the fields the update carries
// change; a null from the service clears that price; a value that is not a number leaves the field as it
// was (a bad update never poisons the cache). Pure.
import type { MarketQuote, MarketStatus } from '../model';

const DEALING_STATUS: Record<string, MarketStatus> = {
  DEAL: 'TRADEABLE',
  CLOSED: 'CLOSED',
  CALL: 'ON_AUCTION',
  AUCTION: 'ON_AUCTION',
  AUCTIONNOEDIT: 'ON_AUCTION_NO_EDITS',
  EDIT: 'EDITS_ONLY',
  CLOSINGSONLY: 'CLOSINGS_ONLY',
  DEALNOEDIT: 'DEAL_NO_EDIT',
  SUSPEND: 'SUSPENDED',
  OFFLINE: 'OFFLINE',
};

const NUMERIC: [field: string, key: 'bid' | 'offer' | 'high' | 'low' | 'netChange' | 'percentageChange'][] = [
  ['BIDPRICE1', 'bid'],
  ['ASKPRICE1', 'offer'],
  ['HIGH', 'high'],
  ['LOW', 'low'],
  ['NET_CHG', 'netChange'],
  ['NET_CHG_PCT', 'percentageChange'],
];

function number(raw: string | null): number | null | undefined {
  if (raw === null || raw === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) ? n : undefined;
}

/** The quote after this update, or null when the update changes nothing the quote shows. */
export function mergePrice(current: MarketQuote, changed: Record<string, string | null>): MarketQuote | null {
  const next: MarketQuote = { ...current };
  let touched = false;
  for (const [field, key] of NUMERIC) {
    if (!(field in changed)) continue;
    const value = number(changed[field] ?? null);
    if (value === undefined || value === next[key]) continue;
    next[key] = value;
    touched = true;
  }
  if ('DLG_FLAG' in changed) {
    const status = DEALING_STATUS[(changed.DLG_FLAG ?? '').trim()];
    if (status && status !== next.marketStatus) {
      next.marketStatus = status;
      touched = true;
    }
  }
  if (!touched) return null;
  const at = 'TIMESTAMP' in changed ? number(changed.TIMESTAMP ?? null) : undefined;
  if (typeof at === 'number' && at > 0) next.updatedAt = at;
  return next;
}
