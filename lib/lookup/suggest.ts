// Omnibox suggestions. Chrome renders the description as XML with <match>, <dim> and <url>, so service text
// is escaped; Firefox shows the description as plain text, so it gets no markup at all.
import { i18n } from '#i18n';
import { formatPrice, marketDecimals, statusLabel } from '../format';
import type { MarketQuote } from '../model';

export interface Suggestion {
  content: string;
  description: string;
}

export function escapeXml(text: string): string {
  return text
    .replace(/[\p{Cc}\uFFFE\uFFFF]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** The name, escaped, with the first case-insensitive occurrence of the typed term wrapped in <match>. */
export function highlight(name: string, term: string): string {
  const t = term.trim();
  const at = t ? name.toLowerCase().indexOf(t.toLowerCase()) : -1;
  if (at < 0) return escapeXml(name);
  return (
    escapeXml(name.slice(0, at)) +
    `<match>${escapeXml(name.slice(at, at + t.length))}</match>` +
    escapeXml(name.slice(at + t.length))
  );
}

type Quote = Pick<MarketQuote, 'epic' | 'instrumentName' | 'bid' | 'offer' | 'marketStatus' | 'decimalPlacesFactor'>;

function priceText(q: Quote): string {
  const d = marketDecimals(q);
  const price =
    q.bid === null && q.offer === null
      ? i18n.t('lookup.noPrice')
      : `${formatPrice(q.bid, d)} / ${formatPrice(q.offer, d)}`;
  return q.marketStatus === 'TRADEABLE' ? price : `${price} (${statusLabel(q.marketStatus)})`;
}

/** One market as a suggestion: Enter on it hands its epic to onInputEntered. */
export function suggestionFor(q: Quote, term: string, markup: boolean): Suggestion {
  const name = q.instrumentName.replace(/\s+/g, ' ').trim().slice(0, 80);
  const description = markup
    ? `${highlight(name, term)} <dim>${escapeXml(q.epic)}</dim> ${escapeXml(priceText(q))}`
    : `${name} · ${q.epic} · ${priceText(q)}`;
  return { content: q.epic, description };
}

/** The line above the suggestions, for what Enter does with the typed text itself. */
export function defaultSuggestion(term: string, markup: boolean): string {
  const t = term.trim();
  if (!t) return i18n.t('lookup.typeHint');
  return markup
    ? i18n.t('lookup.lookUpTerm', { term: `<match>${escapeXml(t)}</match>` })
    : i18n.t('lookup.lookUpQuoted', { term: t });
}

export type Disposition = 'currentTab' | 'newForegroundTab' | 'newBackgroundTab';

/** Where Enter opens the market: Alt+Enter and middle-click open tabs, as for any address. */
export function openIn(disposition: string): { newTab: boolean; active: boolean } {
  if (disposition === 'newForegroundTab') return { newTab: true, active: true };
  if (disposition === 'newBackgroundTab') return { newTab: true, active: false };
  return { newTab: false, active: true };
}
