// Alerts and watchlist files in the background. Wiring (entrypoints/background.ts and the handler table):
// - merge `alertHandlers` into the handler table;
// - call `registerAlertNotifications()` synchronously at worker start;
// - the refresh engine runs `alertHooks`: it adds the alerts' markets to what it fetches (so alert epics
//   ride in the same ≤50-epic batches) and hands what it fetched to the check.
// Rules, files and the check are parts that load when first needed (lazy-part.ts).
import type { EngineHooks } from '../../engine/hooks';
import { listAlerts } from '../../settings/registry';
import type { HandlerContext, Handlers } from '../handlers';
import { lazyHandlers, lazyPart } from '../lazy-part';

export {
  type AlertNotifier,
  browserNotifier,
  epicOfNotification,
  notificationId,
  onAlertNotificationClicked,
  registerAlertNotifications,
} from './notify';

const rules = lazyPart('alert rules', () => import('./handlers'));
const files = lazyPart('watchlist files', () => import('./watchlist-io'));
const checks = lazyPart('alert checks', () => import('./check'));
const listRules = lazyPart('list alert rules', () => import('./list-handlers'));
const listChecks = lazyPart('list alert checks', () => import('./list-check'));

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
  ...lazyHandlers(
    ['alerts.list', 'alerts.create', 'alerts.delete', 'alerts.rearm'],
    async () => (await rules()).alertRuleHandlers,
  ),
  ...lazyHandlers(
    ['listAlerts.list', 'listAlerts.save', 'listAlerts.delete'],
    async () => (await listRules()).listAlertHandlers,
  ),
  ...lazyHandlers(['watchlists.import', 'watchlists.export'], async () => (await files()).watchlistFileHandlers),
};

export const alertHooks: EngineHooks = {
  extraTargets: async () => {
    const single = await (await checks()).alertTargets();
    if (!lists || !(await hasListAlerts())) return single;
    const listed = await (await listChecks()).listAlertTargets(lists);
    return { epics: [...new Set([...single.epics, ...listed.epics])], marketIds: single.marketIds };
  },
  afterRefresh: async ({ quotes, sentiment, now, marketIds }) => {
    await (await checks()).checkAlerts({ quotes, sentiment, now });
    if (await hasListAlerts()) await (await listChecks()).checkListAlerts({ quotes, sentiment, now, marketIds });
  },
};
