// Alerts and watchlist files in the background. Wiring (entrypoints/background.ts and the handler table):
// - merge `alertHandlers` into the handler table;
// - call `registerAlertNotifications()` synchronously at worker start;
// - the refresh engine adds `alertTargets()` to what it fetches on each alarm and passes what it fetched to
//   `checkAlerts({ quotes, sentiment })`; `runAlertCheck(markets)` does both in one call.
import type { Handlers } from '../handlers';
import { alertRuleHandlers } from './handlers';
import { watchlistFileHandlers } from './watchlist-io';

export { alertTargets, type CheckInput, checkAlerts, MAX_READING_AGE_MS, runAlertCheck } from './check';
export { MAX_ALERTS } from './handlers';
export {
  type AlertNotifier,
  browserNotifier,
  epicOfNotification,
  notificationId,
  onAlertNotificationClicked,
  registerAlertNotifications,
} from './notify';
export { readAlerts, updateAlerts } from './store';
export { exportWatchlist, importIntoWatchlist, MAX_IMPORT, verifyEpics } from './watchlist-io';

export const alertHandlers: Partial<Handlers> = { ...alertRuleHandlers, ...watchlistFileHandlers };
