import { type ClientCore, labelled, sendParsed } from '../core';
import type { CallOptions } from '../requests';
import { ClientSentimentSchema, type ClientSentiments, ClientSentimentsSchema } from '../schemas/sentiment';
import { fail, need } from '../validate';
import { chunk } from './markets';

/**
 * No documented maximum for marketIds (a secondary source claims 500). 500 ids keep the URL under
 * about 5 KB, so a watchlist's sentiment costs one request.
 */
export const SENTIMENT_BATCH_SIZE = 500;

export function clientSentimentGroup(core: ClientCore) {
  return {
    list: labelled('client_sentiment.list', async (marketIds: readonly string[], opts: CallOptions = {}) => {
      const label = 'client_sentiment.list';
      if (!Array.isArray(marketIds)) fail('marketIds', 'Invalid marketIds: expected a list', label);
      for (const id of marketIds) need('marketId', id, label, 'marketIds');
      const unique = [...new Set(marketIds)];
      const replies = await Promise.all(
        chunk(unique, SENTIMENT_BATCH_SIZE).map((batch) =>
          sendParsed(core, label, ClientSentimentsSchema, { ...opts, query: { marketIds: batch.join(',') } }),
        ),
      );
      const merged: ClientSentiments = { clientSentiments: replies.flatMap((r) => r.clientSentiments) };
      return merged;
    }),
    get: labelled('client_sentiment.get', (marketId: string, opts: CallOptions = {}) => {
      need('marketId', marketId, 'client_sentiment.get', 'market_id');
      return sendParsed(core, 'client_sentiment.get', ClientSentimentSchema, {
        ...opts,
        params: { market_id: marketId },
      });
    }),
    related: labelled('client_sentiment.related', (marketId: string, opts: CallOptions = {}) => {
      need('marketId', marketId, 'client_sentiment.related', 'market_id');
      return sendParsed(core, 'client_sentiment.related', ClientSentimentsSchema, {
        ...opts,
        params: { market_id: marketId },
      });
    }),
  };
}
