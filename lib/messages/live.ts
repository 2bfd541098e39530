// The live channel between a visible page and the background. Part of the one message contract
// (lib/messages/contract.ts re-exports every name here).
import type { Candle, FundsView, MarketQuote, Resolution } from '../model';
import type { StatusView } from './views';

// The live channel: a page opens a Port with this name while it is visible and says what it shows;
// the background refreshes those markets at the user's cadence and tells the page what changed.
// Closing the page (or a hidden panel posting an empty watch) stops the refresh.
export const LIVE_PORT = 'marketside-live';

/** A price chart a page shows: where the stream has its resolution, its last bar is streamed to the page. */
export type ChartWatch = { epic: string; resolution: Resolution };

export type LiveFromPage =
  | {
      kind: 'watch';
      epics: string[];
      marketIds: string[];
      visible: boolean;
      charts?: ChartWatch[];
      /** Of `epics`, those the page draws from streamed quotes alone: it is not told of a write it was sent. */
      quoted?: string[];
    }
  /** A page that shows prices asks for the stream; repeated, it keeps Firefox's event page awake (lib/stream/keep-awake). */
  | { kind: 'awake' };

/** A streamed quote as the background merged it, sent before the cache holds it (its trail for the sparkline). */
export interface StreamedQuote {
  quote: MarketQuote;
  fetchedAt: number;
  trail: (number | null)[];
}

export type LiveToPage =
  | { kind: 'changed'; store: CacheStoreName; keys: string[] }
  /** Streamed prices, sent the moment they arrive; the cache holds them soon after ('changed' follows). */
  | { kind: 'quotes'; quotes: StreamedQuote[] }
  | { kind: 'status'; status: StatusView }
  /** The stream moved a position or a working order: the page asks for the list again (no REST poll). */
  | { kind: 'account'; what: 'positions' | 'orders' }
  /** A shown chart's bar moved or closed on the stream (its start `bar.t`); a later start is a new bar. */
  | { kind: 'bar'; epic: string; resolution: Resolution; bar: Candle; closed: boolean }
  /** The stream moved the account's funds (or stopped keeping them current: `streamed` false). */
  | { kind: 'funds'; funds: FundsView };

/** The IndexedDB stores the background writes and pages may read for their first paint. */
export type CacheStoreName =
  | 'snapshots'
  | 'details'
  | 'sentiment'
  | 'sentiment-history'
  | 'prices'
  | 'search'
  | 'watchlists'
  | 'account-history';
