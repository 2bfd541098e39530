import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { readFacts, readQuotes, readSentiment, readSparkline } from '../../lib/cache/read';
import { formatPrice, formatShare, marketDecimals, spreadOf } from '../../lib/format';
import type { ErrorView } from '../../lib/messages/contract';
import type { Fresh, MarketQuote, Sentiment } from '../../lib/model';
import { orMiss } from '../../lib/or-miss';
import type { PopupDeps } from '../../lib/popup/deps';
import type { ChangeHub } from '../../lib/popup/hub';
import { lastSeenSentiment, rememberSeen } from '../../lib/popup/last-seen';

import { Change } from '../Change';
import { ErrorState } from '../ErrorState';
import { FlagMark } from '../FlagMark';
import { MarketStatusTag } from '../MarketStatusTag';
import { SentimentBar } from '../SentimentBar';
import { Sparkline } from '../Sparkline';
import { StaleMark } from '../StaleMark';
import { MarketActions } from './MarketActions';
import { useFlags } from './useFlags';

interface Props {
  deps: PopupDeps;
  epic: string;
  /** The row the user opened, shown until fresher prices arrive. */
  initial: MarketQuote | null;
  hub: ChangeHub;
  onWatch: (epics: string[], marketIds: string[]) => void;
  onError: (error: ErrorView | null) => void;
}

function newer(a: Fresh<MarketQuote> | null, b: Fresh<MarketQuote>): Fresh<MarketQuote> {
  return a && a.fetchedAt > b.fetchedAt ? a : b;
}

