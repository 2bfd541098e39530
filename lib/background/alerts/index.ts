// Alerts and watchlist files in the background. Wiring (entrypoints/background.ts and the handler table):
// - merge `alertHandlers` into the handler table (rules and files load when their first message comes);
// - call `registerAlertNotifications()` synchronously at worker start;
// - the refresh engine adds `alertTargets()` to what it fetches on each alarm and passes what it fetched to
//   `checkAlerts({ quotes, sentiment })`; `runAlertCheck(markets)` does both in one call.
import type { Handlers } from '../handlers';
import { lazyHandlers, lazyPart } from '../lazy-part';

export { alertTargets, type CheckInput, checkAlerts, MAX_READING_AGE_MS, runAlertCheck } from './check';
export {
  type AlertNotifier,
  browserNotifier,
  epicOfNotification,
  notificationId,
  onAlertNotificationClicked,
  registerAlertNotifications,
} from './notify';
export { readAlerts, updateAlerts } from './store';

const rules = lazyPart('alert rules', () => import('./handlers'));
const files = lazyPart('watchlist files', () => import('./watchlist-io'));

export const alertHandlers: Partial<Handlers> = {
  ...lazyHandlers(
    ['alerts.list', 'alerts.create', 'alerts.delete', 'alerts.rearm'],
    async () => (await rules()).alertRuleHandlers,
  ),
  ...lazyHandlers(['watchlists.import', 'watchlists.export'], async () => (await files()).watchlistFileHandlers),
};
