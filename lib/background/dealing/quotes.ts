// Which costs quote backs which deal. A deal is placed only with a quote the background itself
// obtained for exactly that ticket (or that position's close), recently; a quote backs one deal only.

import { storage } from 'wxt/utils/storage';
import { i18n } from '#i18n';
import type { TicketRequest } from '../../dealing/ticket';
import { lazyItem } from '../../settings/registry';

export const QUOTE_TTL_MS = 5 * 60_000;

export interface QuoteRecord {
  quoteReference: string;
  purpose: 'open' | 'close';
  /** The quoted ticket (canonical JSON) or the position's deal id. */
  key: string;
  createdAt: number;
}

export const dealQuotes = lazyItem(() => storage.defineItem<QuoteRecord[]>('session:dealQuotes', { fallback: [] }));

/** The ticket's fields in a fixed order, so equal tickets give equal keys. */
export function ticketKey(t: TicketRequest): string {
  const sl = (x: TicketRequest['stop']) => (x ? [x.mode, x.value] : null);
  return JSON.stringify([
    t.epic,
    t.direction,
    t.size,
    t.orderType,
    t.level ?? null,
    t.currencyCode,
    t.expiry ?? '-',
    sl(t.stop),
    sl(t.limit),
  ]);
}

export async function rememberQuote(record: QuoteRecord, now: number): Promise<void> {
  const list = (await dealQuotes.getValue()).filter((q) => now - q.createdAt < QUOTE_TTL_MS);
  await dealQuotes.setValue([...list.slice(-19), record]);
}

export type QuoteCheck = 'ok' | 'unknown' | 'mismatch' | 'expired';

/** Checks the quote backs this deal and uses it up. */
export async function takeQuote(
  quoteReference: string,
  purpose: QuoteRecord['purpose'],
  key: string,
  now: number,
): Promise<QuoteCheck> {
  const list = await dealQuotes.getValue();
  const found = list.find((q) => q.quoteReference === quoteReference && q.purpose === purpose);
  if (!found) return 'unknown';
  if (found.key !== key) return 'mismatch';
  await dealQuotes.setValue(list.filter((q) => q !== found));
  return now - found.createdAt >= QUOTE_TTL_MS ? 'expired' : 'ok';
}

export function quoteProblem(check: Exclude<QuoteCheck, 'ok'>): string {
  switch (check) {
    case 'unknown':
      return i18n.t('bgError.quoteFirst');
    case 'mismatch':
      return i18n.t('bgError.quoteChanged');
    case 'expired':
      return i18n.t('bgError.quoteExpired');
  }
}
