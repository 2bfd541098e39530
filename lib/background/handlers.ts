// The handler table: one async function per message name of the contract. The router validates the
// request and the sender before a handler runs, and turns whatever a handler throws into an ErrorView.
// Other parts plug in by exporting a `Partial<Handlers>` that lib/background/all-handlers.ts merges.
import type { CacheStoreName, MessageName, ParsedRequestOf, Replies } from '../messages/contract';
import type { registry } from '../settings/registry';
import type { ApiClient } from './api-client';
import type { CacheWriter, MarketWatchApi, SessionApi } from './ports';

export interface HandlerContext {
  /** Market data through the cache: fresh entries cost no request, stale ones are revalidated. */
  markets: MarketWatchApi;
  /** The signed-in client, built from the settings and logged in on first need; rebuilt when they change. */
  getClient(): Promise<ApiClient>;
  session: SessionApi;
  cache: CacheWriter;
  /** Tell open pages that these keys of a cache store changed, so they re-read them. */
  announce(store: CacheStoreName, keys: string[]): void;
  /** Recompute the status and send it to open pages (after a permit, lock or account change). */
  statusChanged(): Promise<void>;
  registry: typeof registry;
  now(): number;
}

export type Handler<N extends MessageName> = (request: ParsedRequestOf<N>, ctx: HandlerContext) => Promise<Replies[N]>;

export type Handlers = { [N in MessageName]: Handler<N> };
