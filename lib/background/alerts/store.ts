// The alert rules in storage.local (the registry's `alerts` item): they survive restarts and updates.
// Every change is a read-modify-write run one at a time, so a check that fires an alert and a page
// deleting it at the same moment cannot overwrite each other.
import type { AlertRule } from '../../model';
import { alerts } from '../../settings/registry';

let queue: Promise<unknown> = Promise.resolve();

export function readAlerts(): Promise<AlertRule[]> {
  return alerts.getValue();
}

/** Runs `change` on the current rules and stores what it returns; resolves with `change`'s result. */
export function updateAlerts<R>(change: (rules: AlertRule[]) => { rules: AlertRule[]; result: R }): Promise<R> {
  const run = queue.then(async () => {
    const current = await alerts.getValue();
    const { rules, result } = change(current);
    if (rules !== current) await alerts.setValue(rules);
    return result;
  });
  queue = run.catch(() => undefined);
  return run;
}
