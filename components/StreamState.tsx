// How live prices are arriving: Live, Reconnecting…, or Delayed (polling) with why. Nothing while
// there is nothing to stream.
import type { StreamView } from '../lib/messages/contract';

const LABEL: Record<StreamView['mode'], string> = {
  off: '',
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  polling: 'Delayed (polling)',
};

export function StreamState({ stream }: { stream: StreamView | undefined }) {
  if (!stream || stream.mode === 'off') return null;
  const label = LABEL[stream.mode];
  return (
    <span
      class={`stream-state stream-state--${stream.mode}`}
      data-testid="stream-state"
      data-unkept
      data-mode={stream.mode}
      aria-live="polite"
      title={stream.reason ?? undefined}
    >
      {label}
      {stream.mode === 'polling' && stream.reason && <span class="stream-state__why">: {stream.reason}</span>}
    </span>
  );
}
