// The background put together: the client holder, the cache, the market-watch service, the live ports,
// the refresh engine, the badge and the router. Everything it needs to survive a restart is in storage
// or IndexedDB, so creating it again from the same storage resumes where the last one stopped.
import type { UseStore } from 'idb-keyval';
import { type Client, HostNotGrantedError } from '../api';
import { createGuard } from '../api/guard';
import { streamLogin } from '../api/stream-login';
import { cacheStore } from '../cache/stores';
import { CacheWriterImpl } from '../cache/writer';
import { accountTypeOf } from '../dealing/account-type';
import { RefreshEngine } from '../engine/refresh-engine';
import { HistoryChangeWatch, markingHistory } from '../history/changes';
import { HISTORY_ACCOUNT_KEY, historyChangedKey } from '../history/keys';
import type { CacheStoreName, ErrorView, Reply, StatusView } from '../messages/contract';
import type { BudgetView, MarketQuote } from '../model';
import { popupLastQuery } from '../popup/last-query';
import { firstPaintSnapshot, forgetKeptScreens, registry } from '../settings/registry';
import type { StreamLink } from '../stream/link';
import { StreamUnavailable } from '../stream/unavailable';
import type { VaultOptions } from '../vault/crypto';
import { type AccountState, accountState } from './account-state';
import { type ActionApi, applyBadge, badgeFor } from './badge';
import { ClientHolder, type ClientHolderOptions } from './client-holder';
import { toErrorView } from './error-view';
import { SignedOutError } from './errors';
import { createFirstPaintKeeper } from './first-paint-keeper';
import type { HandlerContext, Handlers } from './handlers';
import { igMarketData } from './ig-market-data';
import { LiveHub } from './live-hub';
import { LiveStream, type StreamView } from './live-stream';
import type { MarketData } from './market-data';
import { MarketWatch } from './market-watch';
import { MAX_PAUSE_MS } from './outage';
import { type BackgroundPlugin, plugins as defaultPlugins, mergeHandlers } from './plugins';
import { vaultReader, vaultView } from './remembered';
import { createRouter, isOwnPage, type Sender } from './router';
import { heldSecrets } from './secrets';
import { accountsOf, buildStatus } from './status';
import { withFallback } from './unavailable';

export const REFRESH_ALARM = 'marketside-refresh';

export interface AlarmsApi {
  get(name: string): Promise<{ periodInMinutes?: number } | undefined>;
  create(name: string, info: { periodInMinutes: number; delayInMinutes?: number }): void | Promise<void>;
}

export interface BackgroundOptions {
  extensionId: string;
  /** runtime.getURL('/') */
  extensionOrigin: string;
  action?: ActionApi;
  alarms?: AlarmsApi;
  now?: () => number;
  client?: ClientHolderOptions;
  /** Opens the cache's stores (tests and benchmarks isolate theirs). */
  openStore?: (store: CacheStoreName) => UseStore;
  plugins?: BackgroundPlugin[];
  /** Vault parameters (tests inject a low PBKDF2 iteration count; production uses the default). */
  vault?: VaultOptions;
  /** Turns the market-data port for a client into something else (tests count or slow requests). */
  wrapData?: (data: MarketData) => MarketData;
  /** Timers of the refresh loop and the stream (tests run them on the simulated clock). */
  timers?: { setTimer(fn: () => void, ms: number): unknown; clearTimer(handle: unknown): void };
  /** Live prices: where the stream runs. Without it, prices are polled. */
  stream?: {
    createLink(): Promise<StreamLink>;
    /** Chrome keeps streaming with no page open; Firefox's event page would stop, so it polls then. */
    withoutPages: boolean;
  };
}

export interface Background {
  ctx: HandlerContext;
  markets: MarketWatch;
  engine: RefreshEngine;
  hub: LiveHub;
  stream: LiveStream | null;
  cache: CacheWriterImpl;
  clients: ClientHolder;
  route(message: unknown, sender: Sender): Promise<Reply<unknown>> | undefined;
  onAlarm(name: string): Promise<void>;
  /** Watch the settings, set the alarm, paint the badge; call once when the worker starts. */
  start(): Promise<void>;
  stop(): void;
}

const SILENT_KINDS = new Set<ErrorView['kind']>([
  'validation',
  'not-found',
  'bad-request',
  'permit-required',
  'locked',
]);