/** One market: prices, a sparkline, client sentiment and what the user can do with it. */
export function MarketView({ deps, epic, initial, hub, onWatch, onError }: Props) {
  const { send } = deps;
  const [quote, setQuote] = useState<Fresh<MarketQuote> | null>(null);
  const [marketId, setMarketId] = useState<string | null>(initial?.marketId ?? null);
  const [sentiment, setSentiment] = useState<Fresh<Sentiment> | null>(null);
  /** undefined until read; null when never seen. */
  const [previousLong, setPreviousLong] = useState<number | null | undefined>(undefined);
  const [related, setRelated] = useState<Sentiment[] | null>(null);
  const [spark, setSpark] = useState<(number | null)[] | null>(null);
  const [quoteError, setQuoteError] = useState<ErrorView | null>(null);

  // Prices and facts: cache first, then the background.
  useEffect(() => {
    let live = true;
    const readQuote = () =>
      readQuotes([epic]).then((found) => {
        const cached = found.get(epic);
        if (live && cached) setQuote((q) => newer(q, cached));
      });
    const readSpark = () =>
      readSparkline(epic).then((values) => {
        if (live) setSpark(values);
      });
    void readQuote();
    void readSpark();
    void readFacts(epic).then((facts) => {
      if (live && facts?.value.marketId) setMarketId((id) => id ?? facts.value.marketId);
    });
    void send('markets.quotes', { epics: [epic] }).then((reply) => {
      if (!live) return;
      if (reply.ok) {
        const fresh = reply.data[0];
        if (fresh) {
          setQuote((q) => newer(q, fresh));
          if (fresh.value.marketId) setMarketId(fresh.value.marketId);
        }
        setQuoteError(null);
      } else setQuoteError(reply.error);
    });
    void send('markets.facts', { epic }).then((reply) => {
      if (live && reply.ok && reply.data.value.marketId) setMarketId(reply.data.value.marketId);
    });
    const unsubscribe = hub.subscribe((store, keys) => {
      if (store === 'snapshots' && keys.includes(epic)) {
        void readQuote();
        void readSpark();
      }
    });
    return () => {
      live = false;
      unsubscribe();
    };
  }, [epic, send, hub]);

  useEffect(() => onError(quoteError), [quoteError, onError]);

  useEffect(() => {
    onWatch([epic], marketId ? [marketId] : []);
  }, [epic, marketId, onWatch]);

  // Sentiment, once the market id is known.
  useEffect(() => {
    if (!marketId) return;
    let live = true;
    const readOwn = () =>
      readSentiment([marketId]).then((found) => {
        const cached = found.get(marketId);
        if (live && cached) setSentiment((s) => (s && s.fetchedAt > cached.fetchedAt ? s : cached));
      });
    void orMiss(() => lastSeenSentiment.getValue(), {}).then((seen) => {
      if (live) setPreviousLong(seen[marketId]?.long ?? null);
    });
    void readOwn();
    void send('sentiment.get', { marketIds: [marketId] }).then((reply) => {
      const fresh = reply.ok ? reply.data[0] : undefined;
      if (live && fresh) setSentiment((s) => (s && s.fetchedAt > fresh.fetchedAt ? s : fresh));
    });
    void send('sentiment.related', { marketId }).then((reply) => {
      if (live && reply.ok) setRelated(reply.data.value.filter((r) => r.marketId !== marketId));
    });
    const unsubscribe = hub.subscribe((store, keys) => {
      if (store === 'sentiment' && keys.includes(marketId)) void readOwn();
    });
    return () => {
      live = false;
      unsubscribe();
    };
  }, [marketId, send, hub]);

  // What the user saw now is what "since last seen" compares with next time.
  const seenLong = sentiment?.value.longPositionPercentage;
  useEffect(() => {
    if (!marketId || seenLong === undefined || previousLong === undefined) return;
    void orMiss(async () => {
      const map = await lastSeenSentiment.getValue();
      await lastSeenSentiment.setValue(rememberSeen(map, marketId, seenLong, Date.now()));
    }, undefined);
  }, [marketId, seenLong, previousLong]);

  const flag = useFlags()[epic];
  const q = quote?.value ?? initial;
  const name = q?.instrumentName ?? epic;
  const d = marketDecimals(q);
  return (
    <article class="market" aria-labelledby="market-title" data-testid="popup-market">
      <header class="market__head">
        <h1 id="market-title" class="market__title">
          {name}
        </h1>
        <div class="market__sub">
          {flag && <FlagMark flag={flag} />}
          <span class="muted">{epic}</span>
          {q && <MarketStatusTag status={q.marketStatus} />}
          {quote && <StaleMark stale={quote.stale} fetchedAt={quote.fetchedAt} />}
        </div>
      </header>
      {quoteError && !quote && <ErrorState error={quoteError} />}
      <dl class="market__prices">
        <div>
          <dt>{i18n.t('term.bid')}</dt>
          <dd class="num">{formatPrice(q?.bid, d)}</dd>
        </div>
        <div>
          <dt>{i18n.t('term.offer')}</dt>
          <dd class="num">{formatPrice(q?.offer, d)}</dd>
        </div>
        <div>
          <dt>{i18n.t('term.spread')}</dt>
          <dd class="num">{formatPrice(spreadOf(q?.bid ?? null, q?.offer ?? null), d)}</dd>
        </div>
        <div>
          <dt>{i18n.t('term.high')}</dt>
          <dd class="num">{formatPrice(q?.high, d)}</dd>
        </div>
        <div>
          <dt>{i18n.t('term.low')}</dt>
          <dd class="num">{formatPrice(q?.low, d)}</dd>
        </div>
        <div>
          <dt>{i18n.t('term.change')}</dt>
          <dd class="num">
            <Change net={q?.netChange ?? null} pct={q?.percentageChange ?? null} decimals={d} />
          </dd>
        </div>
      </dl>
      {spark && spark.filter((v) => v !== null).length >= 2 ? (
        <Sparkline values={spark} width={360} height={40} label={i18n.t('market.recentPrices', { market: name })} />
      ) : (
        <p class="market__trail muted">{i18n.t('market.trailFills')}</p>
      )}
      <section class="market__sentiment" aria-label={i18n.t('term.clientSentiment')}>
        <h2>{i18n.t('term.clientSentiment')}</h2>
        {sentiment ? (
          <SentimentBar
            long={sentiment.value.longPositionPercentage}
            short={sentiment.value.shortPositionPercentage}
            previousLong={previousLong ?? null}
          />
        ) : (
          <p class="muted">{marketId ? i18n.t('market.loadingSentiment') : i18n.t('market.noSentiment')}</p>
        )}
        {related && related.length > 0 && (
          <>
            <h3 class="related__title">{i18n.t('market.related')}</h3>
            <ul class="related" aria-label={i18n.t('market.relatedSentiment')}>
              {related.slice(0, 6).map((r) => (
                <li key={r.marketId}>
                  <span class="related__id">{r.marketId}</span>
                  <SentimentBar long={r.longPositionPercentage} short={r.shortPositionPercentage} compact />
                  <span class="num up">{formatShare(r.longPositionPercentage)}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <MarketActions deps={deps} epic={epic} quote={q} marketId={marketId} />
    </article>
  );
}
