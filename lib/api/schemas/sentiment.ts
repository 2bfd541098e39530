import * as v from 'valibot';
import { lazySchema } from '../../lazy-schema';
import { optNum } from './kit';

export const ClientSentimentSchema = lazySchema(() =>
  v.looseObject({
    marketId: v.string(),
    longPositionPercentage: optNum,
    shortPositionPercentage: optNum,
  }),
);
export type ClientSentiment = v.InferOutput<typeof ClientSentimentSchema>;

export const ClientSentimentsSchema = lazySchema(() =>
  v.looseObject({ clientSentiments: v.array(ClientSentimentSchema) }),
);
export type ClientSentiments = v.InferOutput<typeof ClientSentimentsSchema>;