export function createBackground(options: BackgroundOptions): Background {
  const now = options.now ?? Date.now;
  const list = options.plugins ?? defaultPlugins;
  const clients = new ClientHolder({ now, ...options.client });
  const guard = createGuard({ now });
  const origin = options.extensionOrigin.endsWith('/') ? options.extensionOrigin : `${options.extensionOrigin}/`;
  const ownPage = (sender: Sender | undefined) =>
    !!sender && isOwnPage(sender, { extensionId: options.extensionId, extensionOrigin: origin });

  let lastError: ErrorView | null = null;
  let lastState: StatusView['state'] | null = null;
  const dataByClient = new WeakMap<Client, MarketData>();

  const hub = new LiveHub({
    isOwnPage: ownPage,
    status: () => status(),
    onWatchChange: (union) => {
      engine.watchChanged(union);
      void stream?.update(pagesOpen()).catch(reportError);
    },
  });
  // Chrome streams for any open page (and with none); Firefox for the pages that ask, which keep its
  // event page awake while they are open.
  const pagesOpen = () => (options.stream?.withoutPages ? hub.connected : hub.streaming) > 0;
  const firstPaint = createFirstPaintKeeper({
    open: options.openStore ?? cacheStore,
    inputs: async () => {
      const [recent, prefs, lastQuery] = await Promise.all([
        registry.recentLookups.getValue(),
        registry.prefs.getValue(),
        popupLastQuery.getValue(),
      ]);
      return { recentEpics: recent.map((r) => r.epic), selectedWatchlistId: prefs.selectedWatchlistId, lastQuery };
    },
    write: (snapshot) => firstPaintSnapshot.setValue(snapshot),
  });
  const cache = new CacheWriterImpl({
    now,
    open: options.openStore,
    onChange: (s, k) => {
      if (s === 'snapshots') stream?.cacheChanged(k);
      hub.announce(s, k);
      firstPaint.cacheChanged(s, k);
    },
  });

  const accountId = async () => (await clients.signedIn()).info.accountId;
  const data = async (): Promise<MarketData> => {
    const client = await clients.get();
    let port = dataByClient.get(client);
    if (!port) {
      port = igMarketData(client, guard, accountId, now);
      if (options.wrapData) port = options.wrapData(port);
      dataByClient.set(client, port);
    }
    return port;
  };

  const recordError = (view: ErrorView | null) => {
    if (view && SILENT_KINDS.has(view.kind)) return;
    const changed = view?.kind !== lastError?.kind;
    lastError = view;
    if (changed) void statusChanged().catch(() => undefined);
  };
  const reportError = (err: unknown) => recordError(err === null ? null : toErrorView(err));

  const streamed = () => stream?.streamed() ?? new Set<string>();
  const markets = new MarketWatch({ data, cache, now, revalidationFailed: reportError, streamed });

  async function status(): Promise<StatusView> {
    const conn = await registry.connection.getValue();
    const settingsPresent = (await clients
      .get()
      .then(() => true)
      .catch(() => false)) as boolean;
    const [permits, sessionPermits, lock, pinned, info, vault] = await Promise.all([
      registry.permits.getValue(),
      registry.sessionPermits.getValue(),
      registry.reconciliationLock.getValue(),
      registry.pinnedEpic.getValue(),
      clients.sessionInfo(),
      vaultView(),
    ]);
    return buildStatus({
      configured: settingsPresent,
      signingIn: false,
      environment: settingsPresent ? conn.environment : null,
      info,
      permits: [...permits, ...sessionPermits],
      lock,
      budget: clients.peek()?.budget.state() ?? null,
      throttled: engine.throttle,
      pinnedEpic: pinned,
      lastError,
      vault,
      now: now(),
      stream: stream
        ? { ...withOutage(stream.state, clients.outage.reason()), savedPerMinute: await savedPerMinute() }
        : undefined,
    });
  }

  /** Price requests a minute polling would spend on what the stream carries now. */
  async function savedPerMinute(): Promise<number> {
    const n = streamed().size;
    if (n === 0) return 0;
    const prefs = await registry.prefs.getValue();
    const every = hub.connected > 0 ? prefs.priceRefreshSec : Math.max(1, prefs.backgroundRefreshMin) * 60;
    return Math.round((Math.ceil(n / 50) * 60) / every);
  }

  async function statusChanged(): Promise<void> {
    const s = await status();
    lastState = s.state;
    hub.broadcast({ kind: 'status', status: s });
  }

  async function showPinned(quote: MarketQuote | null) {
    if (options.action) await applyBadge(options.action, badgeFor(quote));
  }

  async function refreshBadge(): Promise<void> {
    const epic = await registry.pinnedEpic.getValue();
    if (!epic) return showPinned(null);
    const cached = await markets.quoteSource.peek([epic]);
    const quote = await markets
      .quotes([epic])
      .then((q) => q[0]?.value ?? null)
      .catch(() => cached.get(epic) ?? null);
    await showPinned(quote);
  }

  const engine: RefreshEngine = new RefreshEngine({
    markets,
    prefs: () => registry.prefs.getValue(),
    budget: () => clients.peek()?.budget.state() ?? null,
    pinnedEpic: () => registry.pinnedEpic.getValue(),
    showPinned,
    throttleChanged: (_t: BudgetView['throttled']) => void statusChanged().catch(() => undefined),
    reportError,
    hooks: list.flatMap((p) => (p.hooks ? [p.hooks] : [])),
    streamed,
    restingUntil: () => clients.outage.restingUntil(),
    now,
    ...options.timers,
  });

  // What the stream keeps of the account is made with its first TRADE or ACCOUNT update or a page's look.
  let accountAsked = false;
  const activeAccount = () => clients.peek()?.sessionInfo()?.accountId ?? null;
  // A stream still on the account the user switched away from keeps nothing of the new one current.
  const liveOnActive = () =>
    stream?.state.mode === 'live' && stream.account !== null && stream.account === activeAccount();
  let held: AccountState | null = null;
  const makeAccount = () =>
    accountState(
      {
        live: liveOnActive,
        activeAccount,
        // A market new to the cache (a deal made elsewhere) is looked up once, for its name and prices.
        quote: async (epic) =>
          (await markets.quoteSource.peek([epic])).get(epic) ??
          (await markets.quotes([epic]).catch(() => []))[0]?.value,
        accountType: () => accountTypeOf(clients.peek()?.sessionInfo()),
        contractSize: async (epic) => (await markets.quoteSource.peekFacts(epic))?.contractSize ?? null,
        changed: (what) => hub.broadcast({ kind: 'account', what }),
      },
      {
        live: liveOnActive,
        accountId: async () => (await clients.signedIn()).info.accountId,
        activeAccount,
        client: async () => (await clients.signedIn()).client,
        changed: (funds) => hub.broadcast({ kind: 'funds', funds }),
        now,
      },
    );
  const account = async () => {
    accountAsked = true;
    held ??= makeAccount();
    return held;
  };
  // The history's change stamps (lib/history/changes.ts), and since when the stream has been live.
  let liveSince: number | null = null;
  const stampHistory = (accountId: string) =>
    cache.put('account-history', historyChangedKey(accountId), now(), now()).catch(reportError);
  const historyWatch = new HistoryChangeWatch((accountId) => void stampHistory(accountId));
  // Updates wait for the same load, so they apply in the order they came.
  const withAccount = (act: (a: AccountState) => unknown) => void account().then(act).catch(reportError);

  const stream: LiveStream | null = options.stream
    ? new LiveStream({
        createLink: options.stream.createLink,
        withoutPages: options.stream.withoutPages,
        credentials: async (relogin) => {
          // While the service fails (IG's weekend maintenance) the stream asks nothing: the refresh loop's
          // backed-off tries find when it is back, and the stream starts again then (below).
          const outage = clients.outage;
          if (outage.failing) throw new StreamUnavailable(outage.reason() ?? '', false, MAX_PAUSE_MS);
          // Signed out stops quietly; a host the user did not grant is said plainly where the stream's state is shown.
          const plain = (err: unknown): never => {
            if (err instanceof SignedOutError) throw new StreamUnavailable('Signed out', true);
            throw err instanceof HostNotGrantedError ? new StreamUnavailable(err.message) : err;
          };
          const { client } = await clients.signedIn().catch(plain);
          const login = await streamLogin(client, relogin).catch(plain);
          if (!login) throw new StreamUnavailable('This account has no streaming endpoint');
          return { endpoint: login.endpoint, user: login.accountId, password: login.password };
        },
        cache,
        targets: () => engine.targets(hub.union()),
        afterStreamed: (quotes) => engine.afterRefresh(quotes, []),
        announceQuotes: (quotes) => hub.announceQuotes(quotes),
        onTrade: (item, changed) => {
          historyWatch.trade(item, changed);
          withAccount((a) => a.live.trade(item, changed));
        },
        charts: () => hub.charts(),
        onBar: (message) => hub.toCharts(message),
        onAccount: (item, changed) => {
          historyWatch.account(item, changed);
          withAccount((a) => a.funds.streamed(item, changed));
        },
        stateChanged: (view) => {
          if (view.mode === 'live') liveSince ??= now();
          else {
            liveSince = null;
            historyWatch.reset();
          }
          // Nothing is held before the account part was asked for.
          if (view.mode !== 'live' && accountAsked)
            withAccount((a) => {
              a.live.forget();
              a.funds.stopped();
            });
          void statusChanged().catch(() => undefined);
        },
        now,
        ...options.timers,
      })
    : null;
  clients.outage.onChange(() => {
    void statusChanged().catch(() => undefined);
    if (clients.outage.failing) return;
    stream?.stop();
    void stream?.update().catch(reportError);
  });

  /**
   * The session moved to another account (PUT /session): what was kept of the old one is dropped, the pages
   * learn the new account, then the stream starts again on it; the old connection's updates go nowhere.
   */
  async function accountSwitched(): Promise<void> {
    // Pages read the cached history of the account this names: no longer the signed-in one.
    void cache.remove('account-history', [HISTORY_ACCOUNT_KEY]).catch(reportError);
    await forgetKeptScreens().catch(reportError);
    if (accountAsked)
      withAccount((a) => {
        a.live.forget();
        a.funds.forget();
      });
    await statusChanged();
    stream?.stop();
    await stream?.update().catch(reportError);
  }
  // A login found the chosen account gone: the session stays on IG's current one, said plainly, as a switch.
  clients.onChosenAccountGone(async (chosen, current) => {
    lastError = {
      kind: 'not-found',
      message: `The account ${chosen} you chose is no longer on this login: showing IG's current account, ${current}.`,
    };
    await accountSwitched();
  });

  const ctx: HandlerContext = {
    markets,
    getClient: async () => (await clients.signedIn()).client,
    clients,
    guard: () => guard,
    session: {
      status,
      account: async () => {
        const { info } = await clients.signedIn();
        const accounts = accountsOf(info);
        return (
          accounts.find((a) => a.accountId === info.accountId) ?? {
            accountId: info.accountId,
            accountName: info.accountId,
            accountType: '',
            preferred: false,
          }
        );
      },
      lockStore: clients.lockStore,
    },
    lockStore: clients.lockStore,
    cache,
    announce: (store, keys) => hub.announce(store, keys),
    statusChanged,
    refreshBadge,
    reportError,
    registry,
    vault: vaultReader,
    vaultOptions: options.vault,
    now,
    account,
    accountSwitched,
    historyLiveSince: () => (liveOnActive() ? liveSince : null),
  };

  // The account the handler dealt on, as the history handlers name it.
  const handlers: Handlers = markingHistory(withFallback(mergeHandlers(list)), async (c: HandlerContext) => {
    await stampHistory((await c.session.account()).accountId);
  });
  const router = createRouter({
    extensionId: options.extensionId,
    extensionOrigin: origin,
    handlers,
    secrets: () => heldSecrets(registry),
  });

  const unwatch: (() => void)[] = [];

  return {
    ctx,
    markets,
    engine,
    hub,
    stream,
    cache,
    clients,
    route(message, sender) {
      const reply = router(message, sender, ctx)?.catch(
        (err: unknown): Reply<unknown> => ({ ok: false, error: toErrorView(err) }),
      );
      return reply?.then((r) => {
        // A success after a connection problem clears it; the pages see the change in the status.
        if (r.ok && lastError && (lastError.kind === 'offline' || lastError.kind === 'timeout')) recordError(null);
        else if (!r.ok) recordError(r.error);
        if (clients.peek()?.sessionInfo() && lastState !== 'signed-in') void statusChanged().catch(() => undefined);
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
          void refreshBadge().catch(() => undefined);
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
        // What the pages' first screens show follows the lookups, the chosen list and the last search.
        registry.recentLookups.watch(firstPaint.schedule),
        registry.prefs.watch(firstPaint.schedule),
        popupLastQuery.watch(firstPaint.schedule),
      );
      firstPaint.schedule();
      for (const plugin of list) {
        const stop = plugin.start?.(ctx);
        if (stop) unwatch.push(stop);
      }
      await ensureAlarm().catch(reportError);
      await refreshBadge().catch(() => undefined);
      // A page's Port may have woken this page and asked for the stream already.
      await stream?.update(pagesOpen()).catch(reportError);
    },
    stop() {
      firstPaint.stop();
      clients.stop();
      engine.stop();
      stream?.stop();
      for (const u of unwatch.splice(0)) u();
    },
  };

  async function ensureAlarm() {
    if (!options.alarms) return;
    const prefs = await registry.prefs.getValue();
    const period = Math.max(1, prefs.backgroundRefreshMin);
    const existing = await options.alarms.get(REFRESH_ALARM);
    if (existing?.periodInMinutes !== period) {
      await options.alarms.create(REFRESH_ALARM, { periodInMinutes: period, delayInMinutes: 1 });
    }
  }
}

/** While the service fails, a stream that is not live is Delayed, for the reason the user can act on (none). */
function withOutage(view: StreamView, reason: string | null): StreamView {
  if (!reason || view.mode === 'live' || view.mode === 'off') return view;
  return { mode: 'polling', reason };
}
