// Alerts and watchlist files in the background. Wiring (entrypoints/background.ts and the handler table):
// - merge `alertHandlers` into the handler table;
// - call `registerAlertNotifications()` synchronously at worker start;
// - the refresh engine runs `alertHooks`: it adds the alerts' markets to what it fetches (so alert epics
//   ride in the same ≤50-epic batches) and hands what it fetched to the check.
import type { EngineHooks } from '../../engine/hooks';
import { listAlerts } from '../../settings/registry';
import type { HandlerContext, Handlers } from '../handlers';
import { alertTargets, checkAlerts } from './check';
import { alertRuleHandlers } from './handlers';
import { checkListAlerts, listAlertTargets } from './list-check';
import { listAlertHandlers } from './list-handlers';
import { watchlistFileHandlers } from './watchlist-io';

export {
  type AlertNotifier,
  browserNotifier,
  epicOfNotification,
  notificationId,
  onAlertNotificationClicked,
  registerAlertNotifications,
} from './notify';

/** Where list alerts read their lists: the background's market service, set when the worker starts. */
let lists: HandlerContext['markets'] | null = null;

export function startListAlerts(ctx: HandlerContext): undefined {
  lists = ctx.markets;
  return undefined;
}

async function hasListAlerts(): Promise<boolean> {
  return lists !== null && (await listAlerts.getValue()).length > 0;
}

export const alertHandlers: Partial<Handlers> = {
  ...alertRuleHandlers,
  ...listAlertHandlers,
  ...watchlistFileHandlers,
};

export const alertHooks: EngineHooks = {
  extraTargets: async () => {
    const single = await alertTargets();
    if (!lists || !(await hasListAlerts())) return single;
    const listed = await listAlertTargets(lists);
    return { epics: [...new Set([...single.epics, ...listed.epics])], marketIds: single.marketIds };
  },
  afterRefresh: async ({ quotes, sentiment, now, marketIds }) => {
    await checkAlerts({ quotes, sentiment, now });
    if (await hasListAlerts()) await checkListAlerts({ quotes, sentiment, now, marketIds });
  },
};
