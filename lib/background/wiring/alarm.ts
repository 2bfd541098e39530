// The refresh alarm, at the user's background cadence (a minute at least).
import { registry } from '../../settings/registry';
import { type AlarmsApi, REFRESH_ALARM } from './options';

export function alarmKeeper(alarms: AlarmsApi | undefined): () => Promise<void> {
  return async function ensureAlarm() {
    if (!alarms) return;
    const prefs = await registry.prefs.getValue();
    const period = Math.max(1, prefs.backgroundRefreshMin);
    const existing = await alarms.get(REFRESH_ALARM);
    if (existing?.periodInMinutes !== period) {
      await alarms.create(REFRESH_ALARM, { periodInMinutes: period, delayInMinutes: 1 });
    }
  };
}
