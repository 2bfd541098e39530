// Alerts and watchlist files in the background. Wiring (entrypoints/background.ts and the handler table):
// - merge `alertHandlers` into the handler table;
// - call `registerAlertNotifications()` synchronously at worker start;
// - the refresh engine runs `alertHooks`: it adds the alerts' markets to what it fetches (so alert epics
//   ride in the same ≤50-epic batches) and hands what it fetched to the check.
// Rules, files and the check are parts that load when first needed (lazy-part.ts).
import type { EngineHooks } from '../../engine/hooks';
import type { Handlers } from '../handlers/table';
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

export const alertHandlers: Partial<Handlers> = {
  ...lazyHandlers(
    ['alerts.list', 'alerts.create', 'alerts.delete', 'alerts.rearm'],
    async () => (await rules()).alertRuleHandlers,
  ),
  ...lazyHandlers(['watchlists.import', 'watchlists.export'], async () => (await files()).watchlistFileHandlers),
};

export const alertHooks: EngineHooks = {
  extraTargets: async () => (await checks()).alertTargets(),
  afterRefresh: async ({ quotes, sentiment, now }) => {
    await (await checks()).checkAlerts({ quotes, sentiment, now });
  },
};
