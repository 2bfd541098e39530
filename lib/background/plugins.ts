// The parts that answer messages and join the refresh. A part exports its handlers (a Partial<Handlers>)
// and, when it watches markets, engine hooks; it is plugged in here with one line.
import type { EngineHooks } from '../engine/hooks';
import { accountHistoryHandlers } from './account-history';
import { alertHandlers, alertHooks, startListAlerts } from './alerts';
import { accountHandlers } from './core-handlers/account';
import { connectionHandlers } from './core-handlers/connection';
import { marketHandlers } from './core-handlers/markets';
import { settingsHandlers } from './core-handlers/settings';
import { watchlistHandlers } from './core-handlers/watchlists';
import { dealingPlugin, startDealing } from './dealing';
import type { HandlerContext, Handlers } from './handlers';

export interface BackgroundPlugin {
  name: string;
  handlers?: Partial<Handlers>;
  hooks?: EngineHooks;
  /** Run when the worker starts (after the settings are watched); returns how to stop. */
  start?: (ctx: HandlerContext) => (() => void) | undefined;
}

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
