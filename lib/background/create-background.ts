// The background put together: the session, the status, the pages' live ports, the cache, the market-watch
// service, the refresh engine, the account, the stream and the router, each built from the parts before it
// (lib/background/wiring/). Everything it needs to survive a restart is in storage or IndexedDB, so creating
// it again from the same storage resumes where the last one stopped.
import { cacheStore } from '../cache/stores';
import { CacheWriterImpl } from '../cache/writer';
import type { Reply } from '../messages/contract';
import { registry } from '../settings/registry';
import { plugins as defaultPlugins } from './plugins';
import { toErrorView } from './routing/error-view';
import { isOwnPage, type Sender } from './routing/router';
import { MarketWatch } from './sources/market-watch';
import { LiveHub } from './stream/live-hub';
import { accountParts } from './wiring/account';
import { alarmKeeper } from './wiring/alarm';
import { badgeParts } from './wiring/badge';
import { engineParts } from './wiring/engine';
import { firstPaintParts, watchFirstPaintInputs } from './wiring/first-paint';
import { handlerContext, handlerRouter } from './wiring/handlers';
import { type LiveParts, late, signal } from './wiring/late';
import { type Background, type BackgroundOptions, REFRESH_ALARM } from './wiring/options';
import { sessionParts } from './wiring/session';
import { sessionEvents } from './wiring/session-events';
import { statusParts } from './wiring/status';
import { streamParts } from './wiring/stream';

export { type AlarmsApi, type Background, type BackgroundOptions, REFRESH_ALARM } from './wiring/options';

export function createBackground(options: BackgroundOptions): Background {
  const now = options.now ?? Date.now;
  const list = options.plugins ?? defaultPlugins;
  const { clients, guard, data } = sessionParts(options, now);
  const origin = options.extensionOrigin.endsWith('/') ? options.extensionOrigin : `${options.extensionOrigin}/`;
  const ownPage = (sender: Sender | undefined) =>
    !!sender && isOwnPage(sender, { extensionId: options.extensionId, extensionOrigin: origin });

  // The hub, the engine and the stream, set once the stream is built (below); parts built before them reach
  // them through `live` when they run.
  const live = late<LiveParts>('the hub, the engine and the stream');
  const status = statusParts(clients, now, live);
  const { reportError, statusChanged } = status;
  // Chrome streams for any open page (and with none); Firefox for the pages that ask, which keep its
  // event page awake while they are open.
  const pagesOpen = (pages: LiveHub) => (options.stream?.withoutPages ? pages.connected : pages.streaming) > 0;
  const hub = new LiveHub({
    isOwnPage: ownPage,
    status: status.status,
    onWatchChange: (union) => {
      const { hub: pages, engine, stream } = live.get();
      engine.watchChanged(union);
      void stream?.update(pagesOpen(pages)).catch(reportError);
    },
  });
  const firstPaint = firstPaintParts(options.openStore ?? cacheStore);
  const cache = new CacheWriterImpl({
    now,
    open: options.openStore,
    onChange: (s, k, written) => {
      if (s === 'snapshots') live.get().stream?.cacheChanged(k);
      hub.announce(s, k, written);
      firstPaint.cacheChanged(s, k);
    },
  });
  const streamed = () => live.get().stream?.streamed() ?? new Set<string>();
  const markets = new MarketWatch({ data, cache, now, revalidationFailed: reportError, streamed });
  const badge = badgeParts(options.action, markets);
  const engine = engineParts(options, { markets, clients, badge, status, plugins: list, streamed, now });
  const account = accountParts({ clients, markets, hub, cache, now, reportError, live });
  const stream = streamParts(options, { clients, cache, engine, hub, account, statusChanged, now });
  live.set({ hub, engine, stream });

  const accountSwitched = sessionEvents({ clients, cache, status, account, stream });
  const ctx = handlerContext(options, {
    clients,
    guard,
    markets,
    cache,
    hub,
    status,
    badge,
    account,
    accountSwitched,
    now,
  });
  const handlers = handlerRouter({ extensionId: options.extensionId, extensionOrigin: origin, plugins: list }, account);
  const ensureAlarm = alarmKeeper(options.alarms);
  const unwatch: (() => void)[] = [handlers.stop];
  const firstReply = signal();

  return {
    ctx,
    markets,
    engine,
    hub,
    stream,
    cache,
    clients,
    route(message, sender) {
      const reply = handlers
        .route(message, sender, ctx)
        ?.catch((err: unknown): Reply<unknown> => ({ ok: false, error: toErrorView(err) }));
      return reply?.then((r) => {
        status.replied(r);
        firstReply.fire();
        return r;
      });
    },
    async onAlarm(name) {
      if (name !== REFRESH_ALARM) return;
      await stream?.update().catch(reportError);
      await engine.backgroundTick().catch(reportError);
    },
    async start() {
      clients.watchSettings();
      unwatch.push(
        registry.pinnedEpic.watch(() => {
          void badge.refreshBadge().catch(() => undefined);
          void stream?.update().catch(reportError);
        }),
        // An alert's market is streamed too, with no page open.
        registry.alerts.watch(() => void stream?.update().catch(reportError)),
        registry.listAlerts.watch(() => void stream?.update().catch(reportError)),
        clients.onRebuild(() => {
          stream?.stop();
          void stream?.update().catch(reportError);
        }),
        registry.prefs.watch(() => void ensureAlarm().catch(() => undefined)),
        ...watchFirstPaintInputs(firstPaint),
      );
      await options.startAfter?.(firstReply.settled);
      firstPaint.schedule();
      for (const plugin of list) {
        const stop = plugin.start?.(ctx);
        if (stop) unwatch.push(stop);
      }
      await ensureAlarm().catch(reportError);
      await badge.refreshBadge().catch(() => undefined);
      // A page's Port may have woken this page and asked for the stream already.
      await stream?.update(pagesOpen(hub)).catch(reportError);
    },
    stop() {
      firstPaint.stop();
      clients.stop();
      engine.stop();
      stream?.stop();
      for (const u of unwatch.splice(0)) u();
    },
  };
}
