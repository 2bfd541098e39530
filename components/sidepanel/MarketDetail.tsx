// One market: price, chart with history, client sentiment now and over time, related markets' sentiment,
// and the instrument's facts and dealing rules.

import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { readFacts, readQuotes, readSentiment, readSentimentHistory } from '../../lib/cache/read';
import { formatPrice, marketDecimals, spreadOf } from '../../lib/format';
import { type ErrorView, send } from '../../lib/messages/contract';
import type { Fresh, MarketFacts, MarketQuote, Sentiment, SentimentPoint } from '../../lib/model';
import { Change } from '../Change';
import { ErrorState } from '../ErrorState';
import { MarketStatusTag } from '../MarketStatusTag';
import { SentimentBar } from '../SentimentBar';
import { StaleMark } from '../StaleMark';
import { AddToWatchlist, useEditableLists } from './AddToWatchlist';
import { usePanel } from './context';
import { settle } from './errors';
import { FactsList } from './FactsList';
import { HistorySection } from './HistorySection';
import { MarketMarks } from './MarketMarks';
import { RelatedSentiment } from './RelatedSentiment';
import { SentimentTrend } from './SentimentTrend';
import { useLiveChanges, useWatch } from './useLiveChanges';

/** Draws the alert form (components/alerts) for one market. */
export type AlertFormSlot = (market: {
  epic: string;
  instrumentName: string;
  marketId: string | null;
  bid: number | null;
  offer: number | null;
  decimals?: number;
}) => ComponentChildren;

interface Props {
  epic: string;
  onBack(): void;
  /** The alert form for this market, when that part is present. */
  alertForm?: AlertFormSlot;
}

