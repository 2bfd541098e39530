import { useCallback, useEffect, useState } from 'preact/hooks';
import type { ListAlert } from '../../lib/alerts/list-rules';
import { type ErrorView, send } from '../../lib/messages/contract';
import { listAlerts as listAlertsItem } from '../../lib/settings/registry';
import { settle } from './settle';

/** The stored list alerts, followed as the background changes them (a firing, an edit elsewhere). */
export function useListAlerts() {
  const [all, setAll] = useState<ListAlert[] | null>(null);
  const [error, setError] = useState<ErrorView | null>(null);
  const load = useCallback(async () => {
    const reply = await settle(send('listAlerts.list', {}));
    if (reply.ok) {
      setAll(reply.data);
      setError(null);
    } else setError(reply.error);
  }, []);
  useEffect(() => {
    void load();
    return listAlertsItem.watch((next) => setAll(next ?? []));
  }, [load]);
  return { all, error, setError, load };
}
