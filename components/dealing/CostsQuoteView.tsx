import { useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { formatDateTime, formatMoney } from '../../lib/format';
import { type CostsQuote, type ErrorView, type QuoteHistoryItem, send } from '../../lib/messages/contract';
import { ErrorState } from '../ErrorState';

/** Opens a quote document (a PDF the background fetched) in a new tab. */
export async function openQuoteDocument(quoteReference: string): Promise<ErrorView | null> {
  const reply = await send('deal.durableMedium', { quoteReference });
  if (!reply.ok) return reply.error;
  const bytes = Uint8Array.from(atob(reply.data.base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: reply.data.contentType || 'application/pdf' }));
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return null;
}

/** The indicative costs and charges of a deal; a quote never executes a trade. */
export function CostsQuoteView({ quote, title }: { quote: CostsQuote; title: string }) {
  const [error, setError] = useState<ErrorView | null>(null);
  const [history, setHistory] = useState<QuoteHistoryItem[] | null>(null);
  const money = (n: number) => formatMoney(n, quote.currency);
  const showHistory = async () => {
    const to = Date.now();
    const reply = await send('deal.quoteHistory', { from: to - 7 * 24 * 3600_000, to });
    if (reply.ok) setHistory(reply.data);
    else setError(reply.error);
  };
  return (
    <div class="deal-quote" data-testid="deal-quote">
      <strong>{title}</strong>
      <table>
        <caption class="visually-hidden">{title}</caption>
        <tbody>
          {quote.lines.length === 0 && (
            <tr>
              <td colSpan={2} class="muted">
                {i18n.t('deal.noCosts')}
              </td>
            </tr>
          )}
          {quote.lines.map((l) => (
            <tr key={l.label}>
              <td>{l.label}</td>
              <td class="num">{money(l.amount)}</td>
            </tr>
          ))}
          {quote.notionalValue !== null && (
            <tr>
              <td>{i18n.t('deal.notional')}</td>
              <td class="num">{money(quote.notionalValue)}</td>
            </tr>
          )}
        </tbody>
      </table>
      <div class="deal-actions">
        <span class="muted">{i18n.t('deal.quote', { reference: quote.quoteReference })}</span>
        <button
          type="button"
          class="link-button"
          onClick={async () => setError(await openQuoteDocument(quote.quoteReference))}
        >
          {i18n.t('deal.openQuoteDocument')}
        </button>
        <button type="button" class="link-button" onClick={showHistory}>
          {i18n.t('deal.quoteHistory')}
        </button>
      </div>
      {history && (
        <ul aria-label={i18n.t('deal.quoteHistoryLabel')} data-testid="deal-quote-history">
          {history.length === 0 && <li class="muted">{i18n.t('deal.noQuotes')}</li>}
          {history.map((h) => (
            <li key={h.quoteReference}>
              {formatDateTime(h.createdAt)} · {h.type} · {h.direction} · {h.instrumentName} ·{' '}
              <button
                type="button"
                class="link-button"
                onClick={async () => setError(await openQuoteDocument(h.quoteReference))}
              >
                {h.quoteReference}
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && <ErrorState error={error} />}
    </div>
  );
}
