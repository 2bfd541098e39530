import * as v from 'valibot';
import { optNum } from './kit';

export const ClientSentimentSchema = v.looseObject({
  marketId: v.string(),
  longPositionPercentage: optNum,
  shortPositionPercentage: optNum,
});
export type ClientSentiment = v.InferOutput<typeof ClientSentimentSchema>;

export const ClientSentimentsSchema = v.looseObject({ clientSentiments: v.array(ClientSentimentSchema) });
export type ClientSentiments = v.InferOutput<typeof ClientSentimentsSchema>;
