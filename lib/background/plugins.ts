import { accountHistoryHandlers } from './account/account-history';
import { alertHandlers, alertHooks, startListAlerts } from './alerts';
import { dealingPlugin, startDealing } from './dealing';
import { accountHandlers } from './handlers/account';
import { connectionHandlers } from './handlers/connection';
import { marketHandlers } from './handlers/markets';
import { settingsHandlers } from './handlers/settings';
import type { BackgroundPlugin, Handlers } from './handlers/table';
import { watchlistHandlers } from './handlers/watchlists';

export type { BackgroundPlugin } from './handlers/table';

export const corePlugin: BackgroundPlugin = {
  name: 'core',
  handlers: {
    ...connectionHandlers,
    ...accountHandlers,
    ...accountHistoryHandlers,
    ...marketHandlers,
    ...watchlistHandlers,
    ...settingsHandlers,
  },
};

export const alertsPlugin: BackgroundPlugin = {
  name: 'alerts',
  handlers: alertHandlers,
  hooks: alertHooks,
  start: startListAlerts,
};

export const plugins: BackgroundPlugin[] = [corePlugin, alertsPlugin, { ...dealingPlugin, start: startDealing }];

/** Every plugin's handlers in one table; a name claimed twice is a wiring mistake. */
export function mergeHandlers(list: BackgroundPlugin[]): Partial<Handlers> {
  const table: Partial<Handlers> = {};
  for (const plugin of list) {
    for (const [name, handler] of Object.entries(plugin.handlers ?? {})) {
      if (name in table) throw new Error(`Message ${name} is handled by two parts (the second is ${plugin.name})`);
      (table as Record<string, unknown>)[name] = handler;
    }
  }
  return table;
}
