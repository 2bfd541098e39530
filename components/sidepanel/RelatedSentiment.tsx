// Sentiment of the markets IG relates to this one. A related entry names a market id, not an epic:
// opening it looks the id up with a market search and opens the matching market.
import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { formatShare } from '../../lib/format';
import { type ErrorView, send } from '../../lib/messages/contract';
import type { Sentiment } from '../../lib/model';
import { ErrorState } from '../ErrorState';
import { SentimentBar } from '../SentimentBar';
import { settle } from './errors';

/** The epic a market id stands for: an exact market-id match in the search results, else the first result. */
export async function epicForMarketId(marketId: string): Promise<{ epic: string } | { error: ErrorView }> {
  const reply = await settle(send('markets.search', { term: marketId }));
  if (!reply.ok) return { error: reply.error };
  const results = reply.data.value;
  const match = results.find((q) => q.marketId === marketId) ?? results.find((q) => q.epic.includes(marketId));
  const chosen = match ?? results[0];
  return chosen
    ? { epic: chosen.epic }
    : { error: { kind: 'not-found', message: i18n.t('related.notFound', { id: marketId }) } };
}

export function RelatedSentiment({ marketId, onOpen }: { marketId: string; onOpen(epic: string): void }) {
  const [related, setRelated] = useState<Sentiment[] | null>(null);
  const [error, setError] = useState<ErrorView | null>(null);
  const [opening, setOpening] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    setRelated(null);
    setError(null);
    void settle(send('sentiment.related', { marketId })).then((reply) => {
      if (cancelled) return;
      if (reply.ok) setRelated(reply.data.value.filter((s) => s.marketId !== marketId));
      else setError(reply.error);
    });
    return () => {
      cancelled = true;
    };
  }, [marketId]);

  const open = async (id: string) => {
    setOpening(id);
    setError(null);
    const found = await epicForMarketId(id);
    setOpening(null);
    if ('epic' in found) onOpen(found.epic);
    else setError(found.error);
  };

  if (error && !related) return <ErrorState error={error} />;
  if (!related) return <p class="muted">{i18n.t('common.loading')}</p>;
  if (related.length === 0) return <p class="muted">{i18n.t('related.none')}</p>;
  return (
    <>
      {error && <ErrorState error={error} />}
      <ul class="related" data-testid="panel-related">
        {related.map((s) => (
          <li key={s.marketId} class="related__item">
            <button
              type="button"
              class="link"
              disabled={opening === s.marketId}
              onClick={() => open(s.marketId)}
              aria-label={i18n.t('related.open', { id: s.marketId })}
            >
              {s.marketId}
            </button>
            <SentimentBar long={s.longPositionPercentage} short={s.shortPositionPercentage} compact />
            <span class="num small">{i18n.t('sentiment.long', { pct: formatShare(s.longPositionPercentage) })}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
