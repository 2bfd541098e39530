// Where other parts join the refresh: extra markets to keep current (alerts), and a look at what each
// refresh fetched (alerts check their rules there).
import type { Fresh, MarketQuote, Sentiment } from '../model';

export interface RefreshUpdate {
  quotes: Fresh<MarketQuote>[];
  sentiment: Fresh<Sentiment>[];
  now: number;
  /** Sentiment ids of the markets, by epic, as far as the refresh knew them. */
  marketIds?: ReadonlyMap<string, string>;
}

export interface EngineHooks {
  /** Markets to keep current besides what pages show and the pinned market, also with no page open. */
  extraTargets?(): Promise<{ epics: string[]; marketIds: string[] }>;
  afterRefresh?(update: RefreshUpdate): Promise<void>;
}
