// The status (signed in, account, accounts, permits, lock) for the settings page: asked once, then
// kept current by the background's status messages on the live channel.
import { useCallback, useEffect, useState } from 'preact/hooks';
import { type ErrorView, type StatusView, send } from '../../lib/messages/contract';
import type { LiveLink } from '../../lib/sidepanel/live';

export function useStatus(live: LiveLink | null) {
  const [status, setStatus] = useState<StatusView | null>(null);
  const [error, setError] = useState<ErrorView | null>(null);
  const refresh = useCallback(async () => {
    const reply = await send('status.get', {});
    if (reply.ok) {
      setStatus(reply.data);
      setError(null);
    } else setError(reply.error);
  }, []);
  useEffect(() => {
    void refresh();
    if (!live) return;
    return live.subscribe((m) => {
      if (m.kind === 'status') setStatus(m.status);
    });
  }, [live, refresh]);
  return { status, error, refresh };
}
