// Alerts and watchlist files in the background. Wiring (entrypoints/background.ts and the handler table):
// - merge `alertHandlers` into the handler table;
// - call `registerAlertNotifications()` synchronously at worker start;
// - the refresh engine runs `alertHooks`: it adds the alerts' markets to what it fetches (so alert epics
//   ride in the same ≤50-epic batches) and hands what it fetched to the check.
import type { EngineHooks } from '../../engine/hooks';
import type { Handlers } from '../handlers';
import { alertTargets, checkAlerts } from './check';
import { alertRuleHandlers } from './handlers';
import { watchlistFileHandlers } from './watchlist-io';

export {
  type AlertNotifier,
  browserNotifier,
  epicOfNotification,
  notificationId,
  onAlertNotificationClicked,
  registerAlertNotifications,
} from './notify';

export const alertHandlers: Partial<Handlers> = { ...alertRuleHandlers, ...watchlistFileHandlers };

export const alertHooks: EngineHooks = {
  extraTargets: () => alertTargets(),
  afterRefresh: async ({ quotes, sentiment, now }) => {
    await checkAlerts({ quotes, sentiment, now });
  },
};