export function MarketDetail({ epic, onBack, alertForm }: Props) {
  const { theme, openSettings, dealing, navigate } = usePanel();
  const [quote, setQuote] = useState<Fresh<MarketQuote> | null>(null);
  const [quoteError, setQuoteError] = useState<ErrorView | null>(null);
  const [facts, setFacts] = useState<Fresh<MarketFacts> | null>(null);
  const [factsError, setFactsError] = useState<ErrorView | null>(null);
  const [sentiment, setSentiment] = useState<Fresh<Sentiment> | null>(null);
  const [trend, setTrend] = useState<SentimentPoint[]>([]);
  const [sentimentError, setSentimentError] = useState<ErrorView | null>(null);
  const lists = useEditableLists();

  const marketId = facts?.value.marketId ?? quote?.value.marketId ?? null;
  useWatch('market', [epic], marketId ? [marketId] : []);

  const loadQuote = useCallback(async () => {
    const cached = (await readQuotes([epic])).get(epic);
    if (cached) setQuote((current) => current ?? cached);
    const reply = await settle(send('markets.quotes', { epics: [epic] }));
    if (reply.ok) {
      const fresh = reply.data.find((q) => q.value.epic === epic);
      if (fresh) setQuote(fresh);
      setQuoteError(fresh ? null : { kind: 'not-found', message: `IG has no market ${epic}.` });
    } else setQuoteError(reply.error);
  }, [epic]);

  const loadFacts = useCallback(async () => {
    const cached = await readFacts(epic);
    if (cached) setFacts((current) => current ?? cached);
    const reply = await settle(send('markets.facts', { epic }));
    if (reply.ok) {
      setFacts(reply.data);
      setFactsError(null);
    } else setFactsError(reply.error);
  }, [epic]);

  useEffect(() => {
    setQuote(null);
    setFacts(null);
    setSentiment(null);
    setTrend([]);
    setQuoteError(null);
    setFactsError(null);
    setSentimentError(null);
    void loadQuote();
    void loadFacts();
  }, [loadQuote, loadFacts]);

  const loadSentiment = useCallback(async (id: string) => {
    const cached = (await readSentiment([id])).get(id);
    if (cached) setSentiment((current) => current ?? cached);
    setTrend(await readSentimentHistory(id));
    const [now, history] = await Promise.all([
      settle(send('sentiment.get', { marketIds: [id] })),
      settle(send('sentiment.history', { marketId: id })),
    ]);
    if (now.ok) {
      const found = now.data.find((s) => s.value.marketId === id);
      if (found) setSentiment(found);
      setSentimentError(null);
    } else setSentimentError(now.error);
    if (history.ok) setTrend(history.data);
  }, []);

  useEffect(() => {
    if (marketId) void loadSentiment(marketId);
  }, [marketId, loadSentiment]);

  useLiveChanges(['snapshots', 'sentiment', 'sentiment-history', 'details'], (store, keys) => {
    if (store === 'snapshots' && keys.includes(epic))
      void readQuotes([epic]).then((found) => {
        const fresh = found.get(epic);
        if (fresh) setQuote(fresh);
      });
    else if (store === 'details' && keys.includes(epic)) void readFacts(epic).then((fresh) => fresh && setFacts(fresh));
    else if (marketId && keys.includes(marketId)) {
      if (store === 'sentiment')
        void readSentiment([marketId]).then((found) => {
          const fresh = found.get(marketId);
          if (fresh) setSentiment(fresh);
        });
      void readSentimentHistory(marketId).then(setTrend);
    }
  });

  const q = quote?.value;
  const name = q?.instrumentName ?? facts?.value.name ?? epic;
  const spread = q ? spreadOf(q.bid, q.offer) : null;
  const d = marketDecimals(q, facts?.value);

  return (
    <article class="view detail" aria-labelledby="detail-title">
      <div class="detail__top">
        <button type="button" onClick={onBack} aria-label={i18n.t('common.back')}>
          ←
        </button>
        <h2 id="detail-title">{name}</h2>
        <button type="button" class="link" onClick={() => navigate({ view: 'history', epic })}>
          {i18n.t('tab.history')}
        </button>
      </div>
      <p class="muted detail__epic">
        {epic}
        {marketId && marketId !== epic ? ` · ${marketId}` : ''}
      </p>
      {quoteError && !quote && <ErrorState error={quoteError} onRetry={loadQuote} onOpenSettings={openSettings} />}
      {!q && !quoteError && <p class="muted">{i18n.t('market.loadingPrice')}</p>}
      {q && quote && (
        <section class="detail-section quote" aria-label={i18n.t('market.price')}>
          <div class="quote__prices num">
            <div>
              <span class="muted">{i18n.t('term.bid')}</span>{' '}
              <strong data-testid="panel-detail-bid">{formatPrice(q.bid, d)}</strong>
            </div>
            <div>
              <span class="muted">{i18n.t('term.offer')}</span>{' '}
              <strong data-testid="panel-detail-offer">{formatPrice(q.offer, d)}</strong>
            </div>
            {spread !== null && (
              <div class="muted">{i18n.t('market.spreadValue', { spread: formatPrice(spread, d) })}</div>
            )}
          </div>
          <div class="quote__meta">
            <Change net={q.netChange} pct={q.percentageChange} decimals={d} />
            <span class="muted num">
              {i18n.t('market.highLow', { high: formatPrice(q.high, d), low: formatPrice(q.low, d) })}
            </span>
            <MarketStatusTag status={q.marketStatus} />
            <StaleMark stale={quote.stale} fetchedAt={quote.fetchedAt} />
          </div>
          <AddToWatchlist epic={epic} instrumentName={name} lists={lists} />
        </section>
      )}
      {dealing && q && (
        <section class="detail-section" aria-label={i18n.t('term.deal')} data-testid="panel-dealing-slot">
          <dealing.ReconciliationBanner />
          <dealing.DealTicket
            epic={epic}
            instrumentName={name}
            facts={facts?.value ?? null}
            bid={q.bid}
            offer={q.offer}
            decimals={d}
          />
          <dealing.NewWorkingOrder
            epic={epic}
            instrumentName={name}
            facts={facts?.value ?? null}
            bid={q.bid}
            offer={q.offer}
          />
        </section>
      )}
      <MarketMarks epic={epic} />
      <HistorySection epic={epic} name={name} theme={theme} decimals={d} />
      <section class="detail-section" aria-labelledby="sentiment-title">
        <h3 id="sentiment-title">{i18n.t('term.clientSentiment')}</h3>
        {!marketId && facts && <p class="muted">{i18n.t('market.noSentimentPublished')}</p>}
        {sentimentError && !sentiment && <ErrorState error={sentimentError} />}
        {sentiment && (
          <div data-testid="panel-sentiment-now">
            <SentimentBar
              long={sentiment.value.longPositionPercentage}
              short={sentiment.value.shortPositionPercentage}
            />
            <StaleMark stale={sentiment.stale} fetchedAt={sentiment.fetchedAt} />
          </div>
        )}
        {marketId && (
          <>
            <h4>{i18n.t('market.overTime')}</h4>
            <SentimentTrend points={trend} name={name} />
            <h4>{i18n.t('market.related')}</h4>
            <RelatedSentiment marketId={marketId} onOpen={(target) => navigate({ view: 'market', epic: target })} />
          </>
        )}
        <p class="muted small">{i18n.t('market.sentimentNote')}</p>
      </section>
      {alertForm && q && (
        <section class="detail-section" aria-label={i18n.t('tab.alerts')}>
          <h3>{i18n.t('market.alert')}</h3>
          {alertForm({ epic, instrumentName: name, marketId, bid: q.bid, offer: q.offer, decimals: d })}
        </section>
      )}
      <section class="detail-section" aria-labelledby="facts-title">
        <h3 id="facts-title">{i18n.t('market.facts')}</h3>
        {factsError && !facts && <ErrorState error={factsError} onRetry={loadFacts} onOpenSettings={openSettings} />}
        {!facts && !factsError && <p class="muted">{i18n.t('common.loading')}</p>}
        {facts && (
          <>
            <FactsList facts={facts.value} />
            <StaleMark stale={facts.stale} fetchedAt={facts.fetchedAt} />
          </>
        )}
      </section>
    </article>
  );
}
