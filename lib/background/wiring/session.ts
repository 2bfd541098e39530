// The session's parts: the one client holder, the permit guard, and the market-data port of the current client.
import type { Client, Guard } from '../../api';
import { createGuard } from '../../api/guard';
import { ClientHolder } from '../session/client-holder';
import { igMarketData } from '../sources/ig-market-data';
import type { MarketData } from '../sources/market-data';
import type { BackgroundOptions } from './options';

export interface SessionParts {
  clients: ClientHolder;
  guard: Guard;
  /** The market-data port of the current client (one per client). */
  data(): Promise<MarketData>;
}

export function sessionParts(options: Pick<BackgroundOptions, 'client' | 'wrapData'>, now: () => number): SessionParts {
  const clients = new ClientHolder({ now, ...options.client });
  const guard = createGuard({ now });
  const dataByClient = new WeakMap<Client, MarketData>();
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
  return { clients, guard, data };
}
