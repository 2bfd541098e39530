// The stream's wiring: its credentials from the session, what it carries from the engine and the pages, and
// where its updates go (the cache, the pages, the account, the status).
import { i18n } from '#i18n';
import { HostNotGrantedError } from '../../api';
import { streamLogin } from '../../api/stream-login';
import type { CacheWriterImpl } from '../../cache/writer';
import type { RefreshEngine } from '../../engine/refresh-engine';
import { StreamUnavailable } from '../../stream/unavailable';
import { SignedOutError } from '../routing/errors';
import type { ClientHolder } from '../session/client-holder';
import { MAX_PAUSE_MS } from '../session/outage';
import type { LiveHub } from '../stream/live-hub';
import { LiveStream } from '../stream/live-stream';
import type { AccountParts } from './account';
import type { BackgroundOptions } from './options';

export interface StreamNeeds {
  clients: ClientHolder;
  cache: CacheWriterImpl;
  engine: RefreshEngine;
  hub: LiveHub;
  account: AccountParts;
  statusChanged(): Promise<void>;
  now(): number;
}

/** The stream, or null where prices are polled (no `stream` option). */
export function streamParts(
  options: Pick<BackgroundOptions, 'stream' | 'timers'>,
  needs: StreamNeeds,
): LiveStream | null {
  const { clients, cache, engine, hub, account } = needs;
  if (!options.stream) return null;
  return new LiveStream({
    createLink: options.stream.createLink,
    withoutPages: options.stream.withoutPages,
    credentials: async (relogin) => {
      // While the service fails (IG's weekend maintenance) the stream asks nothing: the refresh loop's
      // backed-off tries find when it is back, and the stream starts again then (session-events.ts).
      const outage = clients.outage;
      if (outage.failing) throw new StreamUnavailable(outage.reason() ?? '', false, MAX_PAUSE_MS);
      // Signed out stops quietly; a host the user did not grant is said plainly where the stream's state is shown.
      const plain = (err: unknown): never => {
        if (err instanceof SignedOutError) throw new StreamUnavailable(i18n.t('workerError.streamSignedOut'), true);
        throw err instanceof HostNotGrantedError ? new StreamUnavailable(err.message) : err;
      };
      const { client } = await clients.signedIn().catch(plain);
      const login = await streamLogin(client, relogin).catch(plain);
      if (!login) throw new StreamUnavailable(i18n.t('workerError.noStreamingEndpoint'));
      return { endpoint: login.endpoint, user: login.accountId, password: login.password };
    },
    cache,
    targets: () => engine.targets(hub.union()),
    afterStreamed: (quotes) => engine.afterRefresh(quotes, []),
    announceQuotes: (quotes) => hub.announceQuotes(quotes),
    onTrade: (item, changed) => account.trade(item, changed),
    charts: () => hub.charts(),
    onBar: (message) => hub.toCharts(message),
    onAccount: (item, changed) => account.funds(item, changed),
    stateChanged: (view) => {
      account.streamStateChanged(view);
      void needs.statusChanged().catch(() => undefined);
    },
    now: needs.now,
    ...options.timers,
  });
}
