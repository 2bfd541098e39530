// What the message handlers see of the background (their context) and the router that runs them.
import type { Guard } from '../../api';
import type { CacheWriterImpl } from '../../cache/writer';
import { markingHistory } from '../../history/changes';
import { extensionStorage } from '../../settings/early-read';
import { registry } from '../../settings/registry';
import type { HandlerContext, Handlers } from '../handlers/table';
import { type BackgroundPlugin, mergeHandlers } from '../plugins';
import { createRouter, type Route } from '../routing/router';
import { heldSecrets, keptSecrets, watchStorage } from '../routing/secrets';
import { withFallback } from '../routing/unavailable';
import type { ClientHolder } from '../session/client-holder';
import { vaultReader } from '../session/remembered';
import { accountsOf } from '../session/status';
import type { MarketWatch } from '../sources/market-watch';
import type { LiveHub } from '../stream/live-hub';
import type { AccountParts } from './account';
import type { BadgeParts } from './badge';
import type { BackgroundOptions } from './options';
import type { StatusParts } from './status';

export interface HandlerNeeds {
  clients: ClientHolder;
  guard: Guard;
  markets: MarketWatch;
  cache: CacheWriterImpl;
  hub: LiveHub;
  status: StatusParts;
  badge: BadgeParts;
  account: AccountParts;
  accountSwitched(): Promise<void>;
  now(): number;
}

export function handlerContext(options: Pick<BackgroundOptions, 'vault'>, needs: HandlerNeeds): HandlerContext {
  const { clients, status, account } = needs;
  return {
    markets: needs.markets,
    getClient: async () => (await clients.signedIn()).client,
    clients,
    guard: () => needs.guard,
    session: {
      status: status.status,
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
    cache: needs.cache,
    announce: (store, keys) => needs.hub.announce(store, keys),
    statusChanged: status.statusChanged,
    refreshBadge: needs.badge.refreshBadge,
    reportError: status.reportError,
    registry,
    vault: vaultReader,
    vaultOptions: options.vault,
    now: needs.now,
    account: account.account,
    accountSwitched: needs.accountSwitched,
    historyLiveSince: account.historyLiveSince,
  };
}

/**
 * The router over every plugin's handlers; a handler that deals stamps the history of the account it dealt on.
 * `stop` ends the watch that keeps the held secrets current (routing/secrets.ts).
 */
export function handlerRouter(
  config: { extensionId: string; extensionOrigin: string; plugins: BackgroundPlugin[] },
  account: AccountParts,
): { route: Route; stop(): void } {
  const handlers: Handlers = markingHistory(withFallback(mergeHandlers(config.plugins)), async (c: HandlerContext) => {
    await account.stampHistory((await c.session.account()).accountId);
  });
  const held = keptSecrets(
    () => heldSecrets(registry),
    (changed) => watchStorage(extensionStorage(), changed),
  );
  const route = createRouter({
    extensionId: config.extensionId,
    extensionOrigin: config.extensionOrigin,
    handlers,
    secrets: held.secrets,
  });
  return { route, stop: held.stop };
}
